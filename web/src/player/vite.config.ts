import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { publicBundle } from '../public/publicBundle.ts';
import { formBridgeScript } from './formBridge.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

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

/** The public quiz player: served from web/dist/player/player.html. */
export default defineConfig(publicBundle({ name: 'player', root, port: 5174, plugins: [playerCsp()] }));
