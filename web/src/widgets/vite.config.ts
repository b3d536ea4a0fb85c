import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/widgets', import.meta.url));
const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/**
 * The embed loader (embed.ts) as a classic script at a fixed address, web/dist/widgets/embed.js: the
 * widget share code loads it with `<script async src=".../widgets/embed.js?v=…">` on any site, so it
 * is built apart from the pages' modules, as one minified IIFE with nothing to import.
 */
function embedScript(): Plugin {
  return {
    name: 'quizlead-widgets-embed',
    apply: 'build',
    async generateBundle() {
      const built = (await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2017',
          minify: true,
          lib: { entry: `${root}embed.ts`, formats: ['iife'], name: 'quizleadEmbed', fileName: () => 'embed.js' },
        },
      })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
      const chunk = (Array.isArray(built) ? built[0]! : built).output.find((item) => item.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('the embed script did not build');
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: chunk.code });
    },
  };
}

/**
 * The public poll, feedback widget and wheel spinner: their own small bundle, React components compiled
 * against preact/compat like the quiz player (docs/architecture.md). The server serves
 * web/dist/widgets/widgets.html for the widget pages, /widgets/assets/* and /widgets/embed.js.
 */
export default defineConfig({
  root,
  base: '/widgets/',
  plugins: [embedScript()],
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
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    rolldownOptions: { input: { widgets: `${root}widgets.html` } },
  },
  server: {
    port: 5175,
    proxy: { '/api': apiServer, '/files': apiServer },
  },
});
