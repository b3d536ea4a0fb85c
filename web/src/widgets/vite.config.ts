import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { publicBundle } from '../public/publicBundle.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The embed loader (embed.ts) as a classic script at a fixed address, web/dist/widgets/embed.js: the
 * widget share code loads it with `<script async src=".../widgets/embed.js?v=…">` on any site, so it
 * is built apart from the pages' modules, as one minified IIFE with nothing to import. Its styles go
 * beside it as web/dist/widgets/embed.css (the loader links them only when it shows something), minified.
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
          target: 'es2020',
          minify: true,
          lib: { entry: `${root}embed.ts`, formats: ['iife'], name: 'quizleadEmbed', fileName: () => 'embed.js' },
        },
      })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
      const chunk = (Array.isArray(built) ? built[0]! : built).output.find((item) => item.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('the embed script did not build');
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: chunk.code });
      this.emitFile({ type: 'asset', fileName: 'embed.css', source: minifiedCss(readFileSync(`${root}embed.css`, 'utf8')) });
    },
  };
}

/**
 * embed.css without its comments and the spaces its formatting adds: the file is plain rules (no strings
 * or escapes), so collapsing white space around punctuation keeps its meaning.
 */
const minifiedCss = (css: string) =>
  css
    .replace(/\/\*[^]*?\*\//g, '')
    .replace(/\s*([{};:,>])\s*/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/;}/g, '}')
    .trim();

/** The public poll, feedback widget and wheel spinner pages: served from web/dist/widgets/widgets.html (and /widgets/embed.js). */
export default defineConfig(publicBundle({ name: 'widgets', root, port: 5175, plugins: [embedScript()] }));
