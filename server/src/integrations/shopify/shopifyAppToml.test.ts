import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { shopifyAppProxy } from '@quizlead/shared/shopify.ts';
import { parseEnv } from '../../env.ts';
import { shopifyRoutePaths } from './routePaths.ts';
import { shopifyApiVersion } from './shopifyApp.ts';
import { webhookTopics } from './webhookPayloads.ts';

interface AppToml {
  handle: string;
  application_url: string;
  webhooks: { api_version: string; subscriptions: { topics?: string[]; compliance_topics?: string[]; uri: string }[] };
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

  it('has an application_url without a path, so its relative paths are the same in `shopify app dev` and deployed', () => {
    // The CLI appends them to application_url; in dev it sets application_url to the tunnel's origin.
    expect(new URL(toml.application_url).pathname).toBe('/');
  });

  it('proxies /apps/quizlead to the app proxy route, with the scope it needs', () => {
    expect(toml.app_proxy).toEqual({ url: shopifyRoutePaths.appProxy, ...shopifyAppProxy });
    expect(toml.access_scopes.scopes.split(',')).toContain('write_app_proxy');
  });

  it('names the app handle the plan page link uses', () => {
    expect(parseEnv({}).SHOPIFY_APP_HANDLE).toBe(toml.handle);
  });
});
