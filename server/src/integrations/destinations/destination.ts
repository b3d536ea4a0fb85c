import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { destinations } from '../../db/schema/index.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { Logger } from '../../logger.ts';
import type { DeliveryOutcome, Lead } from '../crm/crmProvider.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * One kind of destination (CRM, webhook, notification email, Shopify customers): given a lead and the
 * destination's stored row, it makes one attempt and answers the delivery contract's outcome
 * (integrations/crm/crmProvider.ts). It never throws for a failure it can name; the attempter
 * (commands/deliveryAttempter.ts) decides on retries, records the exchange and switches destinations off.
 */

export type DestinationRow = typeof destinations.$inferSelect;

/** What an attempt may use. */
export interface DestinationDeps {
  db: Db;
  secrets: Secrets;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  sessionSecret: string;
  webhooksAllowPrivate: boolean;
  /** For destinations that call through the app's own clients (the Shopify Admin API). */
  services: Services;
}

export interface AttemptInput {
  /** The delivery's id: the idempotency key (a webhook's webhook-id) on every attempt. */
  deliveryId: string;
  destination: DestinationRow;
  event: TDomainEvent;
  lead: Lead;
}

/** A destination's outcome; a webhook's 410 also asks for the endpoint to be switched off. */
export type AttemptOutcome = DeliveryOutcome & { switchOff?: string };

export interface DestinationHandler {
  /**
   * It takes events whose visitor gave no email too (Shopify Flow's triggers need no customer): its
   * lead then has an empty email. Every other destination gets only events with a lead.
   */
  everyEvent?: true;
  /**
   * It also takes events without an email that name the shop's customer (`shopifyCustomerId`, the
   * post-purchase survey's buyer): the lead has an empty email and that customer's gid.
   */
  byShopifyCustomer?: true;
  attempt(input: AttemptInput, deps: DestinationDeps): Promise<AttemptOutcome>;
}
