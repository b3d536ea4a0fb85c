import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { AppState, Services } from '../../context.ts';
import { readyAnswer, readyBytesOf, readyEncodings } from '../../lib/readyBytes.ts';
import { publicCorsHeaderList } from '../../middlewares/publicCors.ts';
import { logRequest, requestIdFor } from '../../middlewares/requestContext.ts';
import { apiSecurityHeaderList, strictTransportSecurity } from '../../middlewares/securityHeaders.ts';

/** A published quiz's plain address: no preview, no other query (those go the API route's way). */
const quizAddress = /^\/api\/v1\/public\/quizzes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** What every answer here carries, as the middleware would set it: flat name, value pairs for writeHead. */
const fixedHeaders = [
  ...apiSecurityHeaderList,
  ...publicCorsHeaderList,
  ['Cache-Control', 'no-cache'],
  ['Vary', 'Accept-Encoding'],
].flat();

/**
 * `GET /api/v1/public/quizzes/{id}` for a published quiz, answered before Koa's middleware and router:
 * every view of every embedded quiz asks it, and the answer is ready bytes in memory (lib/readyBytes.ts),
 * so the framework around it was most of its cost (a third of a bare `node:http` server's rate; issue 17).
 * It does what the API route does, with the same parts: the request id and access line, the security and
 * CORS headers, both rate limits, the view count, the ETag's 304 and the encoding the client accepts,
 * written as one header block. Anything else takes the usual way (`app`): another address or method, a
 * query, a quiz that is not published, a client over its limit (the route answers the 429) and any error.
 */
/** The encoding each Accept-Encoding asks for, negotiated once per distinct header (browsers send a few). */
const negotiated = new Map<string, string | false>();
function acceptedEncoding(request: Koa.Request): string | false {
  const header = request.get('Accept-Encoding');
  let accepted = negotiated.get(header);
  if (accepted === undefined) {
    accepted = request.acceptsEncodings(...readyEncodings);
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(header, accepted);
  }
  return accepted;
}

export function withPublishedQuizFastPath(app: Koa<AppState>, services: Services): RequestListener {
  const slow = app.callback();
  const { limiters, quizCache, stats, logger } = services;

  async function answer(request: IncomingMessage, response: ServerResponse, quizId: string): Promise<void> {
    const started = performance.now();
    // Koa's own request (client address behind the configured proxies, https, negotiation), without a context.
    const ctx = Object.assign(Object.create(app.request) as Koa.Request, { req: request, app });
    const quiz = await quizCache.get(quizId);
    if (!quiz) return slow(request, response);
    try {
      await limiters.publicByIp.hit(ctx.ip);
      await limiters.publicByQuiz.hit(quizId.toLowerCase());
    } catch {
      return slow(request, response);
    }
    stats.countView(quiz.quiz.id, quiz.accountId);
    const ready = readyBytesOf(quiz, () => ({ data: quiz.public }));
    const { status, encoding, body } = readyAnswer(ready, ctx.get('If-None-Match'), acceptedEncoding(ctx));
    const requestId = requestIdFor(ctx.get('x-request-id'));
    const headers = ['X-Request-Id', requestId, ...fixedHeaders, 'ETag', ready.etag];
    if (ctx.secure) headers.push(...strictTransportSecurity);
    if (body) headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length));
    if (encoding) headers.push('Content-Encoding', encoding);
    response.writeHead(status, headers);
    response.end(body ?? undefined);
    logRequest(logger, { requestId, method: 'GET', path: ctx.path, status, started });
  }

  return (request, response) => {
    const quizId = request.method === 'GET' ? quizAddress.exec(request.url ?? '')?.[1] : undefined;
    if (!quizId) return slow(request, response);
    answer(request, response, quizId).catch(() => {
      if (!response.headersSent) slow(request, response);
      else response.destroy();
    });
  };
}
