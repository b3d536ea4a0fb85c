import { describe, expect, it } from 'vitest';
import { quizLead, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { crmProviders, findCrmProvider } from './providers.ts';

const lead = quizLead();

describe('crmProviders', () => {
  it('offers the twelve providers once each, in the reference order', () => {
    expect(crmProviders.map((provider) => provider.id)).toEqual([
      'getresponse',
      'agilecrm',
      'activecampaign',
      'mailerlite',
      'mailchimp',
      'birdsend',
      'sendfox',
      'vbout',
      'useinbox',
      'brevo',
      'klaviyo',
      'acumbamail',
    ]);
    for (const provider of crmProviders) {
      expect(provider.label.trim()).not.toBe('');
      expect(provider.secretFields.length).toBeGreaterThan(0);
    }
  });

  it('finds a provider by id, and nothing for an unknown one', () => {
    expect(findCrmProvider('brevo')?.label).toMatch(/Brevo/);
    expect(findCrmProvider('sendinblue')).toBeUndefined();
  });

  it('refuses settings without their secret, naming the field', () => {
    for (const provider of crmProviders) {
      const parsed = provider.settings.safeParse({});
      expect(parsed.success, provider.id).toBe(false);
      const fields = parsed.error!.issues.map((issue) => String(issue.path[0]));
      expect(
        fields.some((field) => provider.secretFields.includes(field)),
        provider.id,
      ).toBe(true);
    }
  });

  it('ends a delivery with stored settings that no longer fit, without calling anyone', async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return new Response('{}');
    };
    for (const provider of crmProviders) {
      const outcome = await provider.upsertContact(lead, { unexpected: true }, fetch, crmTestCall);
      expect(outcome, provider.id).toMatchObject({ ok: false, retryable: false, exchange: [] });
      if (!outcome.ok) expect(outcome.message).toContain(provider.label);
    }
    expect(calls).toBe(0);
  });
});
