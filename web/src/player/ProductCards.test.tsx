import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '@quizlead/shared/i18n/catalogue/fr.ts';
import { setLanguage } from '@quizlead/shared/i18n/translate.ts';
import { showLanguage } from '../public/language.ts';
import { ProductCards } from './ProductCards.tsx';

/** A storefront of the Canadian market in French: the theme's locale-aware root is /fr-ca/. */
beforeEach(async () => {
  await showLanguage('fr');
  (window as unknown as { Shopify: unknown }).Shopify = { routes: { root: '/fr-ca/' } };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('en', undefined);
});

const product = {
  id: '0b7d4c4e-1f5b-4f43-9a57-1c1a2f0e6b11',
  variantId: '45000000001',
  title: 'Thé vert',
  url: 'https://tea.example/products/green-tea',
  imageUrl: null,
  price: '13.50',
  currency: 'CAD',
};

describe('product cards in the shopper’s market and language', () => {
  it('write the market price as the language shown, and add to the market’s cart', async () => {
    // The theme's Ajax cart, as the storefront answers it.
    const requests: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      requests.push({ method: init.method ?? 'GET', path: input, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ items: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    render(<ProductCards products={[product]} cartProperties={{ _quizlead_quiz: 'q1' }} />);
    expect(screen.getByText('Thé vert')).toBeTruthy();
    expect(document.querySelector('.ql-product__price')?.textContent).toBe('13,50\u00a0$CA');

    fireEvent.click(await screen.findByRole('button', { name: `${fr['products.addToCart'] as string} Thé vert` }));
    await waitFor(() =>
      expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /fr-ca/cart/add.js']),
    );
    expect(requests[0]!.body).toEqual({ items: [{ id: 45000000001, quantity: 1, properties: { _quizlead_quiz: 'q1' } }] });
  });
});
