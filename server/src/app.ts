import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { productName } from '@quizlead/shared/constants.ts';
import type { AppState, Services } from './context.ts';
import { NotFoundError } from './errors.ts';
import { bodyParserError, errorHandler } from './middlewares/errorHandler.ts';
import { requestContext } from './middlewares/requestContext.ts';
import { publicCors } from './middlewares/publicCors.ts';
import { securityHeaders } from './middlewares/securityHeaders.ts';
import { ApiRouter } from './routes/apiRouter.ts';
import { accountRoutes } from './routes/api/account/account.ts';
import { dashboardRoutes } from './routes/api/dashboard/dashboard.ts';
import { deliveryRoutes } from './routes/api/deliveries/deliveries.ts';
import { tutorialRoutes } from './routes/api/dashboard/tutorials.ts';
import { feedbackRoutes } from './routes/api/feedbacks/feedbacks.ts';
import { fileRoutes } from './routes/api/files/files.ts';
import { pollRoutes } from './routes/api/polls/polls.ts';
import { productRoutes } from './routes/api/products/products.ts';
import { questionRoutes } from './routes/api/quizzes/questions.ts';
import { quizRoutes } from './routes/api/quizzes/quizzes.ts';
import { answerSheetRoutes } from './routes/api/reports/answerSheet.ts';
import { respondentRoutes } from './routes/api/reports/respondents.ts';
import { quizReportRoutes } from './routes/api/reports/quizReport.ts';
import { wheelReportRoutes } from './routes/api/reports/wheelReport.ts';
import { postPurchaseReportRoutes } from './routes/api/reports/postPurchase.ts';
import { sharingRoutes } from './routes/api/sharing/sharing.ts';
import { playRoutes } from './routes/public/plays.ts';
import { publicFeedbackRoutes } from './routes/public/publicFeedbacks.ts';
import { publicPollRoutes } from './routes/public/publicPolls.ts';
import { publicQuizRoutes } from './routes/public/publicQuizzes.ts';
import { publicWheelRoutes } from './routes/public/publicWheels.ts';
import { visitorCountryRoutes } from './routes/public/visitorCountry.ts';
import { templateRoutes } from './routes/api/templates/templates.ts';
import { passwordRoutes } from './routes/api/passwords/passwords.ts';
import { sessionRoutes } from './routes/api/sessions/sessions.ts';
import { signupRoutes } from './routes/api/signups/signups.ts';
import { wheelRoutes } from './routes/api/wheels/wheels.ts';
import { itemLanguageRoutes } from './routes/api/languages/itemLanguages.ts';
import { shopifyAccountRoutes } from './routes/api/shopify/shopifyAccount.ts';
import { postPurchaseSurveyRoutes } from './routes/api/shopify/postPurchaseSurvey.ts';
import { settingsRoutes } from './routes/api/settings/integrations.ts';
import { invitationUnsubscribeRoutes } from './routes/public/invitationUnsubscribe.ts';
import { notificationUnsubscribeRoutes } from './routes/public/notificationUnsubscribe.ts';
import { resultEmailUnsubscribeRoutes } from './routes/public/resultEmailUnsubscribe.ts';
import { shopifyAppProxyRoutes } from './routes/shopify/appProxy.ts';
import { shopifyWebhookRoutes } from './routes/shopify/webhooks/webhookReceiver.ts';
import { shopifyFlowLifecycleRoutes } from './routes/shopify/flowLifecycle.ts';
import { postPurchaseCors, postPurchaseExtensionRoutes } from './routes/shopify/postPurchaseExtension.ts';
import { paypalWebhookRoutes } from './routes/paypal/webhookReceiver.ts';
import { billingRoutes } from './routes/api/billing/billing.ts';
import { invoiceRoutes } from './routes/api/billing/invoices.ts';
import { adminBillingRoutes } from './routes/api/admin/billing.ts';
import { adminAccountRoutes } from './routes/api/admin/accounts.ts';
import { adminUserRoutes } from './routes/api/admin/users.ts';
import { adminTemplateRoutes } from './routes/api/admin/templates.ts';
import { adminDeliveryRoutes } from './routes/api/admin/deliveries.ts';
import { adminContactMessageRoutes } from './routes/api/admin/contactMessages.ts';
import { adminAuditLogRoutes } from './routes/api/admin/auditLog.ts';
import { adminWebVitalRoutes } from './routes/api/admin/webVitals.ts';
import { contactRoutes } from './routes/api/contact/contact.ts';
import { webVitalRoutes } from './routes/api/webVitals/webVitals.ts';
import { affiliateRoutes } from './routes/api/referrals/affiliate.ts';
import { referralRoutes } from './routes/api/referrals/referrals.ts';
import { socialProviderRoutes } from './routes/api/socialSignIn/socialProviders.ts';
import { socialSignInRoutes } from './routes/auth/socialSignIn.ts';
import { teamRoutes } from './routes/api/team/team.ts';
import { versionRoutes } from './routes/version.ts';
import { experimentRoutes } from './routes/api/experiments/experiments.ts';
import { devDemoRoutes } from './routes/devDemo.ts';
import { devMailboxRoutes } from './routes/devMailbox.ts';
import { localOnly } from './middlewares/localOnly.ts';
import { pageRoutes } from './routes/pages.ts';
import { shopifyEmbeddedRoutes } from './routes/shopify/embeddedApp.ts';
import { compressResponses } from './middlewares/compressResponses.ts';

export const apiVersion = '1.0.0';

/** The Koa application: middleware, the REST API, pages. Side-effect free until listened on. */
export function createApp(
  services: Services,
  options: { mailboxDir: string; localKey?: string | undefined; embeddedDist?: string | undefined },
): Koa<AppState> {
  // Behind N proxies the client is the address the outermost one saw: the Nth from the right.
  const hops = services.env.TRUST_PROXY;
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });

  const api = new ApiRouter(services);
  sessionRoutes(api);
  signupRoutes(api);
  passwordRoutes(api);
  accountRoutes(api);
  fileRoutes(api);
  quizRoutes(api);
  questionRoutes(api);
  sharingRoutes(api);
  templateRoutes(api);
  pollRoutes(api);
  feedbackRoutes(api);
  wheelRoutes(api);
  itemLanguageRoutes(api);
  productRoutes(api);
  dashboardRoutes(api);
  tutorialRoutes(api);
  publicQuizRoutes(api);
  playRoutes(api);
  publicPollRoutes(api);
  publicFeedbackRoutes(api);
  publicWheelRoutes(api);
  visitorCountryRoutes(api);
  quizReportRoutes(api);
  wheelReportRoutes(api);
  postPurchaseReportRoutes(api);
  experimentRoutes(api);
  respondentRoutes(api);
  answerSheetRoutes(api);
  shopifyAccountRoutes(api);
  postPurchaseSurveyRoutes(api);
  settingsRoutes(api);
  deliveryRoutes(api);
  billingRoutes(api);
  invoiceRoutes(api);
  adminBillingRoutes(api);
  adminAccountRoutes(api);
  adminUserRoutes(api);
  adminTemplateRoutes(api);
  adminDeliveryRoutes(api);
  adminContactMessageRoutes(api);
  adminAuditLogRoutes(api);
  adminWebVitalRoutes(api);
  contactRoutes(api);
  webVitalRoutes(api);
  referralRoutes(api);
  affiliateRoutes(api);
  socialProviderRoutes(api);
  teamRoutes(api);
  const openapi = api.openapi.document({ title: `${productName} API`, version: apiVersion });
  api.router.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });

  const health = new Router<AppState>();
  health.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  health.get('/readyz', async (ctx) => {
    try {
      await services.database.ping();
      ctx.body = { status: 'ready' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable' };
    }
  });

  // Errors after the response began (a streamed download): a client that leaves mid-way is routine,
  // anything else is logged, not printed to stderr as Koa does by default.
  app.on('error', (error: NodeJS.ErrnoException) => {
    const clientLeft = error.code === 'ECONNRESET' || error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'EPIPE';
    if (clientLeft) services.logger.debug({ err: error }, 'client left before the response ended');
    else services.logger.error({ err: error }, 'response failed after it began');
  });
  app.use(requestContext(services.logger));
  app.use(compressResponses());
  app.use(errorHandler());
  app.use(securityHeaders());
  app.use(publicCors());
  app.use(postPurchaseCors());
  // Shopify and PayPal sign webhooks over what they sent: their routes read the body themselves, before the parser.
  app.use(shopifyWebhookRoutes(services).routes());
  app.use(shopifyFlowLifecycleRoutes(services).routes());
  app.use(paypalWebhookRoutes(services).routes());
  // DELETE too: the admin area's deletions carry a typed confirmation.
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '100kb',
      encoding: 'utf-8',
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      onError: bodyParserError,
    }),
  );
  app.use(health.routes());
  app.use(postPurchaseExtensionRoutes(services).routes());
  app.use(versionRoutes(services).routes());
  app.use(api.router.routes());
  app.use(api.router.allowedMethods());
  app.use(localOnly);
  if (services.env.devMailbox) app.use(devMailboxRoutes(options.mailboxDir).routes());
  if (options.localKey && services.env.NODE_ENV !== 'production') app.use(devDemoRoutes(services, options.localKey).routes());
  app.use(shopifyAppProxyRoutes(services).routes());
  app.use(notificationUnsubscribeRoutes(services).routes());
  app.use(invitationUnsubscribeRoutes(services).routes());
  app.use(resultEmailUnsubscribeRoutes(services).routes());
  app.use(socialSignInRoutes(services).routes());
  app.use(shopifyEmbeddedRoutes(services, { distDir: options.embeddedDist }).routes());
  app.use(pageRoutes(services).routes());
  app.use(async (ctx) => {
    // Nothing matched: the JSON envelope for the API, a plain 404 elsewhere.
    if (ctx.path.startsWith('/api/')) throw NotFoundError();
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not found';
  });
  return app;
}
