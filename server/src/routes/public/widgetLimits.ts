import type { EngagementKind } from '@quizlead/shared/engagement.ts';
import type { RateLimiters } from '../../middlewares/rateLimit.ts';
import type { RateLimit } from '../apiRouter.ts';

/**
 * The rate limits every public route of a poll, web response or wheel shares: per visitor address, and
 * per item (`poll:{id}`), so one visitor cannot flood a page and one busy item cannot starve the rest.
 */
export function widgetLimits(limiters: RateLimiters, kind: EngagementKind): RateLimit<unknown>[] {
  return [
    { limiter: limiters.widgetByIp, by: 'ip' },
    { limiter: limiters.widgetByItem, by: (_body, ctx) => `${kind}:${ctx.params.id ?? ''}` },
  ];
}
