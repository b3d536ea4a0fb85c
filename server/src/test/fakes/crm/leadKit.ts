import { afterAll, beforeAll } from 'vitest';
import type { CrmCall, Exchange, Lead } from '../../../integrations/crm/crmProvider.ts';
import { routeExternalApisTo } from '../../../integrations/external/externalFetch.ts';
import { FakeExternalWorld } from '../externalWorld.ts';

/** Setup shared by the CRM provider tests (GetResponse, Agile CRM, ActiveCampaign, MailerLite, Mailchimp, BirdSend). */

/** Starts a FakeExternalWorld for the file and routes externalFetch to it (EXTERNAL_API_ORIGIN); `world()` is the running one. */
export function useFakeWorld(): () => FakeExternalWorld {
  let world: FakeExternalWorld | undefined;
  beforeAll(async () => {
    world = await FakeExternalWorld.start();
    routeExternalApisTo(world.origin);
  });
  afterAll(async () => {
    routeExternalApisTo(undefined);
    await world?.stop();
  });
  return () => {
    if (!world) throw new Error('the external world has not started');
    return world;
  };
}

/** A realistic quiz lead: a three-word name, a result, consent, the item's CRM tag and an automatic result tag. */
export function quizLead(overrides: Partial<Lead> = {}): Lead {
  return {
    email: 'ann.lee@example.com',
    name: 'Ann Lee Smith',
    tool: 'quiz',
    item: { id: 'q_123', title: 'Which trip suits you?' },
    result: { outcome: 'Adventurer', score: 7, personality: 'Adventurer' },
    itemKey: 'which_trip_suits_you',
    answers: [],
    consent: true,
    tags: ['summer-quiz', 'quizlead-personality-adventurer'],
    capturedAt: '2026-11-23T15:00:00.000Z',
    ...overrides,
  };
}

/** Every request and response of the exchanges as one string, to look for secrets in. */
export function exchangeText(exchange: Exchange[]): string {
  return JSON.stringify(exchange);
}

/** What a delivery hands a provider besides the lead (a fixed delivery id: a retry repeats it). */
export const crmTestCall: CrmCall = { deliveryId: 'delivery-0001' };
