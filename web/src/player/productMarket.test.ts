import { describe, expect, it } from 'vitest';
import { formatProductPrice } from '@quizlead/shared/engine/products.ts';
import { productMarketSearch } from './productMarket.ts';

describe('productMarketSearch: the market a play step asks its products in', () => {
  it('sends the storefront’s country and the language shown', () => {
    expect(productMarketSearch('?id=1&country=CA&lang=fr', 'fr')).toBe('?country=CA&language=fr');
    expect(productMarketSearch('?country=ca', 'pt-BR')).toBe('?country=CA&language=pt-BR');
    expect(productMarketSearch('', 'ja')).toBe('?language=ja');
  });

  it('leaves out what the server would refuse, never failing the play', () => {
    expect(productMarketSearch('?country=Canada', 'xx')).toBe('');
    expect(productMarketSearch('?country=', '')).toBe('');
    expect(productMarketSearch('?country=C1', 'fr-FR')).toBe('');
  });
});

describe('a market price as the language shown writes it', () => {
  it('uses the language and the market’s currency', () => {
    expect(formatProductPrice('13.50', 'CAD', 'fr')).toBe('13,50\u00a0$CA');
    expect(formatProductPrice('1234.5', 'CAD', 'fr')).toBe('1\u202f234,50\u00a0$CA');
    expect(formatProductPrice('13.50', 'CAD', 'en')).toBe('CA$13.50');
    expect(formatProductPrice('13.50', 'EUR', 'de')).toBe('13,50\u00a0€');
    expect(formatProductPrice('1500', 'JPY', 'ja')).toBe('￥1,500');
    expect(formatProductPrice('13.50', 'EUR', 'ar')).toMatch(/€/);
  });
});
