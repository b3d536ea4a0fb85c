import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { formBridgeScript } from './formBridge.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/player', import.meta.url));
const apiServer = process.env.QUIZLEAD_API ?? 'http://localhost:3000';

/**
 * The Content-Security-Policies the player pages need, written beside player.html as csp.json for the
 * server: the custom lead form's bridge runs inline in a srcdoc frame, which inherits the page's policy,
 * so the policy allows that one script by its hash. gtag.js comes from Google's tag manager, allowed
 * only on quizzes whose owner set an analytics id (`policy`); every other page gets
 * `policyWithoutAnalytics`.
 */
function playerCsp(): Plugin {
  const bridgeHash = `'sha256-${createHash('sha256').update(formBridgeScript).digest('base64')}'`;
  const policyFor = (analytics: boolean) =>
    [
      "default-src 'self'",
      `script-src 'self' ${bridgeHash}${analytics ? ' https://www.googletagmanager.com' : ''}`,
      "style-src 'self' 'unsafe-inline'",
      'img-src * data: blob:',
      "font-src 'self' data:",
      `connect-src 'self'${analytics ? ' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com' : ''}`,
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      'frame-ancestors *',
    ].join('; ');
  const policies = { bridgeHash, policy: policyFor(true), policyWithoutAnalytics: policyFor(false) };
  return {
    name: 'quizlead-player-csp',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: `${JSON.stringify(policies, null, 2)}\n` });
    },
  };
}

/**
 * The public quiz player: its own small bundle, React components compiled against preact/compat
 * (docs/architecture.md). The code is typed with React's types; only the bundle swaps in Preact.
 * The server serves web/dist/player/player.html for the player pages and /player/assets/* for the rest.
 */
export default defineConfig({
  root,
  base: '/player/',
  plugins: [playerCsp()],
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
    rolldownOptions: { input: { player: `${root}player.html` } },
  },
  server: {
    port: 5174,
    proxy: { '/api': apiServer, '/files': apiServer },
  },
});
