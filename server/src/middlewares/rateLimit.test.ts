import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { RateLimiter } from './rateLimit.ts';

describe('RateLimiter', () => {
  it('allows max hits per window, then 429 with the seconds left, then forgets', () => {
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000 });
    limiter.hit('a', 0);
    limiter.hit('a', 1_000);
    let error: unknown;
    try {
      limiter.hit('a', 30_000);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).headers['Retry-After']).toBe('30');
    limiter.hit('b', 30_000);
    expect(() => limiter.hit('a', 60_000)).not.toThrow();
  });
});
