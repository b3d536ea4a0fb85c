import { adminLimits, adminMessages } from '@quizlead/shared/admin.ts';
import { formatDay } from '@quizlead/shared/billing.ts';
import { ZAdminAccountListResponse, type TAdminAccountRow } from '@quizlead/shared/schemas/admin.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../../test/fakeApi.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { SignedIn, sessionUser } from '../../../test/signedIn.tsx';
import { adminUrl } from '../../../urls.ts';
import { AdminArea } from '../AdminArea.tsx';
import { accountTexts, areaTexts } from '../texts.ts';

const row = (n: number, change: Partial<TAdminAccountRow> = {}): TAdminAccountRow => ({
  id: `8b9c0d1e-2f30-4a41-8b52-${String(n).padStart(12, '0')}`,
  kind: 'standalone',
  companyName: `Company ${n}`,
  shopDomain: null,
  mode: 'free',
  status: 'active',
  ownerEmail: `owner${n}@example.com`,
  userCount: 1,
  createdAt: '2026-03-04T10:00:00.000Z',
  planName: null,
  paidUntil: null,
  ...change,
});
/** Rows `first`..`last` of `total`, as the server pages them. */
const page = (rows: TAdminAccountRow[], total = rows.length, number = 1) => ({
  body: ZAdminAccountListResponse.parse({ data: { items: rows, total, page: number, pageSize: adminLimits.pageSize } }),
});
const rowsFrom = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, index) => row(first + index));

const admin = sessionUser('owner', { platformAdmin: true });
const open = (path = '/app/Admin/accounts', user = admin) =>
  renderScreen(
    <SignedIn user={user}>
      <AdminArea />
    </SignedIn>,
    { path, route: '/app/Admin/*' },
  );
const accountRows = () => screen.getAllByRole('row').slice(1);
const cells = (element: HTMLElement) =>
  within(element)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
/** The account list's query as the server got it: `q` and `page`. */
const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://localhost').searchParams);
const listRequests = (requests: { path: string }[]) =>
  requests.filter((request) => request.path.startsWith('/api/v1/admin/accounts')).map((request) => queryOf(request.path));

describe('the admin area’s accounts', () => {
  it('says it is loading until the first page arrives, then a row per account', async () => {
    let reply: (value: ReturnType<typeof page>) => void = () => {};
    fakeApi({ 'GET /api/v1/admin/accounts': () => new Promise((resolve) => (reply = resolve)) as never });
    open();
    expect(screen.getByText(areaTexts.loading).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: accountTexts.title, level: 1 })).toBeTruthy();

    reply(
      page([
        row(1, { planName: 'Pro', paidUntil: '2026-12-31T23:59:59.999Z', mode: 'paid', userCount: 3 }),
        row(2, { kind: 'shopify', companyName: ' ', shopDomain: 'bean.myshopify.com', status: 'uninstalled', ownerEmail: null }),
      ]),
    );
    const link = await screen.findByRole('link', { name: accountTexts.open('Company 1') });
    expect(link.getAttribute('href')).toBe(`/app/Admin/accounts/${row(1).id}`);
    const [first, second] = accountRows();
    expect(cells(first!)).toEqual([
      'Company 1',
      accountTexts.kinds.standalone,
      'owner1@example.com',
      '3',
      accountTexts.paidUntil('Pro', formatDay('2026-12-31T23:59:59.999Z')),
      formatDay('2026-03-04T10:00:00.000Z'),
    ]);
    expect(cells(second!).slice(0, 5)).toEqual([
      'bean.myshopify.com',
      expect.stringMatching(new RegExp(`^${accountTexts.kinds.shopify}.*${accountTexts.uninstalled}$`)),
      areaTexts.none,
      '1',
      accountTexts.freePlan,
    ]);
    expect(screen.getByText(areaTexts.showing(1, 2, 2))).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: accountTexts.title })).toBeNull();
    expect(screen.queryByText(areaTexts.loading)).toBeNull();
  });

  it('searches once typing pauses, from the first page, and says when nothing matches', async () => {
    const api = fakeApi({
      'GET /api/v1/admin/accounts': ({ path }) => {
        const { q, page: number } = queryOf(path);
        if (q === 'nobody') return page([]);
        if (q === 'olive') return page([row(7, { companyName: 'Olive Oils' })]);
        return number === '2' ? page(rowsFrom(26, 30), 30, 2) : page(rowsFrom(1, 25), 30);
      },
    });
    const { user } = open('/app/Admin/accounts?page=2');
    expect(await screen.findByText(areaTexts.showing(26, 30, 30))).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: accountTexts.search });
    expect((search as HTMLInputElement).maxLength).toBe(adminLimits.searchLength);
    await user.type(search, ' olive ');
    expect(await screen.findByRole('link', { name: accountTexts.open('Olive Oils') })).toBeTruthy();
    expect(accountRows()).toHaveLength(1);

    await user.clear(search);
    await user.type(search, 'nobody{Enter}');
    expect(await screen.findByText(adminMessages.noAccounts)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // Every search asks for its first page (a slow machine may search a word typed halfway too).
    const asked = listRequests(api.requests);
    expect(asked[0]).toEqual({ page: '2' });
    expect(asked).toContainEqual({ q: 'olive' });
    expect(asked.at(-1)).toEqual({ q: 'nobody' });
    expect(asked.slice(1).every((query) => query.q && query.page === undefined)).toBe(true);
  });

  it('pages through the accounts with Next and Previous', async () => {
    const api = fakeApi({
      'GET /api/v1/admin/accounts': ({ path }) =>
        queryOf(path).page === '2' ? page(rowsFrom(26, 30), 30, 2) : page(rowsFrom(1, 25), 30),
    });
    const { user } = open();
    expect(await screen.findByText(areaTexts.showing(1, 25, 30))).toBeTruthy();
    expect(screen.getByText(areaTexts.pages(1, 2))).toBeTruthy();
    expect(accountRows()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(areaTexts.showing(26, 30, 30))).toBeTruthy();
    expect(screen.getByText(areaTexts.pages(2, 2))).toBeTruthy();
    expect(screen.getByRole('link', { name: accountTexts.open('Company 30') })).toBeTruthy();
    expect(accountRows()).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(areaTexts.showing(1, 25, 30))).toBeTruthy();
    expect(listRequests(api.requests)).toEqual([{}, { page: '2' }, {}]);
  });

  it('says when the accounts could not load, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({ 'GET /api/v1/admin/accounts': () => (fail ? offline() : page([row(1)])) });
    const { user } = open();
    expect(await screen.findByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: accountTexts.open('Company 1') })).toBeTruthy();
    expect(screen.queryByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeNull();
  });

  it('sends a signed-in user who is no platform administrator to the dashboard, asking nothing', async () => {
    const api = fakeApi({ 'GET /api/v1/admin/accounts': () => page([row(1)]) });
    const { location } = open('/app/Admin/accounts', sessionUser('owner'));
    await expect.poll(location).toBe(adminUrl('Dashboard'));
    expect(api.requests).toHaveLength(0);
  });
});
