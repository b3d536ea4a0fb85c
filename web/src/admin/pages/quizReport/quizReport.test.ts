import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAnswerSheet, getQuizReport, respondentsParams, UnexpectedAnswer } from '../../api/reports.ts';
import { progressOf } from '../../components/engagement/exportProgress.ts';
import { readRespondentsQuery, writeRespondentsQuery } from './query.ts';
import { money, otherCurrencyNote, revenueKpis } from './revenue.ts';

describe('the respondents query in the address', () => {
  it('reads what is valid and falls back to newest first, page 1', () => {
    expect(readRespondentsQuery(new URLSearchParams(''))).toEqual({ page: 1, sort: 'date', direction: 'desc', language: null });
    expect(readRespondentsQuery(new URLSearchParams('page=3&sort=email&direction=asc'))).toEqual({
      page: 3,
      sort: 'email',
      direction: 'asc',
      language: null,
    });
    expect(readRespondentsQuery(new URLSearchParams('page=-2&sort=answers&direction=up'))).toEqual({
      page: 1,
      sort: 'date',
      direction: 'desc',
      language: null,
    });
    expect(readRespondentsQuery(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(readRespondentsQuery(new URLSearchParams('language=pt-BR')).language).toBe('pt-BR');
    expect(readRespondentsQuery(new URLSearchParams('language=xx')).language).toBeNull();
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(writeRespondentsQuery({ page: 1, sort: 'date', direction: 'desc', language: null }).toString()).toBe('');
    expect(
      writeRespondentsQuery(
        { page: 2, sort: 'city', direction: 'asc', language: null },
        new URLSearchParams('x=1&page=9'),
      ).toString(),
    ).toBe('x=1&sort=city&direction=asc&page=2');
    expect(writeRespondentsQuery({ page: 1, sort: 'date', direction: 'desc', language: 'ja' }).toString()).toBe('language=ja');
  });

  it('asks the server with every parameter filled in', () => {
    expect(respondentsParams({ sort: 'email' }).toString()).toBe('page=1&sort=email&direction=desc');
    expect(respondentsParams({ language: 'de' }).toString()).toBe('page=1&sort=date&direction=desc&language=de');
  });
});

describe('export progress', () => {
  it('counts CSV rows against X-Export-Rows', () => {
    expect(progressOf({ bytes: 900, totalBytes: null, rows: 5, expectedRows: 20 })).toEqual({
      percent: 25,
      text: '5 of 20 rows',
    });
    expect(progressOf({ bytes: 0, totalBytes: null, rows: 0, expectedRows: 0 }).percent).toBe(100);
  });

  it('uses bytes when only the size is known, and is indeterminate when nothing is', () => {
    expect(progressOf({ bytes: 1536, totalBytes: 3072, rows: null, expectedRows: 12 })).toEqual({
      percent: 50,
      text: '1.5 KB of 3 KB',
    });
    expect(progressOf({ bytes: 2_500_000, totalBytes: null, rows: null, expectedRows: 12 })).toEqual({
      percent: null,
      text: '2.4 MB received',
    });
    expect(progressOf({ bytes: 10, totalBytes: null, rows: 3, expectedRows: null }).text).toBe('3 rows received');
    expect(progressOf(null).percent).toBeNull();
  });
});

describe('answers checked against the contract', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (data: unknown) =>
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } }),
    );

  const play = {
    id: crypto.randomUUID(),
    quizId: crypto.randomUUID(),
    quizTitle: 'Coffee',
    quizType: 'graded_quiz',
    playedAt: '2026-11-21T10:00:00.000Z',
    result: '67%',
    email: null,
    name: null,
    country: '',
    state: '',
    city: '',
  };

  it('reads an answer sheet', async () => {
    const questions = [
      { id: 'q', position: 1, title: 'Q', image: null, answers: [{ id: 'a', text: 'A', image: null, selected: true }] },
    ];
    answer({ play, questions });
    expect(await getAnswerSheet(play.id)).toEqual({ supported: true, sheet: { play, questions } });
  });

  it("is 'Not supported' when only the questions are not a list, and fails when the play is unreadable", async () => {
    answer({ play, questions: { q: ['a'] } });
    expect(await getAnswerSheet(play.id)).toEqual({ supported: false, play });
    answer({ play: { ...play, quizId: 'nope' }, questions: [] });
    await expect(getAnswerSheet(play.id)).rejects.toBeInstanceOf(UnexpectedAnswer);
  });

  it('refuses a report that does not match', async () => {
    answer({
      quiz: { id: crypto.randomUUID(), title: 'x', quizType: 'graded_quiz', status: 'published' },
      kpis: {},
      questions: [],
    });
    await expect(getQuizReport(crypto.randomUUID())).rejects.toThrow('The report sent by the server could not be read.');
  });
});

describe('the revenue card’s figures', () => {
  const revenue = {
    orders: 3,
    revenue: 18050,
    currency: 'EUR',
    averageOrderValue: 6017,
    otherCurrencyOrders: 0,
    conversion: 83.3,
  };

  it('writes money in the shop’s currency and conversion against the completions', () => {
    expect(revenueKpis(revenue, { count: 1, one: 'completion', many: 'completions' })).toEqual([
      { label: 'Orders', value: '3', help: 'Within 7 days of a play or spin' },
      { label: 'Revenue', value: '€180.50', help: 'Order totals, with tax and shipping' },
      { label: 'Average order value', value: '€60.17', help: 'Revenue per order' },
      { label: 'Conversion', value: '83.3%', help: '3 orders from 1 completion' },
    ]);
    expect(
      revenueKpis({ ...revenue, orders: 1, currency: 'JPY', revenue: 1000 }, { count: 4, one: 'spin', many: 'spins' })[1],
    ).toEqual({ label: 'Revenue', value: '¥1,000', help: 'Order totals, with tax and shipping' });
  });

  it('has no money to write without a currency, and notes orders in another one', () => {
    expect(money({ currency: null }, 0)).toBe('—');
    expect(otherCurrencyNote(0)).toBeNull();
    expect(otherCurrencyNote(1)).toBe('1 order in another currency, not counted here.');
    expect(otherCurrencyNote(2)).toBe('2 orders in another currency, not counted here.');
  });
});
