import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionTokens, type FakeApp } from '../../server/src/test/fakes/shopify/index.ts';

/** What the stub's next session token is: one Shopify signs, one expired once, or forged ones. */
export type TokenMode = 'valid' | 'expiredOnce' | 'forged';

/**
 * App Bridge's part in the page: `window.shopify`; on the server's bounce page (a document load without
 * a session token) it fetches one and loads the page again with it, as App Bridge does. Toasts are kept
 * in `window.__appBridgeToasts` for tests to read. `webVitals.onReport(callback)` keeps the app's callback
 * in `window.__appBridgeWebVitals` (null unregisters), for a test to hand it metrics shaped as App
 * Bridge's WebVitalsMetric ({ id, name, value }).
 */
function appBridgeScript(origin: string) {
  return `(() => {
  const shop = new URLSearchParams(location.search).get('shop');
  const token = () => fetch(${JSON.stringify(origin)} + '/token?shop=' + encodeURIComponent(shop)).then((answer) => answer.text());
  if (document.currentScript && document.currentScript.hasAttribute('data-api-key')) {
    token().then((idToken) => {
      const url = new URL(location.href);
      url.searchParams.set('id_token', idToken);
      location.replace(url.href);
    });
    return;
  }
  window.__appBridgeToasts = [];
  window.shopify = {
    config: { apiKey: document.querySelector('meta[name="shopify-api-key"]')?.content, shop },
    idToken: token,
    toast: {
      show(message, options) {
        window.__appBridgeToasts.push({ message, isError: Boolean(options && options.isError) });
        return 'toast-' + window.__appBridgeToasts.length;
      },
    },
    webVitals: {
      onReport(callback) {
        window.__appBridgeWebVitals = callback;
        return Promise.resolve();
      },
    },
  };
})();`;
}

/**
 * Shopify's side of App Bridge for browser tests: a local server answering the script that stands in
 * for App Bridge's CDN script (give `scriptUrl` to the app as APP_BRIDGE_URL) and the session tokens
 * it hands the app, signed like Shopify's (HS256 with the app's secret, sessionTokens). `mode` says
 * what the next token is; `issued` lists the modes handed out.
 */
export async function startAppBridgeStub(app: FakeApp) {
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      response.setHeader('Access-Control-Allow-Origin', '*');
      if (url.pathname === '/app-bridge.js') {
        response.setHeader('content-type', 'text/javascript');
        return response.end(appBridgeScript(stub.url));
      }
      if (url.pathname === '/token') {
        const shop = url.searchParams.get('shop') ?? '';
        const mode = stub.mode;
        if (mode === 'expiredOnce') stub.mode = 'valid';
        stub.issued.push(mode);
        const token =
          mode === 'forged'
            ? await sessionTokens.wrongSignature(app, shop)
            : mode === 'expiredOnce'
              ? await sessionTokens.expired(app, shop)
              : await sessionTokens.valid(app, shop);
        response.setHeader('content-type', 'text/plain');
        return response.end(token);
      }
      response.statusCode = 404;
      response.end('Not found');
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stub = {
    url,
    scriptUrl: `${url}/app-bridge.js`,
    mode: 'valid' as TokenMode,
    issued: [] as TokenMode[],
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  return stub;
}
export type AppBridgeStub = Awaited<ReturnType<typeof startAppBridgeStub>>;
