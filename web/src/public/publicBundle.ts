import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';

const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/**
 * The one HTML page of every public bundle. A bundle's `{name}.html` holds only its `<title>`; this writes the
 * rest around it before Vite reads the page (the entry script is `main.tsx` beside it).
 */
function publicPage(): Plugin {
  return {
    name: 'quizlead-public-page',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '<title>Quizlead</title>';
        return [
          '<!doctype html>',
          '<html lang="en">',
          '  <head>',
          '    <meta charset="UTF-8" />',
          '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
          '    <link rel="icon" href="data:," />',
          `    ${title}`,
          '  </head>',
          '  <body>',
          '    <div id="root"></div>',
          '    <script type="module" src="./main.tsx"></script>',
          '  </body>',
          '</html>',
          '',
        ].join('\n');
      },
    },
  };
}

/**
 * The Vite config of a public bundle (the quiz player, the widget pages): React components compiled
 * against preact/compat (docs/decisions/009-public-player-and-widgets-built-against-preact.md; the code is typed with React's types, only the bundle
 * swaps in Preact), one HTML page `{name}.html` in `root` (written by `publicPage`), built into web/dist/{name} and served under
 * /{name}/. The dev server proxies the API to QUIZLEAD_API.
 */
export function publicBundle(options: { name: 'player' | 'widgets'; root: string; port: number; plugins: Plugin[] }): UserConfig {
  const { name, root } = options;
  return {
    root,
    base: `/${name}/`,
    plugins: [publicPage(), ...options.plugins],
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
      rolldownOptions: {
        input: { [name]: `${root}${name}.html` },
        // Each language's catalogue is a chunk of its own under assets/lang/, loaded only when shown (issue 34).
        output: {
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId?.includes('/i18n/catalogue/') ? 'assets/lang/[name]-[hash].js' : 'assets/[name]-[hash].js',
        },
      },
    },
    server: {
      port: options.port,
      proxy: { '/api': apiServer, '/files': apiServer },
    },
  };
}
