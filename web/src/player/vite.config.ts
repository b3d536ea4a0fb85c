import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { publicBundle } from '../public/publicBundle.ts';
import { formBridgeScript } from './formBridge.ts';
// Relative, so the config's bundle carries it (Node does not strip types under node_modules).
import { trackerHosts, trackerSources, type Tracker } from '../../../shared/src/trackerHosts.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The Content-Security-Policies the player pages need, written beside player.html as csp.json for the
 * server: the custom lead form's bridge runs inline in a srcdoc frame, which inherits the page's policy,
 * so the policy allows that one script by its hash. gtag.js comes from Google's tag manager, the Meta
 * Pixel from connect.facebook.net and the TikTok Pixel from analytics.tiktok.com, each allowed only on
 * quizzes whose owner set its id: `policies` has one policy per set of trackers, keyed by their names
 * joined with '+' in this order (ga, meta, tiktok; '' for none). `policy` (Google Analytics only) and
 * `policyWithoutAnalytics` are kept under their names.
 */
function playerCsp(): Plugin {
  const bridgeHash = `'sha256-${createHash('sha256').update(formBridgeScript).digest('base64')}'`;
  const policyFor = (trackers: Tracker[]) => {
    const hosts = (kind: 'script' | 'connect') => trackerSources(trackers, kind);
    return [
      "default-src 'self'",
      `script-src 'self' ${bridgeHash}${hosts('script')}`,
      "style-src 'self' 'unsafe-inline'",
      'img-src * data: blob:',
      "font-src 'self' data:",
      `connect-src 'self'${hosts('connect')}`,
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      'frame-ancestors *',
    ].join('; ');
  };
  const all = Object.keys(trackerHosts) as Tracker[];
  const sets = all.reduce<Tracker[][]>((found, tracker) => [...found, ...found.map((set) => [...set, tracker])], [[]]);
  const policies = {
    bridgeHash,
    policy: policyFor(['ga']),
    policyWithoutAnalytics: policyFor([]),
    policies: Object.fromEntries(sets.map((set) => [set.join('+'), policyFor(set)])),
  };
  return {
    name: 'quizlead-player-csp',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: `${JSON.stringify(policies, null, 2)}\n` });
    },
  };
}

/** The public quiz player: served from web/dist/player/player.html. */
export default defineConfig(publicBundle({ name: 'player', root, port: 5174, plugins: [playerCsp()] }));
