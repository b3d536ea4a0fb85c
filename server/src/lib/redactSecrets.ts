const redacted = '[redacted]';

/**
 * `value` (a text, or an object or array of texts, such as recorded exchanges) with every secret replaced by
 * '[redacted]', in each form it may appear in a text: as is, inside a JSON string, URL-encoded,
 * form-encoded. The backstop before an answer that shows requests (Test connection, the preview) leaves.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const forms = [
    ...new Set(
      secrets
        .filter((secret) => secret.length >= 4)
        .flatMap((secret) => [
          secret,
          JSON.stringify(secret).slice(1, -1),
          encodeURIComponent(secret),
          new URLSearchParams({ s: secret }).toString().slice(2),
        ]),
    ),
  ];
  const redact = (inner: unknown): unknown => {
    if (typeof inner === 'string') return forms.reduce((text, form) => text.split(form).join(redacted), inner);
    if (Array.isArray(inner)) return inner.map(redact);
    if (inner && typeof inner === 'object')
      return Object.fromEntries(Object.entries(inner).map(([name, v]) => [name, redact(v)]));
    return inner;
  };
  return redact(value) as T;
}
