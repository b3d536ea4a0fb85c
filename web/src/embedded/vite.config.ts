import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { embeddedAppBasePath } from '@quizlead/shared/shopify.ts';
import { adminChunkGroups } from '../admin/bundleChunks.ts';
import { withFrameSkeleton } from '../admin/frameSkeleton.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/embedded', import.meta.url));
const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/** What the server fills in when it answers /shopify/app (shopify.md 2). */
const appBridgeScript = '<script src="%APP_BRIDGE_URL%"></script>';
const apiKeyMeta = '<meta name="shopify-api-key" content="%SHOPIFY_API_KEY%" />';

/**
 * Keeps the page as App Bridge needs it: the key's meta and then App Bridge's plain script, the first
 * script of <head> (index.html marks it vite-ignore so Vite leaves it alone; the mark is taken off).
 */
function appBridgeFirst(): Plugin {
  return {
    name: 'quizlead-app-bridge-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const page = html.replace(/<script src="%APP_BRIDGE_URL%"\s*><\/script>/, appBridgeScript);
        const head = page.slice(0, page.indexOf('</head>'));
        if (!head.includes(apiKeyMeta) || head.indexOf('<script') !== head.indexOf(appBridgeScript))
          throw new Error('web/src/embedded/index.html must keep the API key meta and App Bridge as the first script');
        return page;
      },
    },
  };
}

/** The page's skeleton, painted before any script runs (web/src/admin/frameSkeleton.ts). */
function frameSkeleton(): Plugin {
  return {
    name: 'quizlead-frame-skeleton',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => withFrameSkeleton(html, 'embedded') },
  };
}

/**
 * The Shopify embedded app: web/dist/embedded/index.html, which the server answers at /shopify/app and
 * /shopify/app/* with %SHOPIFY_API_KEY% and %APP_BRIDGE_URL% filled in (Vite leaves placeholders it has
 * no value for as they are), and its files at /shopify/app/assets/* (server/src/routes/shopify).
 */
export default defineConfig({
  root,
  base: `${embeddedAppBasePath}/`,
  plugins: [appBridgeFirst(), frameSkeleton()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir,
    emptyOutDir: true,
    // .vite/manifest.json: which files each screen loads, for scripts/checkBudgets.ts (never served).
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: adminChunkGroups } },
      onLog(level, log, defaultHandler) {
        // jotai's 'use client' markers mean nothing outside React Server Components.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(level, log);
      },
    },
  },
  server: {
    port: 5175,
    proxy: { '/api': apiServer, '/files': apiServer },
  },
});
