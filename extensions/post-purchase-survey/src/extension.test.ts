/**
 * The extension as Shopify's CLI reads and deploys it: its toml (targets, API version as the app's, network
 * access), its locale files, the app address it calls, and the bundle `build.ts` makes, which registers both
 * targets with `shopify.extend` and renders the survey from the app it was built for.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from 'preact';
import { parse } from 'smol-toml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_URL } from './config.ts';
import { appStandIn, CONFIRMATION_ID, readLocale, shopifyStandIn, TOKEN } from './test/shopifyStandIn.ts';

// Paths, not URLs: happy-dom's URL is not one node:fs takes.
const extensionDir = fileURLToPath(import.meta.resolve('../'));
const repo = fileURLToPath(import.meta.resolve('../../../'));
const readToml = (path: string) => parse(readFileSync(path, 'utf8')) as Record<string, any>;
const extensionToml = readToml(join(extensionDir, 'shopify.extension.toml'));
const appToml = readToml(join(repo, 'shopify.app.toml'));

describe('shopify.extension.toml', () => {
  it('is one UI extension on the Thank you and Order status blocks, with each target’s module', () => {
    expect(extensionToml.extensions).toHaveLength(1);
    const [extension] = extensionToml.extensions;
    expect(extension).toMatchObject({ type: 'ui_extension', handle: 'post-purchase-survey', name: 'Post-purchase survey' });
    expect(extension.targeting.map((targeting: { target: string }) => targeting.target)).toEqual([
      'purchase.thank-you.block.render',
      'customer-account.order-status.block.render',
    ]);
    for (const { module } of extension.targeting) expect(existsSync(join(extensionDir, module)), module).toBe(true);
    expect(extension.capabilities).toEqual({ api_access: true, network_access: true });
  });

  it('uses the app’s API version, with @shopify/ui-extensions of that version', () => {
    expect(extensionToml.api_version).toBe(appToml.webhooks.api_version);
    const installed = JSON.parse(readFileSync(join(repo, 'node_modules/@shopify/ui-extensions/package.json'), 'utf8')) as {
      version: string;
    };
    const [year, month] = installed.version.split('.');
    expect(`${year}-${month}`).toBe(extensionToml.api_version);
  });

  it('calls shopify.app.toml’s application_url unless the build names another, a source the app declares', () => {
    expect(DEFAULT_APP_URL).toBe(appToml.application_url);
    expect(appToml.network_access.allowed_sources).toEqual([new URL(appToml.application_url).origin]);
  });
});

describe('locales', () => {
  const english = readLocale('en.default.json');
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  const files = readdirSync(join(extensionDir, 'locales')).filter((file) => file !== 'en.default.json');

  it('has French, German and Spanish beside the English default', () => {
    expect(files).toEqual(expect.arrayContaining(['fr.json', 'de.json', 'es.json']));
  });

  it.each(files)('%s has every English string, with the same placeholders', (file) => {
    const messages = readLocale(file);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(messages[key], `${file} ${key}`).not.toBe('');
      expect(placeholders(messages[key]!), `${file} ${key}`).toEqual(placeholders(text));
    }
  });
});

describe('the bundle', () => {
  let outdir: string | undefined;
  afterEach(() => {
    render(null, document.body);
    vi.unstubAllGlobals();
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('registers both targets with shopify.extend and shows the survey from the app it was built for', async () => {
    outdir = mkdtempSync(join(tmpdir(), 'post-purchase-survey-'));
    execFileSync(process.execPath, [join(extensionDir, 'build.ts'), outdir], {
      env: { ...process.env, APP_URL: 'https://quiz.example.test/' },
      stdio: 'pipe',
    });
    const code = readFileSync(join(outdir, 'post-purchase-survey.js'), 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(code).not.toContain('process.env');

    const registered = new Map<string, () => void>();
    vi.stubGlobal('shopify', {
      ...shopifyStandIn(),
      extend: (target: string, callback: () => void) => registered.set(target, callback),
    });
    const app = appStandIn({
      GET: [
        {
          status: 200,
          body: {
            survey: {
              id: 'p1',
              kind: 'poll',
              question: 'Where from?',
              layout: 'choice',
              choices: [{ id: 'a', label: 'A friend' }],
            },
          },
        },
      ],
    });
    vi.stubGlobal('fetch', app.fetch);
    // The script as Shopify's worker runs it: a classic script, with `shopify` and the DOM as globals.
    new Function(code)();
    expect([...registered.keys()]).toEqual(['purchase.thank-you.block.render', 'customer-account.order-status.block.render']);

    registered.get('purchase.thank-you.block.render')!();
    await vi.waitFor(() => expect(document.body.querySelector('s-heading')?.textContent).toBe('Where from?'));
    expect(app.requests[0]!.url.href).toMatch(/^https:\/\/quiz\.example\.test\/extensions\/post-purchase\/survey\?/);
    expect(app.requests[0]!.url.searchParams.get('orderId')).toBe(CONFIRMATION_ID);
    expect(app.requests[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });
});
