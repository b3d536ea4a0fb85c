import { ZProduct, type TProduct } from '@quizlead/shared/schemas/products.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { sessionUser, SignedIn } from '../../test/signedIn.tsx';
import { ProductsPage } from './ProductsPage.tsx';
import { productTexts as texts } from './texts.ts';

const synced: TProduct = ZProduct.parse({
  id: '5d6e7f80-91a2-4b3c-8d4e-5f6071829304',
  source: 'shopify',
  externalId: 'gid://shopify/Product/8123456789',
  variantId: '44123456789',
  title: 'Desk lamp',
  url: 'https://shop.example/products/desk-lamp',
  imageUrl: null,
  price: '19.90',
  currency: 'EUR',
  tags: [],
  available: true,
});

describe('the Products screen', () => {
  it('links a product synced from Shopify to its page in Shopify’s admin, where it is changed', async () => {
    fakeApi({ 'GET /api/v1/products': () => ({ body: { data: { items: [synced], total: 1, page: 1, pageSize: 20 } } }) });
    renderScreen(
      <SignedIn user={sessionUser('owner')}>
        <ProductsPage />
      </SignedIn>,
      { path: '/shopify/app/Products' },
    );
    const link = await screen.findByRole('link', { name: texts.shopifyManaged });
    expect(link.getAttribute('href')).toBe('shopify://admin/products/8123456789');
    // Shopify's admin page replaces the app's frame, as App Bridge's navigation does.
    expect(link.getAttribute('target')).toBe('_top');
  });
});
