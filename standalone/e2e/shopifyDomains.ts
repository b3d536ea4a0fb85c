import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Shopify's own addresses, answered locally: one https server (a self-signed certificate made by
 * openssl) that Chromium reaches for https://admin.shopify.com and https://{any}.myshopify.com through
 * `hostResolverRules` (give it to startBrowserHarness's browserArgs, and ignoreHTTPSErrors to the pages).
 * The pages are on those very origins, so the app's policies (frame-ancestors https://{shop}
 * https://admin.shopify.com) are checked against the real names, unchanged. `otherAdmin` is an origin
 * the app does not know (https://not-the-admin.test), answered by the admin's handler, to show a frame
 * the policy refuses.
 */
export async function startShopifyDomains(handlers: { admin: Handler; storefront: Handler }) {
  const dir = mkdtempSync(join(tmpdir(), 'quizlead-shopify-domains-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=admin.shopify.com',
      '-addext',
      'subjectAltName=DNS:admin.shopify.com,DNS:*.myshopify.com,DNS:not-the-admin.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (request, response) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      if (host.endsWith('.myshopify.com')) return handlers.storefront(request, response);
      return handlers.admin(request, response);
    },
  );
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const target = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    admin: 'https://admin.shopify.com',
    otherAdmin: 'https://not-the-admin.test',
    hostResolverRules: `--host-resolver-rules=MAP admin.shopify.com ${target}, MAP *.myshopify.com ${target}, MAP not-the-admin.test ${target}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
