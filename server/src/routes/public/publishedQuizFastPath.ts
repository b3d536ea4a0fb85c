import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { AppContext, AppState, Services } from '../../context.ts';
import { readyBytesOf, sendReadyBytes } from '../../lib/readyBytes.ts';
import { setPublicCorsHeaders } from '../../middlewares/publicCors.ts';
import { beginRequest } from '../../middlewares/requestContext.ts';
import { setSecurityHeaders } from '../../middlewares/securityHeaders.ts';

/** A published quiz's plain address: no preview, no other query (those go the API route's way). */
const quizAddress = /^\/api\/v1\/public\/quizzes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * `GET /api/v1/public/quizzes/{id}` for a published quiz, answered before Koa's middleware and router:
 * every view of every embedded quiz asks it, and the answer is ready bytes in memory (lib/readyBytes.ts),
 * so the framework around it was most of its cost (a third of a bare `node:http` server's rate; issue 17).
 * It does what the API route does, with the same parts: the request id and access line, the security and
 * CORS headers, both rate limits, the view count, the ETag's 304 and the encoding the client accepts.
 * Anything else takes the usual way (`app`): another address or method, a query, a quiz that is not
 * published, a client over its limit (the route answers the 429) and any error.
 */
export function withPublishedQuizFastPath(app: Koa<AppState>, services: Services): RequestListener {
  const slow = app.callback();
  const { limiters, quizCache, stats, logger } = services;

  async function answer(request: IncomingMessage, response: ServerResponse, quizId: string): Promise<void> {
    // A Koa context without the middleware: Koa's own client address, header access and negotiation.
    const ctx = app.createContext(request, response) as unknown as AppContext;
    const quiz = await quizCache.get(quizId);
    if (!quiz) return slow(request, response);
    try {
      await limiters.publicByIp.hit(ctx.ip);
      await limiters.publicByQuiz.hit(quizId.toLowerCase());
    } catch {
      return slow(request, response);
    }
    const finished = beginRequest(ctx, logger);
    setSecurityHeaders(ctx);
    setPublicCorsHeaders(ctx);
    stats.countView(quiz.quiz.id, quiz.accountId);
    sendReadyBytes(
      ctx,
      readyBytesOf(quiz, () => ({ data: quiz.public })),
      'no-cache',
    );
    response.statusCode = ctx.status;
    response.end(ctx.status === 304 ? undefined : (ctx.body as Buffer));
    finished();
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
