import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sameEmail } from '../db/oncePerEmail.ts';
import { events, feedbackResponses, plays, pollVotes, prizeCodes, shopifyDataRequests, wheelSpins } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { playsOfEmail } from './customerDataCollector.ts';

export interface RedactedCounts {
  plays: number;
  pollVotes: number;
  feedbackResponses: number;
  wheelSpins: number;
  dataRequests: number;
  events: number;
}

/**
 * Erases one visitor's personal data from an account (Shopify's customers/redact): every play, vote,
 * web response and spin sent with the email loses the email, name, lead-form answers (phone and any
 * free text), browser and place. The rows stay, anonymised, so counts, results and the daily roll-ups
 * keep adding up. Data request documents kept for that email go too, and so do the visitor's events with
 * their deliveries and every recorded attempt (the leads pipeline's copies of the lead). Run it in a transaction: it is
 * all or nothing, and running it again changes nothing.
 */
export async function customerDataRedactor(props: { db: Db; accountId: string; email: string }): Promise<RedactedCounts> {
  const { db, accountId, email } = props;
  const redactedPlays = await db
    .update(plays)
    .set({
      email: null,
      name: null,
      phone: null,
      smsConsent: false,
      leadFields: null,
      userAgent: '',
      country: '',
      state: '',
      city: '',
    })
    .where(scoped(plays, accountId, playsOfEmail(email)))
    .returning({ id: plays.id });
  const votes = await db
    .update(pollVotes)
    .set({ email: null })
    .where(scoped(pollVotes, accountId, sameEmail(pollVotes.email, email)))
    .returning({ id: pollVotes.id });
  const responses = await db
    .update(feedbackResponses)
    .set({ email: null })
    .where(scoped(feedbackResponses, accountId, sameEmail(feedbackResponses.email, email)))
    .returning({ id: feedbackResponses.id });
  const spins = await db
    .update(wheelSpins)
    .set({ email: null, phone: null, smsConsent: false })
    .where(scoped(wheelSpins, accountId, sameEmail(wheelSpins.email, email)))
    .returning({ id: wheelSpins.id });
  // A unique prize code given to the email stays given (assigned_at), no longer saying to whom.
  await db
    .update(prizeCodes)
    .set({ email: null })
    .where(scoped(prizeCodes, accountId, sameEmail(prizeCodes.email, email)));
  const documents = await db
    .delete(shopifyDataRequests)
    .where(scoped(shopifyDataRequests, accountId, sameEmail(shopifyDataRequests.customerEmail, email)))
    .returning({ id: shopifyDataRequests.id });
  const visitorEvents = await db
    .delete(events)
    .where(scoped(events, accountId, sql`lower(${events.payload} -> 'visitor' ->> 'email') = lower(${email})`))
    .returning({ id: events.id });
  return {
    events: visitorEvents.length,
    plays: redactedPlays.length,
    pollVotes: votes.length,
    feedbackResponses: responses.length,
    wheelSpins: spins.length,
    dataRequests: documents.length,
  };
}
