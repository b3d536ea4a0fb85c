/**
 * The Shopify theme app extension (extensions/quizlead-theme): its app block and app embed, rendered
 * from their real Liquid by liquidjs (server/src/test/themeExtension.ts), write the element the embed
 * script reads with the script's own values, load the current script from the app's address, show the
 * embed only on the pages the merchant chose, and name every setting through the locales.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  embedDisplays,
  embedKinds,
  embedScriptVersion,
  embedScrollLimits,
  embedTriggers,
  shareLimits,
  shopifyBlockHandle,
  shopifyEmbedHandle,
  shopifyKindLabels,
  shopifyMessages,
} from '@quizlead/shared/sharing.ts';
import {
  readThemeFile,
  renderThemeBlock,
  themeBlockSchema,
  themeExtensionDir,
  translate,
  type StorefrontPage,
} from '../../../test/themeExtension.ts';
import { readEmbedRules } from '@quizlead/shared/embedRules.ts';

const handles = [shopifyBlockHandle, shopifyEmbedHandle];
const id = '5f0c6a5e-1111-4222-8333-444455556666';

/** The embed element's attributes (null when the page has none) and the address of the script it loads. */
function parse(html: string) {
  const element = /<div([^>]*?)><\/div>/.exec(html)?.[1];
  const attributes = element
    ? Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]))
    : null;
  const script = /<script data-src="([^"]+)">/.exec(html)?.[1] ?? null;
  return { attributes, script };
}

describe('the theme app extension', () => {
  it('has the files the Shopify CLI expects: blocks, a snippet, locales, and only allowed assets', () => {
    expect(readThemeFile('shopify.extension.toml')).toMatch(/^type = "theme"$/m);
    for (const handle of handles) expect(existsSync(`${themeExtensionDir}blocks/${handle}.liquid`), handle).toBe(true);
    expect(themeBlockSchema(shopifyBlockHandle).target).toBe('section');
    expect(themeBlockSchema(shopifyEmbedHandle).target).toBe('body');
    const assets = existsSync(`${themeExtensionDir}assets`) ? readdirSync(`${themeExtensionDir}assets`) : [];
    for (const asset of assets) expect(asset).toMatch(/\.(jpe?g|json|js|css|png|svg|wasm)$/);
  });

  it('names every setting, option, header and block through the locales', () => {
    for (const handle of handles) {
      const schema = themeBlockSchema(handle);
      const keys = [schema.name];
      for (const setting of schema.settings) {
        if (setting.type === 'header') keys.push(setting.content!);
        else keys.push(setting.label!);
        for (const text of [setting.info, setting.unit, setting.placeholder]) if (text) keys.push(text);
        for (const option of setting.options ?? []) keys.push(option.label);
      }
      for (const key of keys) {
        expect(key, `${handle}: ${key}`).toMatch(/^t:/);
        expect(translate('en.default.schema.json', key), `${handle}: ${key}`).toEqual(expect.any(String));
      }
    }
    const liquid = handles.map((handle) => readThemeFile(`blocks/${handle}.liquid`)).join('\n');
    for (const key of liquid.matchAll(/'([\w.]+)'\s*\|\s*t\b/g)) {
      expect(translate('en.default.json', key[1]!), key[1]).toEqual(expect.any(String));
    }
  });

  it('offers the embed script’s kinds, displays and triggers, and its limits', () => {
    for (const handle of handles) {
      const settings = themeBlockSchema(handle).settings;
      const setting = (settingId: string) => settings.find((item) => item.id === settingId)!;
      const values = (settingId: string) => setting(settingId).options!.map((option) => option.value);
      expect(values('kind')).toEqual([...embedKinds]);
      expect(setting('item_id').type).toBe('text');
      expect(values('trigger')).toEqual([...embedTriggers]);
      expect(setting('delay')).toMatchObject({ type: 'range', min: 0, default: 5 });
      expect(setting('scroll')).toMatchObject({ type: 'range', default: 50 });
      expect(setting('scroll').min).toBeGreaterThanOrEqual(embedScrollLimits.min);
      expect(setting('scroll').max).toBeLessThanOrEqual(embedScrollLimits.max);
      expect(setting('once')).toMatchObject({ type: 'checkbox', default: true });
      expect(setting('app_url')).toMatchObject({ type: 'text' });
      expect(setting('app_url').default).toBeUndefined();
    }
    expect(
      themeBlockSchema(shopifyBlockHandle)
        .settings.find((item) => item.id === 'display')!
        .options!.map((o) => o.value),
    ).toEqual([...embedDisplays]);
    // The app embed floats over the page: a pop-up or a slide-in, never inline.
    expect(themeBlockSchema(shopifyEmbedHandle).settings.find((item) => item.id === 'display')).toMatchObject({
      default: 'popup',
      options: [{ value: 'popup' }, { value: 'slidein' }],
    });
  });
});

describe('every kind in the store', () => {
  it('names each kind in the Show setting as the share screens’ Shopify tab tells the merchant to choose it', () => {
    for (const handle of handles) {
      const kinds = themeBlockSchema(handle).settings.find((item) => item.id === 'kind')!.options!;
      const labels = Object.fromEntries(kinds.map((option) => [option.value, translate('en.default.schema.json', option.label)]));
      expect(labels, handle).toEqual(shopifyKindLabels);
    }
    for (const kind of embedKinds) {
      expect(shopifyMessages.blockSteps(kind).join(' ')).toContain(`choose ${shopifyKindLabels[kind]} under Show`);
      expect(shopifyMessages.embedSteps(kind).join(' ')).toContain(`Choose ${shopifyKindLabels[kind]} under Show`);
    }
  });

  it('places a quiz, a poll, a web response and a wheel with the block and with the embed', async () => {
    for (const kind of embedKinds) {
      const block = parse(await renderThemeBlock(shopifyBlockHandle, { kind, item_id: id })).attributes;
      expect(block, kind).toMatchObject({ 'data-quizlead': kind, 'data-id': id, 'data-display': 'inline' });
      const embed = parse(await renderThemeBlock(shopifyEmbedHandle, { kind, item_id: id, trigger: 'exit' })).attributes;
      expect(embed, kind).toMatchObject({
        'data-quizlead': kind,
        'data-id': id,
        'data-display': 'popup',
        'data-trigger': 'exit',
      });
    }
  });
});

describe('the app block', () => {
  it('renders the element the embed script reads, with the merchant’s choices, and the current script', async () => {
    const html = await renderThemeBlock(
      shopifyBlockHandle,
      {
        kind: 'poll',
        item_id: ` ${id} `,
        title: 'Coffee poll',
        display: 'slidein',
        trigger: 'scroll',
        delay: 7,
        scroll: 70,
        once: false,
        app_url: 'https://app.example/',
      },
      { locale: 'pt-BR', country: 'BR' },
    );
    const { attributes, script } = parse(html);
    expect(attributes).toEqual({
      class: 'quizlead-slidein',
      'data-quizlead': 'poll',
      'data-id': id,
      'data-title': 'Coffee poll',
      'data-display': 'slidein',
      'data-trigger': 'scroll',
      'data-delay': '7',
      'data-scroll': '70',
      'data-once': 'false',
      // The shopper's language and market, for the frame's ?locale= and ?country= (issue 34).
      'data-locale': 'pt-BR',
      'data-country': 'BR',
    });
    expect(script).toBe(`https://app.example/widgets/embed.js?v=${embedScriptVersion}`);
  });

  it('starts as an inline quiz, with the kind’s own title, and escapes what the merchant types', async () => {
    const typed = '"><script>x</script>';
    const html = await renderThemeBlock(shopifyBlockHandle, { item_id: typed });
    const { attributes } = parse(html);
    expect(attributes).toMatchObject({ 'data-quizlead': 'quiz', 'data-display': 'inline', 'data-once': 'true' });
    // Inline, the element keeps the place of the frame that replaces it (the embed script's frames start this tall).
    expect(attributes!.style).toBe(`min-height: ${shareLimits.iframeHeight}px`);
    expect(attributes).not.toHaveProperty('data-title');
    expect(html).not.toContain('<script>x');
    const decoded = attributes!['data-id']!.replace(/&(quot|#34|lt|gt|amp);/g, (_: string, name: string) =>
      name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'amp' ? '&' : '"',
    );
    expect(decoded).toBe(typed);
  });

  it('renders nothing without an id, and tells the merchant what to do in the theme editor', async () => {
    expect((await renderThemeBlock(shopifyBlockHandle, { item_id: '  ' })).trim()).toBe('');
    const editor = await renderThemeBlock(shopifyBlockHandle, {}, { designMode: true });
    expect(editor).toContain(translate('en.default.json', 'quizlead.missing_id'));
    expect(editor).not.toContain('<script');
    // In the theme editor a pop-up shows every time, so the merchant can look at it again.
    const preview = parse(await renderThemeBlock(shopifyBlockHandle, { item_id: id, display: 'popup' }, { designMode: true }));
    expect(preview.attributes!['data-once']).toBe('false');
    // block.shopify_attributes, so the theme editor finds the block.
    expect(preview.attributes!['data-shopify-editor-block']).toBe('{&quot;id&quot;:&quot;AbC123&quot;}');
  });

  it('loads the script from the App address setting, else from shopify.app.toml’s application_url', async () => {
    const toml = parseToml(readFileSync(new URL('../../../../../shopify.app.toml', import.meta.url), 'utf8')) as {
      application_url: string;
    };
    const script = async (settings: Record<string, unknown>) =>
      parse(await renderThemeBlock(shopifyBlockHandle, { item_id: id, ...settings })).script;
    const version = `/widgets/embed.js?v=${embedScriptVersion}`;
    expect(await script({})).toBe(`${new URL(toml.application_url).origin}${version}`);
    expect(await script({ app_url: ' https://support.example/ ' })).toBe(`https://support.example${version}`);
  });
});

describe('the app embed', () => {
  const embed = { item_id: id, kind: 'wheel' };
  const shown = async (settings: Record<string, unknown>, page: StorefrontPage) =>
    parse(await renderThemeBlock(shopifyEmbedHandle, { ...embed, ...settings }, page)).attributes !== null;

  it('renders a pop-up by default, after the delay, once per visitor, on every page', async () => {
    const html = await renderThemeBlock(shopifyEmbedHandle, embed, { template: 'page', path: '/pages/about' });
    expect(parse(html).attributes).toMatchObject({
      'data-quizlead': 'wheel',
      'data-id': id,
      'data-display': 'popup',
      'data-trigger': 'delay',
      'data-delay': '5',
      'data-once': 'true',
    });
    expect(parse(html).script).toMatch(new RegExp(`/widgets/embed\\.js\\?v=${embedScriptVersion}$`));
  });

  it('renders nothing at all on pages the merchant did not choose', async () => {
    const cases: [Record<string, unknown>, StorefrontPage, boolean][] = [
      [{ pages: 'all' }, { template: 'cart', path: '/cart' }, true],
      [{ pages: 'home' }, { template: 'index', path: '/' }, true],
      [{ pages: 'home' }, { template: 'product', path: '/products/mug' }, false],
      [{ pages: 'product' }, { template: 'product', path: '/products/mug' }, true],
      [{ pages: 'product' }, { template: 'collection', path: '/collections/mugs' }, false],
      [{ pages: 'collection' }, { template: 'collection', path: '/collections/mugs' }, true],
      [{ pages: 'collection' }, { template: 'list-collections', path: '/collections' }, true],
      [{ pages: 'collection' }, { template: 'index', path: '/' }, false],
    ];
    const paths = { pages: 'paths', paths: '/pages/About/\n\n  /blogs/news/*  \r\n/' };
    cases.push(
      [paths, { template: 'page', path: '/pages/about' }, true],
      [paths, { template: 'page', path: '/pages/about-us' }, false],
      [paths, { template: 'article', path: '/blogs/news/coffee' }, true],
      [paths, { template: 'blog', path: '/blogs/recipes' }, false],
      [paths, { template: 'index', path: '/' }, true],
      // A market's language prefix is left out before comparing.
      [paths, { template: 'page', path: '/fr/pages/about', rootUrl: '/fr' }, true],
      [paths, { template: 'index', path: '/fr', rootUrl: '/fr' }, true],
      [paths, { template: 'page', path: '/fr/pages/contact', rootUrl: '/fr' }, false],
      [{ pages: 'paths', paths: '' }, { template: 'index', path: '/' }, false],
    );
    for (const [settings, page, expected] of cases) {
      expect(await shown(settings, page), `${JSON.stringify(settings)} on ${page.path}`).toBe(expected);
    }
    // Not shown means not loaded: no element and no script.
    expect((await renderThemeBlock(shopifyEmbedHandle, { ...embed, pages: 'home' }, { template: 'product' })).trim()).toBe('');
  });

  it('renders nothing without an id, and tells the merchant in the theme editor', async () => {
    expect((await renderThemeBlock(shopifyEmbedHandle, { item_id: '' })).trim()).toBe('');
    expect(await renderThemeBlock(shopifyEmbedHandle, { item_id: '' }, { designMode: true })).toContain(
      translate('en.default.json', 'quizlead.missing_id'),
    );
  });

  it('writes its audience and frequency rules into data-rules, and of the customer only what a rule needs', async () => {
    const attributes = async (settings: Record<string, unknown>, page: StorefrontPage = {}) =>
      parse(await renderThemeBlock(shopifyEmbedHandle, { ...embed, ...settings }, page)).attributes!;
    // No rule: no attribute, nothing of the customer.
    const plain = await attributes({}, { customer: { tags: ['VIP'], email: 'ann@example.com' } });
    expect(plain['data-rules']).toBeUndefined();
    expect(plain['data-customer']).toBeUndefined();
    expect(plain['data-customer-tags']).toBeUndefined();

    const rules = await attributes({
      visitor: 'returning',
      device: 'mobile',
      utm_campaign: ' Spring sale ',
      landing: '/collections/*',
      country: 'DE, AT',
      cart: '50-200',
      from: '2026-12-01T08:00:00Z',
      every: 7,
      converted: true,
      dismissals: 2,
    });
    expect(readEmbedRules(rules['data-rules']!)).toEqual({
      visitor: 'returning',
      device: 'mobile',
      utm_campaign: 'Spring sale',
      landing: '/collections/*',
      country: 'DE, AT',
      cart: '50-200',
      from: String(Date.parse('2026-12-01T08:00:00Z') / 1000),
      every: '7',
      converted: 'stop',
      dismissals: '2',
    });
    // A frequency rule replaces the once-per-visitor cap.
    expect(rules['data-once']).toBe('false');

    const customer = { tags: ['VIP', 'newsletter'], email: 'ann@example.com' };
    const signedIn = await attributes({ customer: 'logged_in', tags: 'VIP, wholesale' }, { customer });
    expect(signedIn['data-customer']).toBe('logged_in');
    expect(signedIn['data-customer-tags']).toBe('VIP');
    expect(JSON.stringify(signedIn)).not.toContain('ann@example.com');
    expect(JSON.stringify(signedIn)).not.toContain('newsletter');
    const guest = await attributes({ customer: 'guest' });
    expect(guest['data-customer']).toBe('guest');
    expect(guest['data-customer-tags']).toBeUndefined();
  });
});
