import { ZVisitorCountryResponse } from '@quizlead/shared/schemas/visitorCountry.ts';
import { messages } from '@quizlead/shared/validations.ts';
import type { ApiRouter } from '../apiRouter.ts';

/**
 * The visitor's country for an embed's country rule (issue 35; shared/src/embedRules.ts): the embed
 * script asks once a session, and only when every other rule of the embed has let the visitor in.
 * Only the two-letter code leaves: no region, no city, no address.
 */
export function visitorCountryRoutes(api: ApiRouter): void {
  const { limiters } = api.services;
  api.route({
    method: 'get',
    path: '/public/visitor-country',
    summary: "The visitor's country from the server's geolocation (empty when unknown), for embeds' country rules",
    tags: ['public widgets'],
    access: 'public',
    rateLimit: [{ limiter: limiters.widgetByIp, by: 'ip' }],
    responses: { 200: ZVisitorCountryResponse, 429: messages.auth.tooManyRequests },
    handler: async ({ ctx, services }) => {
      const { country } = services.geo.locate(ctx.ip, ctx.headers);
      // Each visitor's own answer: their browser may keep it an hour, no shared cache may.
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.body = { data: { country: /^[A-Z]{2}$/.test(country) ? country : '' } };
    },
  });
}
