import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildWebhookPayload, sampleWebhookLead, webhookEventTypes, webhookJsonSchema, ZWebhookPayload } from './payload.ts';

describe('webhook payload', () => {
  it('docs/webhooks.schema.json is the schema generated from the zod payload (regenerate: node scripts/writeWebhooksSchema.ts)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL('../../../../docs/webhooks.schema.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(webhookJsonSchema());
  });

  it('is {type, timestamp, data} with the lead as data, its answers a {key: value} map plus the questions; the test event has the same shape as a real one', () => {
    const lead = sampleWebhookLead(new Date('2026-11-23T10:00:00Z'));
    const real = buildWebhookPayload('lead.captured', lead, '2026-11-23T10:00:00.000Z');
    const { answers: _answers, ...unchanged } = lead;
    expect(real).toEqual({
      type: 'lead.captured',
      timestamp: '2026-11-23T10:00:00.000Z',
      data: expect.objectContaining(unchanged),
    });
    // The answers as a receiver reads them: one map by key, and the questions behind them in order.
    expect(real.data.answers).toEqual({ roast: 'dark', brew_methods: ['Espresso', 'Pour-over'], cups_a_day: 3 });
    expect(real.data.questions).toEqual([
      { key: 'roast', text: 'How do you like your roast?', type: 'choice', optionIds: ['sample-dark'] },
      {
        key: 'brew_methods',
        text: 'How do you brew at home?',
        type: 'choices',
        optionIds: ['sample-espresso', 'sample-pour-over'],
      },
      { key: 'cups_a_day', text: 'Cups a day', type: 'number', optionIds: [] },
    ]);
    expect(Object.keys(real.data).sort()).toEqual([...Object.keys(lead), 'questions'].sort());
    const test = buildWebhookPayload('test', sampleWebhookLead(), new Date());
    expect(Object.keys(test)).toEqual(Object.keys(real));
    expect(Object.keys(test.data).sort()).toEqual(Object.keys(real.data).sort());
    expect(ZWebhookPayload.safeParse(test).success).toBe(true);
  });

  it('knows the five capture events and test, and refuses anything else', () => {
    expect(webhookEventTypes).toEqual(['lead.captured', 'play.completed', 'poll.voted', 'feedback.sent', 'wheel.spun', 'test']);
    expect(() => buildWebhookPayload('lead.deleted' as 'test', sampleWebhookLead(), new Date())).toThrow();
    const schema = webhookJsonSchema() as { properties: { type: { enum: string[] } } };
    expect(schema.properties.type.enum).toEqual([...webhookEventTypes]);
  });
});
