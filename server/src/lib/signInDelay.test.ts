import { describe, expect, it } from 'vitest';
import { maxSignInDelayMs, signInDelayMs } from './signInDelay.ts';

describe('signInDelayMs', () => {
  it('waits nothing up to the ceiling, then longer with every failure, never past the maximum', () => {
    expect(signInDelayMs(0, 20)).toBe(0);
    expect(signInDelayMs(20, 20)).toBe(0);
    expect(signInDelayMs(21, 20)).toBe(250);
    expect(signInDelayMs(24, 20)).toBe(1000);
    expect(signInDelayMs(10_000, 20)).toBe(maxSignInDelayMs);
  });
});
