import { csrfHeader } from '@quizlead/shared/constants.ts';
import { retryInvalidSessionHeader } from '@quizlead/shared/shopify.ts';
import type { TApiErrorCode } from '@quizlead/shared/schemas/common.ts';
import { messages } from '@quizlead/shared/validations.ts';

/**
 * The one way browser code talks to /api/v1. It speaks the envelopes of docs/api.md:
 * `{data}` on success, `{error:{code,message,field}}` on failure (thrown as ApiError).
 * The standalone shell authenticates with the session cookie plus a CSRF token kept in
 * memory; the embedded app plugs in a bearer-token provider instead (a fresh Shopify session token
 * per call, and one retry when the server asks for it).
 */

/** The server's codes, plus 'network' when no answer came back. */
export type ApiErrorCode = TApiErrorCode | 'network';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly field: string | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Returns the Authorization header value (for example `Bearer …`), or null for none. */
export type AuthHeaderProvider = () => string | null | Promise<string | null>;

let csrfToken: string | null = null;
let authHeaderProvider: AuthHeaderProvider | null = null;
let unauthorizedHandler: ((error: ApiError) => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function setAuthHeaderProvider(provider: AuthHeaderProvider | null): void {
  authHeaderProvider = provider;
}

/**
 * The Authorization header of the moment, for a call made outside `api` (a download): inside Shopify's
 * admin the session token is the only proof of who calls, as there is no cookie.
 */
export async function authorizationHeaders(): Promise<Record<string, string>> {
  const authorization = authHeaderProvider ? await authHeaderProvider() : null;
  return authorization ? { Authorization: authorization } : {};
}

/** Called when a signed-in call answers 401 (session expired); shells redirect to sign-in. */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | null): void {
  unauthorizedHandler = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a file upload), with its own content type. */
  body?: Blob;
  contentType?: string;
  signal?: AbortSignal;
  /** Set false on calls where 401 is an ordinary answer (sign-in, session probe). */
  notifyUnauthorized?: boolean;
  /** The request outlives the page (a report sent as the tab hides or closes). */
  keepalive?: boolean;
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers.set('Content-Type', options.contentType || options.body.type || 'application/octet-stream');
    body = options.body;
  }
  if (method !== 'GET' && csrfToken) headers.set(csrfHeader, csrfToken);

  const init = { method, headers, body, signal: options.signal, keepalive: options.keepalive };
  let response = await send(path, init);
  // App Bridge's protocol: a session token the server found invalid or expired is answered 401 with
  // this header, and the call is made once more with a fresh token.
  if (authHeaderProvider && response.status === 401 && response.headers.get(retryInvalidSessionHeader) === '1') {
    response = await send(path, init);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return (payload as { data: T } | undefined)?.data as T;

  const error = toApiError(response, payload);
  if (error.status === 401 && options.notifyUnauthorized !== false) unauthorizedHandler?.(error);
  throw error;
}

/** One call, with the Authorization header of the moment (a fresh session token each time). */
async function send(
  path: string,
  init: { method: Method; headers: Headers; body: BodyInit | undefined; signal?: AbortSignal; keepalive?: boolean },
) {
  const headers = new Headers(init.headers);
  const authorization = authHeaderProvider ? await authHeaderProvider() : null;
  if (authorization) headers.set('Authorization', authorization);
  try {
    return await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, 'network', messages.generic.serverErrorPrefix + reason);
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  const envelope = (payload as { error?: { code?: unknown; message?: unknown; field?: unknown } } | undefined)?.error;
  if (envelope && typeof envelope.message === 'string') {
    const code = typeof envelope.code === 'string' ? (envelope.code as ApiErrorCode) : 'internal';
    const field = typeof envelope.field === 'string' ? envelope.field : undefined;
    return new ApiError(response.status, code, envelope.message, field);
  }
  const text = `${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, response.status === 401 ? 'unauthorized' : 'internal', text);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, json: json ?? {} }),
  put: <T>(path: string, json: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, json }),
  patch: <T>(path: string, json: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, json }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
  /** POSTs a file's raw bytes with its own Content-Type. */
  upload: <T>(path: string, file: Blob, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body: file, contentType: file.type }),
};

/** The text of a failed call for a notification: network failures already carry the prefix. */
export function errorNotice(error: unknown): string {
  if (error instanceof ApiError) {
    return error.code === 'network' ? error.message : messages.generic.serverErrorPrefix + error.message;
  }
  return messages.generic.serverErrorPrefix + (error instanceof Error ? error.message : String(error));
}

/** The plain message of a failed call, for an inline error area. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
