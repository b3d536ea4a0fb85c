import { describe, expect, it } from 'vitest';
import { metaCall, productsValue, tiktokCall, type PixelItem } from './pixelEvents.ts';

const item: PixelItem = { kind: 'quiz', id: 'quiz-1', title: 'Skin type quiz' };

describe('the ad pixels event mapping', () => {
  it('maps a start to a Meta custom event and TikTok ViewContent', () => {
    expect(metaCall({ name: 'start', item })).toEqual([
      'trackCustom',
      'QuizleadStart',
      { content_name: 'Skin type quiz', content_category: 'quiz', content_ids: ['quiz-1'] },
    ]);
    expect(tiktokCall({ name: 'start', item })).toEqual([
      'ViewContent',
      { content_id: 'quiz-1', content_name: 'Skin type quiz', description: 'quiz' },
    ]);
  });

  it("maps a lead to Meta's standard Lead and TikTok's SubmitForm", () => {
    const wheel: PixelItem = { kind: 'wheel', id: 'w1', title: 'Spin' };
    expect(metaCall({ name: 'lead', item: wheel })).toEqual([
      'track',
      'Lead',
      { content_name: 'Spin', content_category: 'wheel' },
    ]);
    expect(tiktokCall({ name: 'lead', item: wheel })).toEqual([
      'SubmitForm',
      { content_id: 'w1', content_name: 'Spin', description: 'wheel' },
    ]);
  });

  it('sends a completion with its outcome and value', () => {
    const event = { name: 'completion', item, outcome: 'Dry skin', value: { amount: 59.899, currency: 'EUR' } } as const;
    expect(metaCall(event)).toEqual([
      'trackCustom',
      'QuizleadComplete',
      { content_name: 'Skin type quiz', content_category: 'quiz', outcome: 'Dry skin', value: 59.9, currency: 'EUR' },
    ]);
    expect(tiktokCall(event)).toEqual([
      'CompleteRegistration',
      { content_id: 'quiz-1', content_name: 'Skin type quiz', description: 'Dry skin', value: 59.9, currency: 'EUR' },
    ]);
  });

  it('leaves value and currency out when the value is unknown, zero or its currency malformed', () => {
    for (const value of [null, undefined, { amount: 0, currency: 'USD' }, { amount: 5, currency: 'usd' }]) {
      const [, , params] = metaCall({ name: 'completion', item, outcome: 'A', value });
      expect(params).not.toHaveProperty('value');
      expect(params).not.toHaveProperty('currency');
      expect(tiktokCall({ name: 'completion', item, outcome: 'A', value })[1]).not.toHaveProperty('value');
    }
  });

  it('cuts long titles and outcomes to 200 characters', () => {
    const long = 'x'.repeat(500);
    const [, , params] = metaCall({ name: 'completion', item: { ...item, title: long }, outcome: long });
    expect(params.content_name).toHaveLength(200);
    expect(params.outcome).toHaveLength(200);
  });
});

describe('productsValue', () => {
  it('totals the recommended products in one currency', () => {
    expect(
      productsValue([
        { price: '19.90', currency: 'USD' },
        { price: '5.10', currency: 'USD' },
      ]),
    ).toEqual({ amount: 25, currency: 'USD' });
  });

  it('knows no value for no products, mixed currencies or prices that are no numbers', () => {
    expect(productsValue([])).toBeNull();
    expect(
      productsValue([
        { price: '1', currency: 'USD' },
        { price: '1', currency: 'EUR' },
      ]),
    ).toBeNull();
    expect(productsValue([{ price: 'free', currency: 'USD' }])).toBeNull();
  });
});
