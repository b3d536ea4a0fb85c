import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';

const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/**
 * The Vite config of a public bundle (the quiz player, the widget pages): React components compiled
 * against preact/compat (docs/architecture.md; the code is typed with React's types, only the bundle
 * swaps in Preact), one HTML page `{name}.html` in `root`, built into web/dist/{name} and served under
 * /{name}/. The dev server proxies the API to QUIZLEAD_API.
 */
export function publicBundle(options: { name: 'player' | 'widgets'; root: string; port: number; plugins: Plugin[] }): UserConfig {
  const { name, root } = options;
  return {
    root,
    base: `/${name}/`,
    plugins: options.plugins,
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      ],
    },
    build: {
      outDir: fileURLToPath(new URL(`../../dist/${name}`, import.meta.url)),
      emptyOutDir: true,
      target: 'es2020',
      rolldownOptions: { input: { [name]: `${root}${name}.html` } },
    },
    server: {
      port: options.port,
      proxy: { '/api': apiServer, '/files': apiServer },
    },
  };
}
