import { describe, expect, it } from 'vitest';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import { pageNumbers, type PageItem } from './pageNumbers.ts';

const list = { margin: quizLimits.listMarginPages, range: quizLimits.listPagesInRange };
const at = (current: number, total: number) => pageNumbers(current, total, list);

describe('pageNumbers', () => {
  it('shows nothing without pages and every page when they fit', () => {
    expect(at(1, 0)).toEqual([]);
    expect(at(1, 1)).toEqual([1]);
    expect(at(2, 2)).toEqual([1, 2]);
    expect(at(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps two margin pages at each end and five pages around the current one', () => {
    expect(at(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 19, 20]);
    expect(at(10, 20)).toEqual([1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20]);
    expect(at(20, 20)).toEqual([1, 2, 'ellipsis', 16, 17, 18, 19, 20]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(at(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'ellipsis', 19, 20]);
    expect(at(15, 20)).toEqual([1, 2, 'ellipsis', 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(at(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('clamps a current page out of range', () => {
    expect(at(0, 20)).toEqual(at(1, 20));
    expect(at(99, 20)).toEqual(at(20, 20));
    expect(at(Number.NaN, 3)).toEqual([1, 2, 3]);
  });

  it('follows the margin and range it is given', () => {
    expect(pageNumbers(50, 100, { margin: 1, range: 3 })).toEqual([1, 'ellipsis', 49, 50, 51, 'ellipsis', 100]);
    expect(pageNumbers(50, 100, { margin: 0, range: 1 })).toEqual(['ellipsis', 50, 'ellipsis']);
  });

  it('always lists the current page once, in order, with no ellipsis side by side', () => {
    for (let total = 1; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const items = at(current, total);
        const numbers = items.filter((item): item is number => item !== 'ellipsis');
        expect(numbers).toContain(current);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        items.forEach((item: PageItem, i) => {
          if (item === 'ellipsis') expect(items[i + 1]).not.toBe('ellipsis');
        });
        expect(items.length).toBeLessThanOrEqual(2 * list.margin + list.range + 2);
      }
    }
  });
});
