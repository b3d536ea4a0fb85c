/**
 * The public pages' one way to the API (the player's and the widgets'): JSON in and out, the server's
 * `{data}` envelope answered, its `{error}` thrown as ApiError with the field it names. Same origin as the
 * pages. Types only: the bundles carry no zod. The server words its errors in English; one the built-in
 * catalogue has is shown in the visitor's language.
 */
import { localizeMessage } from '@quizlead/shared/i18n/translate.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

type Envelope<T> = { data?: T; error?: { message?: string; field?: string } };

/**
 * A request function. `unworded` words a failure the server did not word itself (no answer at all, or an
 * answer without an error envelope): the player says 'Server error: …' there, the widgets put that
 * title above every failure instead.
 */
export function publicRequest({ unworded }: { unworded(detail: string): string }) {
  return async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new ApiError(0, unworded(error instanceof Error ? error.message : String(error)));
    }
    const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!response.ok || !payload || payload.data === undefined) {
      const message = payload?.error?.message;
      throw new ApiError(
        response.status,
        message ? localizeMessage(message) : unworded(`${response.status} ${response.statusText}`.trim()),
        payload?.error?.field,
      );
    }
    return payload.data;
  };
}
