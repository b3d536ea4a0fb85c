/**
 * The Shopify CLI's files, read with a TOML parser as the CLI reads them: shopify.app.toml holds what
 * the embedded app issue asks for (API version, topics, compliance topics, app proxy, scopes, token
 * exchange), shopify.web.toml runs the server under `shopify app dev` with commands the CLI can start
 * without a shell, and the theme app extension has the block and embed the share page's deep links name.
 * (server/src/integrations/shopify/shopifyAppToml.test.ts checks the same toml against the server's routes.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { shopifyAppEmbedUrl, shopifyBlockHandle, shopifyEmbedHandle, shopifyThemeEditorUrl } from '@quizlead/shared/sharing.ts';
import { themeBlockSchema, themeExtensionDir } from './test/themeExtension.ts';

const read = (file: string) => parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

interface AppToml {
  client_id: string;
  name: string;
  application_url: string;
  embedded: boolean;
  build: Record<string, unknown>;
  access_scopes: { scopes: string };
  auth: { redirect_urls: string[] };
  webhooks: { api_version: string; subscriptions: { topics?: string[]; compliance_topics?: string[]; uri: string }[] };
  app_proxy: { url: string; prefix: string; subpath: string };
}

interface WebToml {
  roles: string[];
  webhooks_path: string;
  commands: { dev: string; predev?: string; build?: string };
}

const app = read('shopify.app.toml') as unknown as AppToml;
const web = read('shopify.web.toml') as unknown as WebToml;
const packageScripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('shopify.app.toml', () => {
  it('describes an embedded app the CLI can link and deploy', () => {
    expect(typeof app.client_id).toBe('string');
    expect(app.name).toBe('Quizlead');
    expect(app.name.length).toBeLessThanOrEqual(30);
    expect(app.embedded).toBe(true);
    expect(new URL(app.application_url).protocol).toBe('https:');
    expect(app.build).toMatchObject({ automatically_update_urls_on_dev: true });
  });

  it('asks for the scopes in use and nothing more', () => {
    const scopes = app.access_scopes.scopes.split(',').map((scope) => scope.trim());
    // Each scope with what uses it.
    const inUse: Record<string, string> = {
      write_app_proxy: 'the storefront pages of [app_proxy]',
      write_customers: 'leads into Shopify customers',
      read_orders: 'orders/create: revenue per quiz and wheel',
      read_products: 'products a quiz recommends',
      write_discounts: 'unique discount codes as wheel prizes',
      unauthenticated_read_product_listings: 'the Storefront token: recommended products in the shopper’s market and language',
    };
    expect([...scopes].sort()).toEqual(Object.keys(inUse).sort());
  });

  it('needs no OAuth redirect: managed installation and token exchange', () => {
    expect(app.auth.redirect_urls).toEqual([]);
  });

  it('subscribes the app, billing, orders and privacy topics in API version 2026-10', () => {
    expect(app.webhooks.api_version).toBe('2026-10');
    const topics = app.webhooks.subscriptions.flatMap((subscription) => subscription.topics ?? []);
    expect(topics).toEqual(
      expect.arrayContaining(['app/uninstalled', 'app_subscriptions/update', 'app/scopes_update', 'orders/create']),
    );
    const compliance = app.webhooks.subscriptions.flatMap((subscription) => subscription.compliance_topics ?? []);
    expect(compliance).toEqual(expect.arrayContaining(['customers/data_request', 'customers/redact', 'shop/redact']));
  });

  it('proxies the storefront’s /apps/quizlead to the app', () => {
    expect(app.app_proxy).toMatchObject({ prefix: 'apps', subpath: 'quizlead' });
    expect(app.app_proxy.url).toMatch(/^\//);
  });
});

describe('shopify.web.toml', () => {
  /** What the CLI cannot do without a shell: environment prefixes, pipes, redirects, ;, ||, $, quotes, globs. */
  const shellSyntax = /(^|\s)\w+=|[|;<>`$()"'*?\\]|&(?!&)|\|\|/;

  it('is one process with both roles, receiving the webhooks at the path of shopify.app.toml', () => {
    expect(web.roles.sort()).toEqual(['backend', 'frontend']);
    expect(web.webhooks_path).toBe(app.webhooks.subscriptions[0]!.uri);
  });

  it('runs commands the CLI can start without a shell', () => {
    const commands = Object.entries(web.commands);
    expect(commands.map(([name]) => name)).toContain('dev');
    for (const [name, command] of commands) {
      for (const part of command.split('&&').map((piece) => piece.trim())) {
        expect(part, `${name}: ${command}`).not.toBe('');
        expect(part, `${name}: ${command}`).not.toMatch(shellSyntax);
      }
    }
    // The check itself catches what the CLI would start as a program name or pass on as a literal argument.
    for (const bad of [
      'PORT=3000 npm run dev',
      'npm run dev | tee log',
      'npm run dev > log',
      'npm run dev; true',
      'npm run dev &',
    ]) {
      expect(
        bad.split('&&').some((part) => shellSyntax.test(part.trim())),
        bad,
      ).toBe(true);
    }
  });

  it('starts npm scripts that exist: the build, then the server', () => {
    for (const command of Object.values(web.commands)) {
      for (const part of command.split('&&').map((piece) => piece.trim())) {
        const script = /^npm run ([\w:-]+)$/.exec(part)?.[1];
        expect(script, part).toBeDefined();
        expect(packageScripts[script!], part).toBeDefined();
      }
    }
    expect(web.commands.predev).toBe('npm run build');
    expect(packageScripts.dev).toMatch(/server\/src\/main\.ts/);
  });
});

describe('the theme app extension and the deep links', () => {
  it('has the app block and the app embed the share page links to', () => {
    const url = new URL(shopifyThemeEditorUrl('shop.myshopify.com', 'key'));
    expect(url.searchParams.get('addAppBlockId')).toBe(`key/${shopifyBlockHandle}`);
    expect(url.searchParams.get('target')).toBe('newAppsSection');
    expect(existsSync(`${themeExtensionDir}blocks/${shopifyBlockHandle}.liquid`)).toBe(true);
    expect(themeBlockSchema(shopifyBlockHandle).target).toBe('section');

    const embed = new URL(shopifyAppEmbedUrl('shop.myshopify.com', 'key'));
    expect(embed.pathname).toBe('/admin/themes/current/editor');
    expect(embed.searchParams.get('context')).toBe('apps');
    expect(embed.searchParams.get('activateAppId')).toBe(`key/${shopifyEmbedHandle}`);
    expect(existsSync(`${themeExtensionDir}blocks/${shopifyEmbedHandle}.liquid`)).toBe(true);
    expect(themeBlockSchema(shopifyEmbedHandle).target).toBe('body');
  });

  it('is a theme extension the CLI finds', () => {
    expect(parse(readFileSync(`${themeExtensionDir}shopify.extension.toml`, 'utf8'))).toMatchObject({ type: 'theme' });
  });
});
