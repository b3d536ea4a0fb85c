import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { shopifyAppProxy } from '@quizlead/shared/shopify.ts';
import { parseEnv } from '../../env.ts';
import { shopifyRoutePaths } from './routePaths.ts';
import { storefrontScope } from './storefront/storefrontApi.ts';
import { shopifyApiVersion } from './shopifyApp.ts';
import {
  webhookTopics,
  orderIncludeFields,
  ZOrdersCreatePayload,
  ZOrdersPaidPayload,
  ZProductPayload,
  ZProductVariantPayload,
  ZShopUpdatePayload,
} from './webhookPayloads.ts';

interface AppToml {
  handle: string;
  application_url: string;
  webhooks: {
    api_version: string;
    subscriptions: { topics?: string[]; compliance_topics?: string[]; uri: string; include_fields?: string[] }[];
  };
  app_proxy: { url: string; prefix: string; subpath: string };
  access_scopes: { scopes: string };
}

const toml = parse(readFileSync(new URL('../../../../shopify.app.toml', import.meta.url), 'utf8')) as unknown as AppToml;

/** shopify.app.toml's [webhooks] and [app_proxy] agree with the routes that answer them. */
describe('shopify.app.toml', () => {
  it('subscribes every topic the receiver handles, at its path, in the API version the app is built for', () => {
    expect(toml.webhooks.api_version).toBe(shopifyApiVersion);
    const topics = toml.webhooks.subscriptions.flatMap((subscription) => [
      ...(subscription.topics ?? []),
      ...(subscription.compliance_topics ?? []),
    ]);
    // X-Shopify-Topic names them as the toml does; the library upper-cases them (app/uninstalled → APP_UNINSTALLED).
    expect(topics.map((topic) => topic.toUpperCase().replace(/\//g, '_')).sort()).toEqual(Object.keys(webhookTopics).sort());
    expect(toml.webhooks.subscriptions.flatMap((subscription) => subscription.compliance_topics ?? []).sort()).toEqual([
      'customers/data_request',
      'customers/redact',
      'shop/redact',
    ]);
    for (const subscription of toml.webhooks.subscriptions) expect(subscription.uri).toBe(shopifyRoutePaths.webhooks);
  });

  it('asks orders/create for exactly the fields its payload schema reads, with the scope it needs', () => {
    const orders = toml.webhooks.subscriptions.find((subscription) => subscription.topics?.includes('orders/create'));
    // A subscription of its own: include_fields applies to every topic of a subscription.
    expect(orders?.topics).toEqual(['orders/create']);
    // Nested fields are written with a period; of a line item the app reads only its properties.
    const read = orderIncludeFields(ZOrdersCreatePayload.shape);
    expect(read).toContain('line_items.properties');
    expect([...(orders?.include_fields ?? [])].sort()).toEqual(read.sort());
    expect(toml.access_scopes.scopes.split(',')).toContain('read_orders');
  });

  it('asks orders/paid for the order facts alone, and of the customer only their order count', () => {
    const paid = toml.webhooks.subscriptions.find((subscription) => subscription.topics?.includes('orders/paid'));
    expect(paid?.topics).toEqual(['orders/paid']);
    const read = orderIncludeFields(ZOrdersPaidPayload.shape);
    expect(read).toContain('customer.orders_count');
    expect(read).not.toContain('customer');
    expect([...(paid?.include_fields ?? [])].sort()).toEqual(read.sort());
  });

  it('asks products/* for exactly the fields the product payload schema reads, with read_products for the sync', () => {
    const productTopics = toml.webhooks.subscriptions.find((subscription) => subscription.topics?.includes('products/update'));
    expect(productTopics?.topics).toEqual(['products/create', 'products/update', 'products/delete']);
    // Of a variant and of the featured image, the fields the schema reads (written with a period).
    const nested: Record<string, string[]> = { variants: Object.keys(ZProductVariantPayload.shape), image: ['src'] };
    const read = Object.keys(ZProductPayload.shape).flatMap((field) =>
      nested[field] ? nested[field].map((inner) => `${field}.${inner}`) : [field],
    );
    expect([...(productTopics?.include_fields ?? [])].sort()).toEqual(read.sort());
    // products/delete sends only the id, which the list keeps.
    expect(productTopics?.include_fields).toContain('id');
    expect(toml.access_scopes.scopes.split(',')).toContain('read_products');
  });

  it('asks shop/update for exactly the shop’s two addresses, which its payload schema reads', () => {
    const shopUpdate = toml.webhooks.subscriptions.find((subscription) => subscription.topics?.includes('shop/update'));
    expect(shopUpdate?.topics).toEqual(['shop/update']);
    expect([...(shopUpdate?.include_fields ?? [])].sort()).toEqual(Object.keys(ZShopUpdatePayload.shape).sort());
  });

  it('has an application_url without a path, so its relative paths are the same in `shopify app dev` and deployed', () => {
    // The CLI appends them to application_url; in dev it sets application_url to the tunnel's origin.
    expect(new URL(toml.application_url).pathname).toBe('/');
  });

  it('proxies /apps/quizlead to the app proxy route, with the scope it needs', () => {
    expect(toml.app_proxy).toEqual({ url: shopifyRoutePaths.appProxy, ...shopifyAppProxy });
    expect(toml.access_scopes.scopes.split(',')).toContain('write_app_proxy');
  });

  it('asks for write_discounts, which prize codes need (discountCodeBasicCreate, discountRedeemCodeBulkAdd)', () => {
    expect(toml.access_scopes.scopes.split(',')).toContain('write_discounts');
  });

  it('asks for unauthenticated_read_product_listings, which the Storefront token reads products with', () => {
    expect(toml.access_scopes.scopes.split(',')).toContain(storefrontScope);
  });

  it('names the app handle the plan page link uses', () => {
    expect(parseEnv({}).SHOPIFY_APP_HANDLE).toBe(toml.handle);
  });
});
