import type { TApiErrorCode } from '@quizlead/shared/schemas/common.ts';
import { retryInvalidSessionHeader, shopifyInstallMessages } from '@quizlead/shared/shopify.ts';
import { messages } from '@quizlead/shared/validations.ts';

export type ErrorCode = TApiErrorCode;

/** An error whose message is safe to show the user. Anything else becomes a 500. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

export const ValidationError = (message: string, field?: string) =>
  new AppError(400, 'validation', message, field === undefined ? {} : { field });
export const UnauthorizedError = (message: string = messages.generic.unauthorized) => new AppError(401, 'unauthorized', message);
export const ForbiddenError = (message: string) => new AppError(403, 'forbidden', message);
export const NotFoundError = (message: string = messages.generic.notFound) => new AppError(404, 'not_found', message);
export const RateLimitError = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', messages.auth.tooManyRequests, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
/** A Shopify session token that does not hold: App Bridge fetches a fresh one and retries on this header. */
export const InvalidShopifySessionError = () =>
  new AppError(401, 'unauthorized', shopifyInstallMessages.invalidSession, { headers: { [retryInvalidSessionHeader]: '1' } });
/** Shopify did not answer (token exchange, refresh, Admin API): nothing the caller can fix but retrying. */
export const ShopifyUnavailableError = () => new AppError(503, 'internal', shopifyInstallMessages.shopifyUnavailable);
