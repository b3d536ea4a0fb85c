import { describe, expect, it } from 'vitest';
import {
  formatRecipientList,
  notificationLimits,
  notificationMessages,
  parseRecipientList,
  ZRecipientList,
} from './notifications.ts';

describe('parseRecipientList', () => {
  it('trims, splits on commas and skips empty entries', () => {
    expect(parseRecipientList(' ann@example.com ,bob@example.org,, \n carl@example.net, ')).toEqual({
      ok: true,
      recipients: ['ann@example.com', 'bob@example.org', 'carl@example.net'],
    });
    expect(parseRecipientList('')).toEqual({ ok: true, recipients: [] });
    expect(parseRecipientList('  ,  ')).toEqual({ ok: true, recipients: [] });
  });

  it('dedupes without case, keeping the first spelling', () => {
    expect(parseRecipientList('Ann@Example.com, ann@example.COM, bob@example.org')).toEqual({
      ok: true,
      recipients: ['Ann@Example.com', 'bob@example.org'],
    });
  });

  it('names the first invalid address', () => {
    expect(parseRecipientList('ann@example.com, not-an-email, also bad')).toEqual({
      ok: false,
      error: notificationMessages.recipientInvalid('not-an-email'),
      invalid: 'not-an-email',
    });
    expect(notificationMessages.recipientInvalid('not-an-email')).toBe('"not-an-email" is not a valid email address');
    expect(parseRecipientList('ann@example.com bob@example.org')).toMatchObject({
      ok: false,
      invalid: 'ann@example.com bob@example.org',
    });
  });

  it('shortens a very long invalid entry in the message', () => {
    const long = 'x'.repeat(300);
    const result = parseRecipientList(long);
    expect(result).toMatchObject({ ok: false, invalid: long });
    expect(!result.ok && result.error.length).toBeLessThan(100);
  });

  it(`allows at most ${notificationLimits.recipients} distinct recipients`, () => {
    const list = (count: number) => Array.from({ length: count }, (_, index) => `user${index}@example.com`).join(',');
    expect(parseRecipientList(list(notificationLimits.recipients))).toMatchObject({ ok: true });
    expect(parseRecipientList(`${list(notificationLimits.recipients)},USER0@example.com`)).toMatchObject({ ok: true });
    expect(parseRecipientList(list(notificationLimits.recipients + 1))).toEqual({
      ok: false,
      error: notificationMessages.tooManyRecipients,
    });
  });

  it('works as a zod field and formats back for the form', () => {
    expect(ZRecipientList.parse('a@example.com, b@example.com')).toEqual(['a@example.com', 'b@example.com']);
    const failed = ZRecipientList.safeParse('a@example.com, nope');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('"nope" is not a valid email address');
    expect(formatRecipientList(['a@example.com', 'b@example.com'])).toBe('a@example.com, b@example.com');
  });
});
