import { ZAdminWebVitalsResponse, type TAdminWebVital } from '@quizlead/shared/schemas/webVitals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { areaTexts, webVitalTexts } from './texts.ts';
import { WebVitalsPage } from './WebVitalsPage.tsx';

const figure = (change: Partial<TAdminWebVital>): TAdminWebVital => ({
  page: '/Quizzes',
  surface: 'standalone',
  metric: 'LCP',
  p75: 1800,
  samples: 240,
  ...change,
});
const answer = (items: TAdminWebVital[]) => ({
  body: ZAdminWebVitalsResponse.parse({ data: { windowDays: 28, since: '2026-11-01', items } }),
});

const open = () => renderScreen(<WebVitalsPage />, { path: '/app/Admin/web-vitals', route: '/app/Admin/web-vitals' });
const section = (surface: 'embedded' | 'standalone') => screen.getByRole('region', { name: webVitalTexts.surfaces[surface] });
/** The row of a page in a shell's table: the cells from the page's own to the row's end. */
const rowOf = (surface: 'embedded' | 'standalone', page: string) =>
  within(section(surface)).getByText(page).closest('tr, li') as HTMLElement;

describe('the admin area’s web vitals', () => {
  it('says it is loading, then shows each page’s p75 per shell against the Built for Shopify thresholds', async () => {
    let reply: (value: ReturnType<typeof answer>) => void = () => {};
    fakeApi({ 'GET /api/v1/admin/web-vitals': () => new Promise((resolve) => (reply = resolve)) as never });
    open();
    expect(screen.getByText(areaTexts.loading).closest('[role="status"]')).toBeTruthy();

    reply(
      answer([
        figure({ page: '/', surface: 'embedded', metric: 'LCP', p75: 2500, samples: 150 }),
        figure({ page: '/', surface: 'embedded', metric: 'CLS', p75: 0.25, samples: 150 }),
        figure({ page: '/', surface: 'embedded', metric: 'INP', p75: 201, samples: 37 }),
        figure({ page: '/', surface: 'embedded', metric: 'TTFB', p75: 90, samples: 150 }),
        figure({ page: '/Quizzes', metric: 'LCP', p75: 3250, samples: 100 }),
        figure({ page: '/Quizzes', metric: 'INP', p75: 120, samples: 1 }),
      ]),
    );
    const embedded = await screen.findByRole('region', { name: webVitalTexts.surfaces.embedded });
    expect(screen.getByText(webVitalTexts.window(28, '2026-11-01'))).toBeTruthy();
    for (const threshold of ['LCP ≤ 2.50 s', 'CLS ≤ 0.1', 'INP ≤ 200 ms']) expect(screen.getByText(threshold)).toBeTruthy();

    // The dashboard inside Shopify: LCP exactly at the threshold is good, CLS and INP over it need work.
    const dashboard = rowOf('embedded', '/');
    expect(within(dashboard).getByText('2.50 s')).toBeTruthy();
    expect(within(dashboard).getByText('0.250')).toBeTruthy();
    expect(within(dashboard).getByText('201 ms')).toBeTruthy();
    expect(within(dashboard).getAllByText(webVitalTexts.good)).toHaveLength(1);
    expect(within(dashboard).getAllByText(webVitalTexts.needsWork)).toHaveLength(2);
    expect(within(dashboard).getAllByText(webVitalTexts.samples(150))).toHaveLength(2);
    // Fewer than 100 samples: said, as Shopify would not judge the page yet.
    expect(within(dashboard).getByText(webVitalTexts.fewSamples(37, 100))).toBeTruthy();
    // TTFB is stored, not shown.
    expect(within(embedded).queryByText('90 ms')).toBeNull();

    const quizzes = rowOf('standalone', '/Quizzes');
    expect(within(quizzes).getByText('3.25 s')).toBeTruthy();
    expect(within(quizzes).getByText(webVitalTexts.samples(100))).toBeTruthy();
    expect(within(quizzes).getByText('120 ms')).toBeTruthy();
    expect(within(quizzes).getByText(webVitalTexts.fewSamples(1, 100))).toBeTruthy();
    expect(within(quizzes).getByText(webVitalTexts.notMeasured)).toBeTruthy();
    expect(within(section('standalone')).queryByText('/')).toBeNull();
    expect(screen.queryByText(areaTexts.loading)).toBeNull();
  });

  it('shows only the shells that reported', async () => {
    fakeApi({ 'GET /api/v1/admin/web-vitals': () => answer([figure({})]) });
    open();
    expect(await screen.findByRole('region', { name: webVitalTexts.surfaces.standalone })).toBeTruthy();
    expect(screen.queryByRole('region', { name: webVitalTexts.surfaces.embedded })).toBeNull();
  });

  it('says when no page has reported, even if only loading steps came in', async () => {
    fakeApi({ 'GET /api/v1/admin/web-vitals': () => answer([figure({ metric: 'FCP' })]) });
    open();
    expect(await screen.findByText(webVitalTexts.empty)).toBeTruthy();
    expect(screen.queryByRole('region', { name: webVitalTexts.surfaces.standalone })).toBeNull();
  });

  it('says when the figures could not load, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({ 'GET /api/v1/admin/web-vitals': () => (fail ? offline() : answer([figure({})])) });
    const { user } = open();
    expect(await screen.findByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1.80 s')).toBeTruthy();
  });

  it('is in the admin area’s sections', async () => {
    fakeApi({ 'GET /api/v1/admin/web-vitals': () => answer([]) });
    open();
    const nav = screen.getByRole('navigation', { name: areaTexts.sectionsLabel });
    const link = within(nav).getByRole('link', { name: areaTexts.sections['web-vitals'] });
    expect(link.getAttribute('href')).toBe('/app/Admin/web-vitals');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
