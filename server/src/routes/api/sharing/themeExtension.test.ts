/**
 * The Shopify theme app extension (extensions/quizlead-theme): its Quiz block's schema and markup agree
 * with the embed script's attributes and with the placement route's block handle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embedDisplays, embedScriptVersion, embedTriggers, shopifyBlockHandle } from '@quizlead/shared/sharing.ts';

const extension = fileURLToPath(new URL('../../../../../extensions/quizlead-theme/', import.meta.url));
const liquid = readFileSync(`${extension}blocks/${shopifyBlockHandle}.liquid`, 'utf8');

interface Setting {
  type: string;
  id: string;
  label: string;
  default?: unknown;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
}

const schema = JSON.parse(/\{%\s*schema\s*%\}([\s\S]*?)\{%\s*endschema\s*%\}/.exec(liquid)![1]!) as {
  name: string;
  target: string;
  settings: Setting[];
};
const setting = (id: string) => schema.settings.find((item) => item.id === id)!;

/** The block's markup with its settings filled in: a stand-in for Shopify's renderer, enough for attributes. */
function render(settings: Record<string, string | number | boolean>): string {
  const markup = liquid.replace(/\{%\s*schema\s*%\}[\s\S]*$/, '');
  const start = markup.indexOf('<div');
  const end = markup.indexOf('{%- elsif', start);
  return markup
    .slice(start, end)
    .replace(/\{\{\s*block\.shopify_attributes\s*\}\}/g, '')
    .replace(/\{\{\s*quiz_id[^}]*\}\}/g, String(settings.quiz_id))
    .replace(/\{\{\s*frame_title[^}]*\}\}/g, String(settings.title))
    .replace(/\{\{\s*app_url[^}]*\}\}/g, String(settings.app_url))
    .replace(/\{\{\s*block\.settings\.(\w+)[^}]*\}\}/g, (_, name: string) => String(settings[name]))
    .replace(/\{%-?[\s\S]*?-?%\}/g, '');
}

describe('the Quiz app block', () => {
  it('has the files the Shopify CLI expects', () => {
    expect(readFileSync(`${extension}shopify.extension.toml`, 'utf8')).toMatch(/^type = "theme"$/m);
    const locale = JSON.parse(readFileSync(`${extension}locales/en.default.json`, 'utf8'));
    expect(locale.quiz.missing_id).toBeTruthy();
    for (const key of liquid.matchAll(/'([\w.]+)'\s*\|\s*t\b/g)) {
      const path = key[1]!.split('.');
      expect(
        path.reduce((node, part) => node?.[part], locale),
        key[1],
      ).toEqual(expect.any(String));
    }
    expect(existsSync(`${extension}blocks/${shopifyBlockHandle}.liquid`)).toBe(true);
  });

  it('offers the settings of the embed code, with the embed script’s values', () => {
    expect(schema).toMatchObject({ name: 'Quiz', target: 'section' });
    expect(schema.settings.map((item) => item.id)).toEqual([
      'quiz_id',
      'title',
      'display',
      'trigger',
      'delay',
      'once',
      'app_url',
    ]);
    expect(setting('quiz_id').type).toBe('text');
    expect(setting('display')).toMatchObject({ type: 'select', default: 'inline' });
    expect(setting('display').options!.map((option) => option.value)).toEqual([...embedDisplays]);
    expect(setting('trigger')).toMatchObject({ type: 'select', default: 'delay' });
    expect(setting('trigger').options!.map((option) => option.value)).toEqual([...embedTriggers]);
    expect(setting('delay')).toMatchObject({ type: 'range', min: 0, default: 5 });
    expect(setting('once')).toMatchObject({ type: 'checkbox', default: true });
    expect(setting('app_url')).toMatchObject({ type: 'text', default: expect.stringMatching(/^https:\/\/[^/]+$/) });
    for (const item of schema.settings) expect(item.label, item.id).toBeTruthy();
  });

  it('renders the embed element the script reads, and loads the current script', () => {
    const html = render({
      quiz_id: '5f0c6a5e-1111-4222-8333-444455556666',
      title: 'Coffee quiz',
      display: 'popup',
      trigger: 'exit',
      delay: 7,
      once: false,
      app_url: 'https://app.example',
    });
    const element = /<div([\s\S]*?)><\/div>/.exec(html)![1]!;
    const attributes = Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    // The attributes the embed script reads (docs/api.md, "Embedding"; web/src/widgets/embedOptions.ts).
    expect(attributes).toEqual({
      class: 'quizlead-block',
      'data-quizlead': 'quiz',
      'data-id': '5f0c6a5e-1111-4222-8333-444455556666',
      'data-title': 'Coffee quiz',
      'data-display': 'popup',
      'data-trigger': 'exit',
      'data-delay': '7',
      'data-once': 'false',
    });
    expect(html).toContain(`<script async src="https://app.example/widgets/embed.js?v=${embedScriptVersion}"></script>`);
    // Every value the merchant types is escaped.
    expect(liquid).toMatch(/data-id="\{\{ quiz_id \| escape \}\}"/);
    expect(liquid).toMatch(/data-title="\{\{ frame_title \| escape \}\}"/);
  });
});
