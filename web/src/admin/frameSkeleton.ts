/**
 * The admin's first paint, before any of its JavaScript has run (issue 38): a skeleton of the frame, in
 * the page's HTML with its styles inline, that React replaces when it renders into #root. The standalone
 * signed-in page (app.html, standalone/signedInHtml.ts) draws Polaris' top bar and navigation; the
 * embedded page (web/src/embedded/index.html) only the page, since Shopify's admin draws the rest.
 * Sizes and colours are Polaris' own (the top bar 56 px, #1a1a1a; the navigation 240 px, #ebebeb, from
 * 48em; the page at most 998 px wide, its title 26 px below the top bar, 18 px on phones; cards white,
 * square and full width on phones), so the frame that replaces it starts where it was.
 */
export type FrameSkeletonKind = 'standalone' | 'embedded';

const placeholder = '#e3e3e3';

const css = (kind: FrameSkeletonKind) =>
  [
    `.ql-boot{min-height:100vh;background:#f1f1f1${kind === 'standalone' ? ';padding-top:56px' : ''}}`,
    '.ql-boot__status{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
    kind === 'standalone'
      ? '.ql-boot__top{position:fixed;top:0;left:0;right:0;height:56px;background:#1a1a1a}' +
        '.ql-boot__nav{display:none;position:fixed;top:56px;bottom:0;inset-inline-start:0;width:240px;background:#ebebeb}'
      : '',
    `.ql-boot__page{max-width:998px;margin:0 auto;padding:${kind === 'standalone' ? 18 : 16}px 0 0}`,
    `.ql-boot__title{width:160px;height:24px;margin:0 16px 24px;border-radius:8px;background:${placeholder}}`,
    '.ql-boot__card{height:116px;margin-bottom:16px;background:#fff;box-shadow:0 1px 0 rgba(26,26,26,.07)}',
    '.ql-boot__card+.ql-boot__card{height:240px}',
    '@media(min-width:48em){' +
      (kind === 'standalone'
        ? '.ql-boot__nav{display:block}.ql-boot__main{margin-inline-start:240px}.ql-boot__page{padding:26px 24px 0}'
        : '.ql-boot__page{padding:24px 24px 0}') +
      '.ql-boot__title{margin-inline:0}.ql-boot__card{border-radius:12px}}',
    // A slow pulse says the page is on its way; not for those who ask the system for less motion.
    '@media(prefers-reduced-motion:no-preference){.ql-boot__title,.ql-boot__card{animation:ql-boot 1.6s ease-in-out infinite}}',
    '@keyframes ql-boot{50%{opacity:.6}}',
  ].join('');

const html = (kind: FrameSkeletonKind) =>
  '<div class="ql-boot" aria-busy="true">' +
  '<p class="ql-boot__status" role="status">Loading…</p>' +
  (kind === 'standalone' ? '<div class="ql-boot__top"></div><div class="ql-boot__nav"></div>' : '') +
  '<div class="ql-boot__main"><div class="ql-boot__page">' +
  '<div class="ql-boot__title"></div><div class="ql-boot__card"></div><div class="ql-boot__card"></div>' +
  '</div></div></div>';

/** `page` (a built index.html) with the skeleton inside its empty #root and its styles in <head>. */
export function withFrameSkeleton(page: string, kind: FrameSkeletonKind): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root) || !page.includes('</head>')) throw new Error('withFrameSkeleton: the page has no empty #root');
  return page.replace('</head>', `<style>${css(kind)}</style>\n  </head>`).replace(root, `<div id="root">${html(kind)}</div>`);
}
