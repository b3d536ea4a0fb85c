import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { adminChunkGroups } from '../web/src/admin/bundleChunks.ts';
import { signedInHtml } from './signedInHtml.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/**
 * The standalone SaaS bundle: one single-page app, whose HTML the server answers every screen route
 * with: index.html for the signed-out screens, app.html (the same, preloading the signed-in frame)
 * for /app/….
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [signedInHtml()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which files each screen loads, for scripts/checkBudgets.ts (never served).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: adminChunkGroups },
      },
      onLog(level, log, defaultHandler) {
        // jotai's 'use client' markers mean nothing outside React Server Components.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(level, log);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiServer,
      '/files': apiServer,
      '/dev': apiServer,
      // The builder's preview frames the built player (shared/src/builderPreview.ts).
      '/quizplayer.html': apiServer,
      '/player': apiServer,
    },
  },
});
