import { describe, expect, it } from 'vitest';
import { landingRotation, optionAtPointer, slicePath } from './wheelGeometry.ts';

describe('wheel geometry', () => {
  it('lands every option under the pointer, from any start, at any offset in its slice', () => {
    for (let count = 3; count <= 8; count++) {
      for (let index = 0; index < count; index++) {
        for (const offset of [-1, -0.5, 0, 0.5, 1]) {
          for (const from of [0, 123, 2250]) {
            const rotation = landingRotation(from, index, count, 5, offset);
            expect(optionAtPointer(rotation, count)).toBe(index);
            expect(rotation - from).toBeGreaterThanOrEqual(5 * 360);
          }
        }
      }
    }
  });

  it('reads the option under the pointer', () => {
    expect(optionAtPointer(0, 4)).toBe(0);
    expect(optionAtPointer(-100, 4)).toBe(1);
    expect(optionAtPointer(10, 4)).toBe(3);
    expect(optionAtPointer(360 * 7 + 180 + 1, 4)).toBe(1);
  });

  it('draws a slice from the centre', () => {
    expect(slicePath(150, 140, 0, 4)).toBe('M150 150L150 10A140 140 0 0 1 290 150Z');
  });
});
