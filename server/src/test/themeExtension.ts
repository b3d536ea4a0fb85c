/**
 * Renders the theme app extension's real Liquid (extensions/quizlead-theme) outside Shopify, with
 * liquidjs standing in for Shopify's renderer: the block or embed file as it is, its snippets through
 * `render`, the storefront locale through `t`, the settings with the schema's defaults filled in the way
 * the theme editor fills them, and the global objects the files read (template, request, routes). Shopify's
 * own tags that liquidjs lacks are given their storefront meaning: `schema` and `doc` print nothing.
 * Shopify's global objects are liquidjs globals, so snippets see them through `render` as on Shopify.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Liquid, type TagToken, type TopLevelToken } from 'liquidjs';

export const themeExtensionDir = fileURLToPath(new URL('../../../extensions/quizlead-theme/', import.meta.url));

export interface ThemeSetting {
  type: string;
  id?: string;
  label?: string;
  info?: string;
  content?: string;
  placeholder?: string;
  unit?: string;
  default?: unknown;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  step?: number;
}

export interface ThemeBlockSchema {
  name: string;
  target: string;
  settings: ThemeSetting[];
}

export const readThemeFile = (path: string) => readFileSync(`${themeExtensionDir}${path}`, 'utf8');

/** The `{% schema %}` of blocks/{handle}.liquid. */
export function themeBlockSchema(handle: string): ThemeBlockSchema {
  const liquid = readThemeFile(`blocks/${handle}.liquid`);
  return JSON.parse(/\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/.exec(liquid)![1]!) as ThemeBlockSchema;
}

/** A key path (`quizlead.missing_id`, `t:settings.kind.label`) looked up in a locale file. */
export function translate(file: 'en.default.json' | 'en.default.schema.json', key: string): string | undefined {
  const locale = JSON.parse(readThemeFile(`locales/${file}`)) as Record<string, unknown>;
  const found = key
    .replace(/^t:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);
  return typeof found === 'string' ? found : undefined;
}

/** A Shopify tag that prints nothing: its body up to the end tag is skipped unparsed. */
function silentTag(name: string) {
  return {
    parse(_token: TagToken, remainTokens: TopLevelToken[]) {
      while (remainTokens.length > 0) {
        const token = remainTokens.shift()!;
        if ((token as TagToken).name === `end${name}`) return;
      }
      throw new Error(`{% ${name} %} without {% end${name} %}`);
    },
    render() {
      return '';
    },
  };
}

function engine(): Liquid {
  const liquid = new Liquid({
    root: [`${themeExtensionDir}blocks/`],
    partials: [`${themeExtensionDir}snippets/`],
    extname: '.liquid',
    strictFilters: true,
  });
  liquid.registerTag('schema', silentTag('schema'));
  liquid.registerTag('doc', silentTag('doc'));
  liquid.registerFilter('t', (key: string) => translate('en.default.json', key) ?? `translation missing: ${key}`);
  return liquid;
}

export interface StorefrontPage {
  /** template.name: index, product, collection, page, list-collections… */
  template?: string;
  /** request.path, with the market's language prefix when there is one. */
  path?: string;
  /** routes.root_url: '/' or a language prefix such as '/fr'. */
  rootUrl?: string;
  /** request.design_mode: the theme editor. */
  designMode?: boolean;
  /** request.locale.iso_code: the shopper's language ('en' unless given). */
  locale?: string;
  /** localization.country.iso_code: the shopper's market country ('US' unless given). */
  country?: string;
  /** `customer`: the logged-in customer (its tags), none for a guest. */
  customer?: { tags: string[]; email: string };
}

/** The settings the theme editor stores for a new block, with `settings` changed: schema defaults, text without one is empty. */
export function blockSettings(handle: string, settings: Record<string, unknown> = {}): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const setting of themeBlockSchema(handle).settings) {
    if (setting.id) defaults[setting.id] = setting.default ?? (setting.type === 'checkbox' ? false : '');
  }
  return { ...defaults, ...settings };
}

/** The HTML Shopify would put in the page for blocks/{handle}.liquid with these settings on this page. */
export async function renderThemeBlock(
  handle: string,
  settings: Record<string, unknown>,
  page: StorefrontPage = {},
): Promise<string> {
  const path = page.path ?? '/';
  return engine().renderFile(
    handle,
    {
      block: {
        id: 'AbC123',
        type: `shopify://apps/quizlead/blocks/${handle}/0000`,
        settings: blockSettings(handle, settings),
        // Shopify fills it in the theme editor only.
        shopify_attributes: page.designMode ? 'data-shopify-editor-block="{&quot;id&quot;:&quot;AbC123&quot;}"' : '',
      },
    },
    {
      globals: {
        template: { name: page.template ?? 'index', suffix: null, directory: null },
        request: {
          path,
          design_mode: page.designMode ?? false,
          page_type: page.template ?? 'index',
          locale: { iso_code: page.locale ?? 'en' },
        },
        localization: { country: { iso_code: page.country ?? 'US' } },
        routes: { root_url: page.rootUrl ?? '/' },
        customer: page.customer ?? null,
      },
    },
  );
}
