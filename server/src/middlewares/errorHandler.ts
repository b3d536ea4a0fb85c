import type { Next } from 'koa';
import { messages } from '@quizlead/shared/validations.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';

interface HttpishError {
  status?: number;
}

const codeFor: Record<number, AppError['code']> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Turns every failure into the JSON error envelope; stack traces stay in the log. */
export const errorHandler = () => async (ctx: AppContext, next: Next) => {
  try {
    await next();
  } catch (caught) {
    const error = toAppError(caught);
    if (error.status >= 500) ctx.state.log.error({ err: caught }, 'unhandled error');
    ctx.status = error.status;
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    ctx.body = { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
  }
};

const clientMessages: Record<number, string> = {
  400: 'Malformed request body',
  413: 'Request body too large',
  415: 'Unsupported content type',
};

/** The codings the body parser inflates (co-body's `inflation`). */
const acceptedEncodings = 'gzip, deflate, br';

/**
 * The body parser's `onError`: what it fails on is the client's bytes. An unknown Content-Encoding is
 * a 415 saying which codings work (RFC 9110 15.5.16); a body that does not inflate as its coding
 * says (zlib's errors carry no HTTP status) is a 400, where it used to be a 500.
 */
export function bodyParserError(caught: Error, ctx: AppContext): never {
  const status = (caught as HttpishError).status;
  if (status === 415 && /content-encoding/i.test(caught.message)) {
    throw new AppError(415, 'unsupported_media_type', messages.request.unsupportedContentEncoding, {
      field: 'Content-Encoding',
      headers: { 'Accept-Encoding': acceptedEncodings },
    });
  }
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (status === undefined && encoding !== '' && encoding !== 'identity') {
    throw new AppError(400, 'validation', messages.request.badContentEncoding, { field: 'Content-Encoding' });
  }
  throw caught;
}

function toAppError(caught: unknown): AppError {
  if (caught instanceof AppError) return caught;
  // Body parsers and Koa itself throw errors carrying a 4xx status; their wording is ours to choose.
  const status = (caught as HttpishError | undefined)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, codeFor[status] ?? 'validation', clientMessages[status] ?? 'Bad request');
  }
  return new AppError(500, 'internal', messages.generic.internal);
}
