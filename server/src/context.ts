import type { ParameterizedContext } from 'koa';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { FileStorage } from './integrations/storage/fileStorage.ts';
import type { GeoLocator } from './integrations/geo/geoLocator.ts';
import type { PlayStatsRollup } from './commands/playStats.ts';
import type { PublishedQuizCache } from './lib/publishedQuizCache.ts';
import type { PlayableQuiz } from './lib/playableQuiz.ts';
import type { MarketProducts } from './integrations/shopify/storefront/marketProducts.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import type { RateLimiters } from './middlewares/rateLimit.ts';
import type { Secrets } from './lib/secrets.ts';
import type { ShopifyApp } from './integrations/shopify/shopifyApp.ts';
import type { PayPalClient } from './integrations/paypal/paypalClient.ts';

/** Who made the request, once `authenticate` has run. */
export interface Auth {
  accountId: string;
  userId: string;
  /** The user's role in this account (shared/src/permissions.ts). */
  role: AccountRole;
  /** A platform administrator (the admin area); grants nothing inside accounts. */
  platformAdmin: boolean;
  /** Cookie sessions need a CSRF token on mutations; bearer tokens do not. */
  via: 'cookie' | 'bearer';
  sessionId?: string;
  csrfToken?: string;
}

export interface AppState {
  requestId: string;
  log: Logger;
  auth?: Auth;
}

export type AppContext = ParameterizedContext<AppState>;

/** Everything a request handler may use, created once at start. */
export interface Services {
  env: Env & { APP_URL: string };
  logger: Logger;
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  limiters: RateLimiters;
  storage: FileStorage;
  geo: GeoLocator;
  /** Published quizzes for the player, dropped on every owner change. */
  quizCache: PublishedQuizCache<PlayableQuiz>;
  stats: PlayStatsRollup;
  /** Recommended products in the shopper's market and language (Storefront API), per shop and market. */
  marketProducts: MarketProducts;
  /** Seals secrets at rest (lib/secrets.ts). */
  secrets: Secrets;
  /** The Shopify library configured for this app; undefined without SHOPIFY_API_KEY/SECRET. */
  shopify: ShopifyApp | undefined;
  /** PayPal for standalone plan payments; undefined without PAYPAL_CLIENT_ID/SECRET. */
  paypal: PayPalClient | undefined;
}
