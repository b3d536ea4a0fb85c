import { wheelMessages } from '@quizlead/shared/engagement.ts';
import type { TWheel, TWheelSpinRow } from '@quizlead/shared/schemas/wheel.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { WheelSpinsPage } from './WheelSpinsPage.tsx';

const id = '0b7c2f1e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const wheel: TWheel = {
  id,
  slug: 'spin-to-win',
  description: 'Spin to win',
  options: [
    { text: '15% off', weight: 1, prizeCode: '', prize: null, prizePool: null },
    { text: 'Nothing', weight: 1, prizeCode: '', prize: null, prizePool: null },
  ],
  status: 'published',
  collectEmail: true,
  allowRepeatSpins: false,
  ignoreEmailTags: false,
  playButtonType: 'text',
  playButtonText: 'Spin',
  playButtonImage: null,
  askPhone: false,
  smsConsentText: '',
  resultEmail: false,
  resultEmailSubject: '',
  resultEmailBody: '',
  totalSpins: 3,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  metaPixelId: '',
  tiktokPixelId: '',
};
const spin = (row: Partial<TWheelSpinRow> & Pick<TWheelSpinRow, 'email'>): TWheelSpinRow => ({
  id: crypto.randomUUID(),
  optionIndex: 0,
  result: '15% off',
  prizeCode: null,
  prizePending: false,
  date: '2026-11-27T11:00:00.000Z',
  language: null,
  ...row,
});

describe('the wheel’s spins', () => {
  it('marks a winner still waiting for a discount code, apart from one with a code and one who won nothing', async () => {
    const items = [
      spin({ email: 'waiting@example.com', prizePending: true }),
      spin({ email: 'given@example.com', prizeCode: 'WIN-7KD2' }),
      spin({ email: 'nothing@example.com', optionIndex: 1, result: 'Nothing' }),
    ];
    fakeApi({
      [`GET /api/v1/wheels/${id}`]: () => ({ body: { data: wheel } }),
      [`GET /api/v1/wheels/${id}/spins`]: () => ({ body: { data: { items, total: 3, page: 1, pageSize: 50 } } }),
    });
    renderScreen(<WheelSpinsPage />, { path: `/app/wheelspin/response/${id}`, route: '/app/wheelspin/response/:id' });
    const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr')!;

    const waiting = await rowOf('waiting@example.com');
    expect(within(waiting).getByText(wheelMessages.prizeCodeWaiting)).toBeTruthy();
    expect(within(await rowOf('given@example.com')).getByText('Prize code: WIN-7KD2')).toBeTruthy();
    for (const email of ['given@example.com', 'nothing@example.com']) {
      expect(within(await rowOf(email)).queryByText(wheelMessages.prizeCodeWaiting)).toBeNull();
    }
  });

  it('says nothing of waiting winners when every winner has a code', async () => {
    fakeApi({
      [`GET /api/v1/wheels/${id}`]: () => ({ body: { data: wheel } }),
      [`GET /api/v1/wheels/${id}/spins`]: () => ({
        body: { data: { items: [spin({ email: 'given@example.com', prizeCode: 'WIN-1' })], total: 1, page: 1, pageSize: 50 } },
      }),
    });
    renderScreen(<WheelSpinsPage />, { path: `/app/wheelspin/response/${id}`, route: '/app/wheelspin/response/:id' });
    expect(await screen.findByText('given@example.com')).toBeTruthy();
    expect(screen.queryByText(wheelMessages.prizeCodeWaiting)).toBeNull();
  });
});
