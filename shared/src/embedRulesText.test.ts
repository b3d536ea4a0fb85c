import { describe, expect, it } from 'vitest';
import { readEmbedRules } from './embedRules.ts';
import { describeEmbedRules } from './embedRulesText.ts';
import { widgetEmbedCode } from './sharing.ts';

const overlay = { once: true, overlay: true, timeZone: 'Europe/Berlin' };

describe('describeEmbedRules', () => {
  it('says who sees it and how often in one sentence', () => {
    expect(describeEmbedRules({ visitor: 'returning', device: 'mobile', utm_campaign: 'newsletter', every: '7' }, overlay)).toBe(
      'Shown to returning visitors on mobile from the “newsletter” campaign, at most once every 7 days.',
    );
    expect(describeEmbedRules({}, overlay)).toBe('Shown to all visitors, once per visitor.');
    expect(describeEmbedRules({}, { ...overlay, once: false })).toBe('Shown to all visitors.');
    expect(describeEmbedRules({ every: '1', converted: 'stop', dismissals: '2' }, overlay)).toBe(
      'Shown to all visitors, at most once every day, not again once they have converted, not again after 2 closes.',
    );
  });

  it('names the source, place, customer, cart and schedule (in the owner’s time zone)', () => {
    expect(
      describeEmbedRules(
        {
          customer: 'logged_in',
          tags: 'vip, wholesale',
          referrer: 'google.com',
          landing: '/sale*',
          country: 'de,at',
          cart: '50-',
          items: '-3',
          from: '2026-12-01T07:00:00.000Z',
          until: '2026-12-24T22:59:00.000Z',
        },
        { ...overlay, once: false },
      ),
    ).toBe(
      'Shown to logged-in customers tagged “vip” or “wholesale” coming from google.com who landed on /sale* in DE, AT' +
        ' with a cart of at least 50 with at most 3 items in the cart from 1 Dec 2026, 08:00 until 24 Dec 2026, 23:59.',
    );
  });

  it('leaves frequency out of an inline item’s sentence', () => {
    expect(describeEmbedRules({ device: 'desktop', every: '3' }, { ...overlay, overlay: false })).toBe(
      'Shown to all visitors on desktop.',
    );
  });
});

describe('widgetEmbedCode with rules', () => {
  const item = { kind: 'wheel' as const, id: 'w1', slug: 'spin' };

  it('writes the rules in data-rules, escaped, and a frequency rule turns the once cap off', () => {
    const code = widgetEmbedCode('https://app.test', item, {
      display: 'slidein',
      trigger: 'load',
      rules: { every: '7', utm_source: 'a&b "c"', device: 'mobile' },
    });
    expect(code).toContain(
      'data-display="slidein" data-trigger="load" data-once="false" data-rules="device=mobile;utm_source=a%26b%20%22c%22;every=7"',
    );
    const attribute = /data-rules="([^"]*)"/.exec(code)![1]!;
    expect(readEmbedRules(attribute)).toMatchObject({ device: 'mobile', utm_source: 'a&b "c"', every: '7' });
  });

  it('keeps only the audience rules for an inline item, and writes nothing without rules', () => {
    expect(widgetEmbedCode('https://app.test', item, { rules: { country: 'DE', every: '7', converted: 'stop' } })).toContain(
      'data-slug="spin" data-rules="country=DE"></div>',
    );
    expect(widgetEmbedCode('https://app.test', item)).not.toContain('data-rules');
  });
});
