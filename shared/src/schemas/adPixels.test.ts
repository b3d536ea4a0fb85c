import { describe, expect, it } from 'vitest';
import { adPixelMessages } from './adPixels.ts';
import { ZQuizSettings } from './quiz.ts';

describe('ad pixel ids', () => {
  it('takes a Meta id of 10 to 20 digits and a TikTok code of capitals and digits, blank for none', () => {
    expect(ZQuizSettings.parse({})).toMatchObject({ metaPixelId: '', tiktokPixelId: '' });
    expect(ZQuizSettings.parse({ metaPixelId: ' 1234567890123456 ', tiktokPixelId: 'C4ABCDEFGHIJ1234KLMN' })).toMatchObject({
      metaPixelId: '1234567890123456',
      tiktokPixelId: 'C4ABCDEFGHIJ1234KLMN',
    });
  });

  it.each([
    ['metaPixelId', '123456789'],
    ['metaPixelId', '1'.repeat(21)],
    ['metaPixelId', '12345678901a'],
    ['tiktokPixelId', 'c4abcdefghij1234klmn'],
    ['tiktokPixelId', 'C4ABC'],
    ['tiktokPixelId', 'C4ABCDEFGHIJ-1234KLMN'],
  ] as const)('refuses %s %s, naming the field', (field, value) => {
    const parsed = ZQuizSettings.safeParse({ [field]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message: adPixelMessages[field] });
  });
});
