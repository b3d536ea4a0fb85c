import { describe, expect, it } from 'vitest';
import { chartHeight, dailyChartGeometry, nearestIndex, xTickIndexes, yTickValues } from './dailyChartGeometry.ts';

const days = (values: number[]) =>
  values.map((value, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, value }));

describe('the daily line chart', () => {
  it('counts in whole numbers on the y axis, at most five ticks, from 0 past the largest value', () => {
    expect(yTickValues(0)).toEqual([0, 1]);
    expect(yTickValues(3)).toEqual([0, 1, 2, 3]);
    expect(yTickValues(10)).toEqual([0, 3, 6, 9, 12]);
    expect(yTickValues(1000)).toEqual([0, 250, 500, 750, 1000]);
  });

  it('labels about one day per 90 px, always the last one', () => {
    expect(xTickIndexes(30, 900)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
    expect(xTickIndexes(30, 300)).toEqual([9, 19, 29]);
    expect(xTickIndexes(1, 300)).toEqual([0]);
  });

  it('places the first day at the left edge, the last at the right, zero on the x axis and the top value on the top line', () => {
    const geometry = dailyChartGeometry(days([0, 2, 4]), 600);
    expect(geometry.plot).toEqual({ left: 48, right: 576, top: 16, bottom: chartHeight - 36 });
    expect(geometry.points).toEqual([
      { x: 48, y: 224 },
      { x: 312, y: 120 },
      { x: 576, y: 16 },
    ]);
    expect(geometry.path).toBe('M48 224 L312 120 L576 16');
    expect(geometry.yTicks.map((tick) => [tick.value, tick.y])).toEqual([
      [0, 224],
      [1, 172],
      [2, 120],
      [3, 68],
      [4, 16],
    ]);
  });

  it('keeps narrower margins on a phone; a single day sits at the left edge, on the top line', () => {
    const geometry = dailyChartGeometry(days([6]), 320);
    expect(geometry.plot.left).toBe(36);
    expect(geometry.plot.right).toBe(308);
    expect(geometry.points).toEqual([{ x: 36, y: 16 }]);
    expect(geometry.xTicks).toEqual([{ index: 0, x: 36 }]);
  });

  it('finds the day nearest the pointer', () => {
    const geometry = dailyChartGeometry(days([1, 1, 1, 1]), 600);
    expect(nearestIndex(geometry, 0)).toBe(0);
    expect(nearestIndex(geometry, 250)).toBe(1);
    expect(nearestIndex(geometry, 420)).toBe(2);
    expect(nearestIndex(geometry, 10_000)).toBe(3);
  });
});
