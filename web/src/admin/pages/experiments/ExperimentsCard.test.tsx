import {
  experimentSubjectLabels,
  ZExperiment,
  type TExperiment,
  type TVariantReport,
} from '@quizlead/shared/schemas/experiments.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { SignedIn, sessionUser } from '../../test/signedIn.tsx';
import { ExperimentsCard } from './ExperimentsCard.tsx';
import { experimentTexts as texts } from './texts.ts';

const quizId = '5d2c7e90-3a41-4b6f-9c8d-7e6f5a4b3c2d';
const wheelId = '6e3d8fa1-4b52-4c70-8d9e-8f7a6b5c4d3e';
const quizTests = `/api/v1/quizzes/${quizId}/experiments`;

const quizDetail = { id: quizId, settings: { welcomeMessage: '<p>Welcome</p>', leadGate: 'before', collectEmail: true } };
const answer = (data: unknown) => ({ body: { data } });

const figures = (
  key: TVariantReport['key'],
  name: string,
  share: number,
  visitors: number,
  leads: number,
  against: number | null,
): TVariantReport => ({
  key,
  name,
  share,
  value: '',
  visitors,
  completions: visitors,
  leads,
  orders: 0,
  revenue: 0,
  completionsVsOriginal: null,
  leadsVsOriginal: against === null ? null : { difference: against, confidence: 0.97 },
  ordersVsOriginal: null,
});
const test = (fields: Partial<TExperiment> = {}): TExperiment =>
  ZExperiment.parse({
    id: '7f4e90b2-5c63-4d81-9eaf-90a8b7c6d5e4',
    subject: 'intro',
    status: 'running',
    winner: null,
    startedAt: '2026-11-20T10:00:00.000Z',
    endedAt: null,
    metric: 'leads',
    currency: null,
    leader: 'b',
    variants: [figures('a', 'Original', 50, 200, 20, null), figures('b', 'Short intro', 50, 200, 36, 0.08)],
    ...fields,
  });
const ended = test({
  id: '80a5f1c3-6d74-4e92-afb0-a1b9c8d7e6f5',
  status: 'ended',
  winner: 'b',
  startedAt: '2026-10-01T10:00:00.000Z',
  endedAt: '2026-10-15T10:00:00.000Z',
  leader: null,
  variants: [figures('a', 'Original', 50, 0, 0, null), figures('b', 'Bold intro', 50, 0, 0, null)],
});
const day = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function open(kind: 'quiz' | 'wheel' = 'quiz') {
  return renderScreen(
    <SignedIn user={sessionUser('member')}>
      <ExperimentsCard kind={kind} id={kind === 'quiz' ? quizId : wheelId} />
    </SignedIn>,
  );
}

const startButton = () => screen.getByRole('button', { name: `${texts.start}: ${texts.title}` });

describe('the A/B test card', () => {
  it('shows a skeleton until the tests and the item arrive, then what a test is and Start test', async () => {
    let reply: (value: ReturnType<typeof answer>) => void = () => {};
    fakeApi({
      [`GET ${quizTests}`]: () => new Promise((resolve) => (reply = resolve)) as never,
      [`GET /api/v1/quizzes/${quizId}`]: () => answer(quizDetail),
    });
    open();
    expect(screen.getByRole('heading', { name: texts.title })).toBeTruthy();
    const skeleton = screen.getByLabelText(texts.loading);
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(texts.emptyTitle)).toBeNull();

    reply(answer([]));
    expect(await screen.findByText(texts.emptyTitle)).toBeTruthy();
    expect(screen.getByText(texts.emptyBody)).toBeTruthy();
    expect(startButton()).toBeTruthy();
    expect(screen.queryByLabelText(texts.loading)).toBeNull();
    expect(screen.queryByText(texts.earlier)).toBeNull();
  });

  it('says when the tests could not load, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({
      [`GET ${quizTests}`]: () => (fail ? offline() : answer([])),
      [`GET /api/v1/quizzes/${quizId}`]: () => answer(quizDetail),
    });
    const { user } = open();
    expect(await screen.findByText(`${texts.loadFailed} ${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(texts.emptyTitle)).toBeTruthy();
    expect(screen.queryByText(texts.loadFailed, { exact: false })).toBeNull();
  });

  it('says the item is missing as a failure to load, without a server message', async () => {
    fakeApi({ [`GET ${quizTests}`]: () => answer([]) });
    open();
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the running test’s figures per variant against the original, the verdict, End test, and the earlier tests', async () => {
    fakeApi({
      [`GET ${quizTests}`]: () => answer([test(), ended]),
      [`GET /api/v1/quizzes/${quizId}`]: () => answer(quizDetail),
    });
    open();
    expect(await screen.findByText(texts.running)).toBeTruthy();
    expect(screen.getByText(`${texts.since(day(test().startedAt))} · ${texts.decidedBy(texts.metricName.leads)}`)).toBeTruthy();
    expect(screen.getByText(texts.leader('Short intro', texts.metricName.leads))).toBeTruthy();
    expect(screen.getByText('Short intro (50%)')).toBeTruthy();
    expect(screen.getByText('36 · 18%')).toBeTruthy();
    expect(screen.getByText(texts.difference(8, 0.97))).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.end })).toBeTruthy();
    expect(screen.getByRole('link', { name: `${texts.preview} Short intro` }).getAttribute('href')).toBe(
      `/quizplayer.html?quizid=${quizId}&preview=1&variant=b`,
    );
    // No test can start beside a running one.
    expect(screen.queryByRole('button', { name: `${texts.start}: ${texts.title}` })).toBeNull();

    expect(screen.getByRole('heading', { name: texts.earlier })).toBeTruthy();
    expect(screen.getByText('Original vs Bold intro')).toBeTruthy();
    expect(screen.getByText(texts.endedOn(day(ended.endedAt!), 'Bold intro'))).toBeTruthy();
  });

  it('gives no verdict before each variant has its visitors', async () => {
    fakeApi({
      [`GET ${quizTests}`]: () =>
        answer([test({ leader: null, variants: [figures('a', 'Original', 50, 20, 2, null), figures('b', 'B', 50, 30, 3, 0)] })]),
      [`GET /api/v1/quizzes/${quizId}`]: () => answer(quizDetail),
    });
    open();
    expect(await screen.findByText(texts.visitorsNeeded)).toBeTruthy();
  });

  it('opens the form in place, closes it on Cancel, and after a start says so and shows the test running', async () => {
    let running: TExperiment[] = [];
    const api = fakeApi({
      [`GET ${quizTests}`]: () => answer(running),
      [`GET /api/v1/quizzes/${quizId}`]: () => answer(quizDetail),
      [`POST ${quizTests}`]: () => {
        running = [test({ leader: null })];
        return { status: 201, body: { data: running[0] } };
      },
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: `${texts.start}: ${texts.title}` }));
    expect((screen.getByLabelText(texts.whatToTest) as HTMLSelectElement).value).toBe('intro');
    expect(screen.queryByText(texts.emptyTitle)).toBeNull();
    await user.click(screen.getByRole('button', { name: texts.cancel }));
    expect(screen.queryByLabelText(texts.whatToTest)).toBeNull();

    await user.click(startButton());
    await user.click(screen.getByRole('button', { name: texts.start }));
    await expect.poll(toast).toBe(texts.started);
    expect(await screen.findByText(texts.running)).toBeTruthy();
    expect(screen.queryByLabelText(texts.whatToTest)).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('tests a wheel’s odds, and only once it has two slices', async () => {
    let options = [{ text: 'Free shipping', weight: 1 }];
    fakeApi({
      [`GET /api/v1/wheels/${wheelId}/experiments`]: () => answer([]),
      [`GET /api/v1/wheels/${wheelId}`]: () => answer({ id: wheelId, options }),
    });
    const { user, unmount } = open('wheel');
    expect((await screen.findByRole('button', { name: `${texts.start}: ${texts.title}` })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    unmount();

    options = [...options, { text: '10% off', weight: 3 }];
    open('wheel');
    await user.click(await screen.findByRole('button', { name: `${texts.start}: ${texts.title}` }));
    expect(screen.getByText(`${texts.whatToTest}: ${experimentSubjectLabels.odds}`)).toBeTruthy();
  });

  it('ends the test keeping the variant chosen, says so and lists it with the earlier tests', async () => {
    let tests = [test()];
    const api = fakeApi({
      [`GET ${quizTests}`]: () => answer(tests),
      [`GET /api/v1/quizzes/${quizId}`]: () => answer(quizDetail),
      [`POST ${quizTests}/${test().id}/end`]: ({ body }) => {
        tests = [test({ status: 'ended', winner: (body as { winner: 'a' | 'b' }).winner, endedAt: '2026-11-27T10:00:00.000Z' })];
        return answer(tests[0]);
      },
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: texts.end }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(texts.endBody)).toBeTruthy();
    // The leader is chosen to begin with.
    expect((within(dialog).getByLabelText('Short intro') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText('Original'));
    await user.click(within(dialog).getByRole('button', { name: texts.endAction }));
    await expect.poll(toast).toBe(texts.ended('Original'));
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `${quizTests}/${test().id}/end`, body: { winner: 'a' } },
    ]);
    expect(await screen.findByText(texts.endedOn(day('2026-11-27T10:00:00.000Z'), 'Original'))).toBeTruthy();
    expect(await screen.findByText(texts.emptyTitle)).toBeTruthy();
  });
});
