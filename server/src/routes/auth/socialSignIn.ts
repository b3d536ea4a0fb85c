import Router from '@koa/router';
import { ZSocialSignInStartQuery } from '@quizlead/shared/schemas/socialSignIn.ts';
import { socialProviders, socialSignInFailedParam, type SocialProvider } from '@quizlead/shared/socialSignIn.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import { sessionCreator } from '../../commands/sessionCreator.ts';
import { socialFlowSpender } from '../../commands/socialFlowSpender.ts';
import { socialUserResolver } from '../../commands/socialUserResolver.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import {
  clearFlowCookie,
  openFlow,
  sealFlow,
  setFlowCookie,
  socialFlowCookie,
  socialFlowLifetimeMs,
} from '../../integrations/social/flowCookie.ts';
import { OidcSignInClient, oidcSignInClients } from '../../integrations/social/oidcClient.ts';

/** Where a failed attempt lands: the sign-in page, which then shows 'Login failed'. */
const failurePath = `/index.html?${socialSignInFailedParam.name}=${socialSignInFailedParam.value}`;
/** Where a signed-in user lands: the dashboard. */
const successPath = '/app/';

/**
 * "Continue with Facebook / Google" (spec: account-player-management.md §6, the spec's fbuser), the
 * authorization code flow with PKCE, state and nonce:
 * - GET /auth/{provider}/start?intent=signin|signup&ref= seals a fresh state, nonce and code verifier
 *   into a ten-minute httpOnly cookie and redirects to the provider;
 * - GET /auth/{provider}/callback spends that cookie (and records its state as spent, so the same
 *   flow never signs in twice, commands/socialFlowSpender.ts), redeems the code (openid-client checks the
 *   state, the nonce and the ID token; the provider checks the verifier), then signs in the linked
 *   user, links a verified email's user, or creates an account (commands/socialUserResolver.ts).
 * Every failure, whatever its cause, lands on the sign-in page with one message; the cause is logged.
 */
export function socialSignInRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  const clients = oidcSignInClients(services.env);
  const { limiters, secrets } = services;

  const clientFor = (ctx: AppContext): OidcSignInClient => {
    const provider = ctx.params.provider as SocialProvider;
    const client = socialProviders.includes(provider) ? clients[provider] : undefined;
    if (!client) throw NotFoundError();
    return client;
  };

  const fail = (ctx: AppContext, provider: SocialProvider, reason: string, error?: unknown) => {
    ctx.state.log.warn({ provider, reason, ...(error ? { err: error } : {}) }, 'social sign-in failed');
    ctx.redirect(failurePath);
  };

  router.get('/auth/:provider/start', async (ctx) => {
    const client = clientFor(ctx);
    ctx.set('Cache-Control', 'no-store');
    const query = ZSocialSignInStartQuery.safeParse(ctx.query);
    if (!query.success) {
      const issue = query.error.issues[0];
      throw ValidationError(issue?.message ?? 'Invalid parameters', issue?.path.join('.'));
    }
    try {
      await limiters.socialStartByIp.hit(ctx.ip);
    } catch (error) {
      return fail(ctx, client.provider.id, 'too many sign-in attempts from this address', error);
    }
    const checks = OidcSignInClient.randomChecks();
    const flow = {
      provider: client.provider.id,
      intent: query.data.intent,
      ...(query.data.ref ? { ref: query.data.ref } : {}),
      ...checks,
      expiresAt: Date.now() + socialFlowLifetimeMs,
    };
    setFlowCookie(ctx, sealFlow(secrets, flow));
    ctx.redirect((await client.authorizationUrl(checks)).href);
  });

  router.get('/auth/:provider/callback', async (ctx) => {
    const client = clientFor(ctx);
    const provider = client.provider.id;
    ctx.set('Cache-Control', 'no-store');
    const sealed = ctx.cookies.get(socialFlowCookie);
    clearFlowCookie(ctx);
    try {
      await limiters.socialCallbackByIp.hit(ctx.ip);
    } catch (error) {
      return fail(ctx, provider, 'too many sign-in attempts from this address', error);
    }
    const flow = openFlow(secrets, sealed);
    if (typeof flow === 'string') return fail(ctx, provider, `the flow cookie is ${flow}`);
    if (flow.provider !== provider) return fail(ctx, provider, `the flow was started for ${flow.provider}`);
    // Before the code is redeemed: clearing the cookie cannot stop a copy of it coming back with a fresh code.
    if (!(await socialFlowSpender(services.database.db, flow))) return fail(ctx, provider, 'the flow was already used');

    let profile;
    try {
      profile = await client.profile(ctx.querystring, flow);
    } catch (error) {
      // The provider's error (access_denied…), a state or nonce mismatch, a refused code or verifier, a bad ID token.
      return fail(ctx, provider, 'the provider did not vouch for anyone', error);
    }

    const { db } = services.database;
    let resolution;
    try {
      resolution = await db.transaction((tx) => socialUserResolver(tx, profile, flow.ref ? { ref: flow.ref } : {}));
    } catch (error) {
      // A race lost on the unique email or identity (two tabs finishing at once): the other one signed in.
      return fail(ctx, provider, 'the user could not be resolved', error);
    }
    if (!resolution.ok) return fail(ctx, provider, resolution.refusal);

    await sessionCreator({ db, ctx, userId: resolution.user.id, accountId: resolution.account.id });
    ctx.state.log.info(
      { provider, userId: resolution.user.id, outcome: resolution.outcome, intent: flow.intent },
      'social sign-in',
    );
    ctx.redirect(successPath);
  });

  return router;
}
