import { describe, expect, it } from 'vitest';
import { landingRotation, optionAtPointer, radialLabel, slicePath } from './wheelGeometry.ts';

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

  it('turns every label to read left to right on screen, at rest and wherever a spin stops', () => {
    /** The on-screen direction the text runs in, as a unit vector (SVG: y grows downwards). */
    const reading = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
    for (let count = 3; count <= 8; count++) {
      const slice = 360 / count;
      const stops = [
        0,
        17,
        90,
        180,
        263,
        ...Array.from({ length: count }, (_, index) => landingRotation(720, index, count, 6, 0.4)),
      ];
      for (const disc of stops) {
        for (let index = 0; index < count; index++) {
          const middle = (index + 0.5) * slice;
          const label = radialLabel(middle, disc);
          // Never upside down: the text runs rightwards (or straight up or down on the vertical).
          expect(reading(label.rotation + disc)).toBeGreaterThan(-1e-9);
          // Still along its slice's radius: outwards, or half a turn round (inwards) on the left.
          const along = (((label.rotation - (middle - 90)) % 360) + 360) % 360;
          expect(along).toBeCloseTo(label.inward ? 180 : 0, 9);
        }
      }
    }
  });

  it('turns the labels on the left half of a wheel at rest inwards, the right half outwards', () => {
    // Eight options: middles at 22.5°, 67.5° … 337.5° clockwise from 12 o'clock.
    expect(Array.from({ length: 8 }, (_, index) => radialLabel((index + 0.5) * 45).inward)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(radialLabel(225)).toEqual({ rotation: 315, inward: true });
    expect(radialLabel(135)).toEqual({ rotation: 45, inward: false });
    // The same slice after the disc turned half a turn sits on the right: outwards again.
    expect(radialLabel(225, 180)).toEqual({ rotation: 135, inward: false });
  });
});
