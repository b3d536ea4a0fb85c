import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeRetrySchedule } from '@quizlead/shared/schemas/deliveries.ts';

/** Every place that describes the delivery retry schedule says it as the code runs it. */
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');

describe('the delivery retry schedule in words', () => {
  it('lists the gaps between attempts and the total', () => {
    expect(describeRetrySchedule()).toBe(
      'the first attempt at once, then retries after gaps of 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (10 attempts, about 3 days in all)',
    );
    expect(describeRetrySchedule([0, 0.3, 0.3])).toBe(
      'the first attempt at once, then retries after gaps of 0.3 s and 0.3 s (3 attempts, about 0 days in all)',
    );
  });

  it.each(['README.md', 'docs/webhooks.md', 'docs/architecture.md'])('%s says it the same way, and nothing else', (path) => {
    const text = read(path);
    expect(text).toContain(describeRetrySchedule());
    // Earlier wordings that did not match the code: the delays counted from the first attempt, "more than a day".
    expect(text).not.toMatch(/from the first attempt|more than a day|exponential backoff/i);
  });
});
