import { describe, expect, it } from 'vitest';
import { dashboardMessages } from '@quizlead/shared/reports.ts';
import { addDays, daysOf, rangeDays } from '@quizlead/shared/days.ts';
import { defaultRange, formatRange, formatShortDay, fromLocalDate, rangeProblem, stepRate, toLocalDate } from './range.ts';

describe('dashboard range helpers', () => {
  it('defaults to the 30 days up to today', () => {
    expect(defaultRange('2026-11-03')).toEqual({ start: '2026-10-05', end: '2026-11-03' });
    expect(rangeDays(defaultRange('2024-03-01'))).toBe(30);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysOf({ start: '2024-02-28', end: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('round-trips picker dates and formats labels with a short month and day', () => {
    expect(fromLocalDate(toLocalDate('2026-01-09'))).toBe('2026-01-09');
    expect(formatShortDay('2026-11-03')).toBe('Nov 3');
    expect(formatRange({ start: '2026-10-05', end: '2026-11-03' })).toBe('Oct 5 – Nov 3, 2026');
    expect(formatRange({ start: '2025-12-20', end: '2026-01-03' })).toBe('Dec 20, 2025 – Jan 3, 2026');
    expect(formatRange({ start: '2026-11-03', end: '2026-11-03' })).toBe('Nov 3, 2026');
  });

  it('says why the server would refuse a range', () => {
    const today = '2026-11-03';
    expect(rangeProblem({ start: '2026-10-01', end: today }, today)).toBeNull();
    expect(rangeProblem({ start: '2026-10-01', end: '2026-11-04' }, today)).toBe(dashboardMessages.futureDate);
    expect(rangeProblem({ start: '2026-10-02', end: '2026-10-01' }, today)).toBe(dashboardMessages.rangeInvalid);
    expect(rangeProblem({ start: '2025-11-02', end: today }, today)).toBe(dashboardMessages.rangeTooLong);
    expect(rangeProblem({ start: '2025-11-03', end: today }, today)).toBeNull();
  });

  it('rates the funnel’s steps', () => {
    expect(stepRate(5, 8)).toBe('62.5%');
    expect(stepRate(3, 3)).toBe('100%');
    expect(stepRate(1, 3)).toBe('33.3%');
    expect(stepRate(0, 0)).toBe('–');
  });
});
