import { footerLinksFor } from '@quizlead/shared/poweredBy.ts';
import type { TPublicFeedback } from '@quizlead/shared/schemas/feedback.ts';
import type { TPublicPoll } from '@quizlead/shared/schemas/poll.ts';
import type { TPublicWheel } from '@quizlead/shared/schemas/wheel.ts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The pixels themselves (web/src/public/adPixels.ts) are the e2e test's (standalone/e2e/adPixels.e2e.test.ts):
// here, what each widget asks of them and when.
const pixels = vi.hoisted(() => ({ startAdPixels: vi.fn(), firePixels: vi.fn() }));
vi.mock('../public/adPixels.ts', () => pixels);
const api = vi.hoisted(() => ({
  poll: vi.fn(),
  vote: vi.fn(),
  feedback: vi.fn(),
  respond: vi.fn(),
  wheel: vi.fn(),
  spin: vi.fn(),
}));
vi.mock('./api.ts', async (original) => ({ ...(await original<object>()), widgetApi: api }));

const { PollPage } = await import('./Poll.tsx');
const { FeedbackPage } = await import('./Feedback.tsx');
const { WheelPage } = await import('./Wheel.tsx');

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ids = { metaPixelId: '1234567890123456', tiktokPixelId: 'C4ABCDEFGHIJ12345678' };
const owner = { ownerMode: 'paid' as const, footerLinks: footerLinksFor('standalone', '') };
const events = () => pixels.firePixels.mock.calls.map(([event]) => event);

const poll = (fields: Partial<TPublicPoll> = {}): TPublicPoll => ({
  id: '7f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
  ...owner,
  slug: 'tea-or-coffee',
  description: 'Tea or coffee?',
  options: ['Tea', 'Coffee'],
  colors: { background: '#ffffff', text: '#000000' },
  collectEmail: true,
  demo: false,
  closed: false,
  results: { total: 0, options: [] },
  ...ids,
  ...fields,
});

describe('a poll’s pixels', () => {
  it('starts them with the poll’s ids once it is shown, then fires the lead and the vote with the option as stored', async () => {
    api.poll.mockResolvedValue(poll());
    api.vote.mockResolvedValue({
      message: 'Thanks',
      option: 1,
      results: {
        total: 1,
        options: [
          { text: 'Tea', votes: 0, percentage: 0 },
          { text: 'Coffee', votes: 1, percentage: 100 },
        ],
      },
    });
    render(<PollPage id="p" demo={false} framed={false} />);
    const item = { kind: 'poll', id: poll().id, title: 'Tea or coffee?' };
    await waitFor(() => expect(events()).toEqual([{ name: 'start', item }]));
    expect(pixels.startAdPixels).toHaveBeenCalledWith(expect.objectContaining(ids), false);

    fireEvent.click(screen.getByRole('button', { name: 'Coffee' }));
    fireEvent.input(screen.getByLabelText(/email/i), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /vote/i }));
    await waitFor(() =>
      expect(events()).toEqual([
        { name: 'start', item },
        { name: 'lead', item },
        { name: 'completion', item, outcome: 'Coffee', value: undefined },
      ]),
    );
  });

  it('tells startAdPixels the demo is a preview, and fires no lead without an email', async () => {
    api.poll.mockResolvedValue(poll({ demo: true, collectEmail: false, metaPixelId: '', tiktokPixelId: '' }));
    api.vote.mockResolvedValue({
      message: 'Thanks',
      option: 0,
      results: { total: 1, options: [{ text: 'Tea', votes: 1, percentage: 100 }] },
    });
    render(<PollPage id="p" demo framed={false} />);
    await waitFor(() => expect(pixels.startAdPixels).toHaveBeenCalledWith(expect.anything(), true));
    fireEvent.click(screen.getByRole('button', { name: 'Tea' }));
    fireEvent.click(screen.getByRole('button', { name: /vote/i }));
    await waitFor(() => expect(events().map((event) => event.name)).toEqual(['start', 'completion']));
  });
});

describe('a web response’s pixels', () => {
  it('fires start, then the lead and the rating sent', async () => {
    const feedback: TPublicFeedback = {
      id: '1f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
      ...owner,
      title: 'How was it?',
      question: 'Did this page help?',
      feelingType: 'scale',
      values: ['1', '2', '3', '4', '5'],
      customColor: null,
      collectEmail: true,
      ...ids,
    };
    api.feedback.mockResolvedValue(feedback);
    api.respond.mockResolvedValue({ message: '' });
    render(<FeedbackPage id="f" framed={false} />);
    const item = { kind: 'feedback', id: feedback.id, title: 'How was it?' };
    await waitFor(() => expect(events()).toEqual([{ name: 'start', item }]));
    expect(pixels.startAdPixels).toHaveBeenCalledWith(expect.objectContaining(ids), false);
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.input(screen.getByLabelText(/email/i), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /send/i }));
    await waitFor(() =>
      expect(events().slice(1)).toEqual([
        { name: 'lead', item },
        { name: 'completion', item, outcome: '4', value: undefined },
      ]),
    );
  });
});

describe('a wheel’s pixels', () => {
  const wheel: TPublicWheel = {
    id: '2f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
    ...owner,
    slug: 'spin',
    description: 'Spin to win',
    options: ['€5 off', 'Nothing', 'Try again'],
    collectEmail: true,
    askPhone: false,
    smsConsentText: '',
    resultEmail: false,
    playButtonType: 'text',
    playButtonText: 'Spin',
    playButtonImage: null,
    revealDelayMs: 10,
    ...ids,
  };
  const drawn = { optionIndex: 0, result: '€5 off', prizeCode: 'WIN-1', prizePending: false, prizeExpiresAt: null };

  it('fires start, then the lead and the spin with the prize and its worth', async () => {
    api.wheel.mockResolvedValue(wheel);
    api.spin.mockResolvedValue({ ...drawn, repeated: false, prizeValue: { amount: 5, currency: 'EUR' } });
    render(<WheelPage id="w" framed={false} />);
    const item = { kind: 'wheel', id: wheel.id, title: 'Spin to win' };
    await waitFor(() => expect(events()).toEqual([{ name: 'start', item }]));
    fireEvent.input(screen.getByLabelText(/email/i), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() =>
      expect(events().slice(1)).toEqual([
        { name: 'lead', item },
        { name: 'completion', item, outcome: '€5 off', value: { amount: 5, currency: 'EUR' } },
      ]),
    );
  });

  it('fires nothing more for an email that spun before: that spin counted already', async () => {
    api.wheel.mockResolvedValue(wheel);
    api.spin.mockResolvedValue({ ...drawn, repeated: true, prizeValue: null });
    render(<WheelPage id="w" framed={false} />);
    await waitFor(() => expect(events()).toHaveLength(1));
    fireEvent.input(screen.getByLabelText(/email/i), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(api.spin).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('wheel-result')).toBeTruthy());
    expect(events().map((event) => event.name)).toEqual(['start']);
  });
});
