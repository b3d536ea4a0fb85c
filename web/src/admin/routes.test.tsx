import { billingMessages } from '@quizlead/shared/billing.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { screen } from '@testing-library/react';
import { Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from './routes.tsx';
import { fakeApi } from './test/fakeApi.ts';
import { renderScreen } from './test/renderScreen.tsx';
import { sessionUser, SignedIn } from './test/signedIn.tsx';

/** The server refuses a member the billing screens' data. */
const refused = () => ({ status: 403, body: { error: { code: 'forbidden', message: permissionMessages.forbidden } } });

/** The standalone shell's screens at `path`, as `user` opens them by address. */
function openByAddress(path: string, role: 'owner' | 'member') {
  const api = fakeApi({
    'GET /api/v1/billing/plans': refused,
    'GET /api/v1/invoices': refused,
  });
  renderScreen(
    <SignedIn user={sessionUser(role)}>
      <Routes>{adminRoutes('standalone')}</Routes>
    </SignedIn>,
    { path, route: '/app/*' },
  );
  return api;
}

describe('a screen only owners may open', () => {
  it.each(['/app/Plans', '/app/Invoices'])(
    '%s by address shows a member the owners-only notice, asking nothing',
    async (path) => {
      const api = openByAddress(path, 'member');
      expect(await screen.findByText(permissionMessages.screenOwnerOnly)).toBeTruthy();
      expect(screen.queryByText(billingMessages.plansLoadFailed)).toBeNull();
      expect(api.requests).toEqual([]);
    },
  );

  it('opens for the owner as before', async () => {
    const api = openByAddress('/app/Invoices', 'owner');
    await expect.poll(() => api.requests.map((request) => request.path)).toEqual(['/api/v1/invoices']);
    expect(screen.queryByText(permissionMessages.screenOwnerOnly)).toBeNull();
  });
});
