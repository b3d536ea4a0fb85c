import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { adminChunkGroups } from '../web/src/admin/bundleChunks.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/** The standalone SaaS bundle: one HTML page; the server answers every screen route with it. */
export default defineConfig({
  root,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
    },
  },
});
