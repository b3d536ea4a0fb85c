import { afterAll, beforeAll } from 'vitest';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import { memoryCrmFieldStore } from '../../../integrations/crm/crmFields.ts';
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
    smsConsent: false,
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
export const crmTestCall: CrmCall = { deliveryId: 'delivery-0001', fields: memoryCrmFieldStore() };

/** A call with a store of its own (or the given one), for tests that look at custom fields. */
export const fieldsCall = (fields = memoryCrmFieldStore(), deliveryId = 'delivery-0002'): CrmCall => ({ deliveryId, fields });

/** Three answers of every kind a custom-field CRM handles: one choice, several choices, a number. */
export const skinAnswers: TLeadAnswer[] = [
  {
    key: 'skin_type',
    question: 'What is your skin type?',
    type: 'choice',
    value: 'oily',
    optionIds: ['opt-oily'],
    tags: ['skin-oily'],
    segment: true,
  },
  {
    key: 'concerns',
    question: 'What worries you most?',
    type: 'choices',
    value: ['Acne', 'Redness'],
    optionIds: ['opt-acne', 'opt-redness'],
    tags: [],
    segment: false,
  },
  { key: 'budget', question: 'Budget per month', type: 'number', value: 40, optionIds: [], tags: [], segment: false },
];

/** A quiz lead with answers (item key `skin_quiz`). */
export const answersLead = (overrides: Partial<Lead> = {}): Lead =>
  quizLead({ itemKey: 'skin_quiz', answers: skinAnswers, ...overrides });
