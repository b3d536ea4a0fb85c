import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
        // Libraries change less often than our code: separate files keep browser caches warm.
        codeSplitting: {
          groups: [
            { name: 'polaris', test: /node_modules[\\/]@shopify[\\/]/ },
            // Only the dashboard's lazily loaded chart uses these.
            {
              name: 'charts',
              test: /node_modules[\\/](victory[^\\/]*|d3-[^\\/]+|delaunator|robust-predicates|internmap|lodash|react-fast-compare)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
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
