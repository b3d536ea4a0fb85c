import { planFeatures } from '@quizlead/shared/planFeatures.ts';
import type { TShopifyPlan } from '@quizlead/shared/schemas/shopifyAccount.ts';
import { shopifyPlanMessages } from '@quizlead/shared/shopify.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { planTexts, ShopifyPlanPage } from './ShopifyPlanPage.tsx';

const planPageUrl = 'https://admin.shopify.com/store/tea-shop/charges/quizlead/pricing_plans';
const plan = (change: Partial<TShopifyPlan>): TShopifyPlan => ({
  mode: 'free',
  planName: 'Free',
  status: null,
  test: false,
  currentPeriodEnd: null,
  planPageUrl,
  live: true,
  features: planFeatures(change.mode ?? 'free'),
  ...change,
});

function open(shown: TShopifyPlan) {
  fakeApi({ 'GET /api/v1/shopify/plan': () => ({ body: { data: shown } }) });
  return renderScreen(<ShopifyPlanPage />, { path: '/shopify/app/Plan' });
}

describe('a shop’s Plan page', () => {
  it.each(['free', 'paid'] as const)('says what the %s plan includes, and links to Shopify’s plan page', async (mode) => {
    open(plan({ mode, planName: mode === 'paid' ? 'Pro' : 'Free', status: mode === 'paid' ? 'ACTIVE' : null }));
    const list = await screen.findByRole('list', { name: planTexts.includes });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(planFeatures(mode));
    const link = screen.getByRole('link', { name: shopifyPlanMessages.changePlan });
    expect(link.getAttribute('href')).toBe(planPageUrl);
    // Shopify's page cannot be framed: it replaces the whole admin page.
    expect(link.getAttribute('target')).toBe('_top');
  });
});
