import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Liquid } from 'liquidjs';
import { signAppProxyQuery } from '../../server/src/test/fakes/shopify/signers.ts';

export interface AppProxyStorefrontOptions {
  /** The app's origin, where Shopify forwards /apps/quizlead/… (the app proxy's url). */
  appUrl: () => string;
  /** The app's secret, which signs the forwarded query. */
  apiSecret: string;
  /** The shop this request is for (the storefront's domain). */
  shopOf: (request: IncomingMessage) => string;
  /** The shop's name, as the theme shows it. */
  shopName?: string;
}

/**
 * Shopify's side of the app proxy, for browser tests: a storefront's /apps/quizlead/… is forwarded to
 * the app with the visitor's query plus Shopify's parameters, signed with the app's secret; a Liquid
 * answer (application/liquid) is rendered (liquidjs) and served inside a theme layout as the shop's
 * page (whose head defines `window.Shopify` as the theme's content_for_header does), anything else as it
 * came. /discount/{code} takes the code and goes back to `redirect`, as Shopify's discount links do.
 * Other paths are 404.
 */
export function appProxyStorefront(options: AppProxyStorefrontOptions) {
  const liquid = new Liquid();
  const shopName = options.shopName ?? 'E2E Coffee';
  return (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://storefront');
      // Shopify's discount link: the code goes on the visitor's cart (a cookie), then back to `redirect`.
      const discount = /^\/discount\/([^/]+)$/.exec(url.pathname);
      if (discount) {
        const back = url.searchParams.get('redirect') ?? '/';
        response.statusCode = 302;
        response.setHeader('set-cookie', `discount_code=${discount[1]}; Path=/; Secure; SameSite=Lax`);
        response.setHeader('location', back.startsWith('/') && !back.startsWith('//') ? back : '/');
        return response.end();
      }
      if (!url.pathname.startsWith('/apps/quizlead/')) {
        response.statusCode = 404;
        return response.end('Not found');
      }
      const shop = options.shopOf(request);
      const query = signAppProxyQuery(options.apiSecret, shop, { params: [...url.searchParams.entries()] });
      const answer = await fetch(`${options.appUrl()}${url.pathname}?${query}`);
      const body = await answer.text();
      const liquidAnswer = answer.headers.get('content-type')?.startsWith('application/liquid');
      const content = liquidAnswer ? await liquid.parseAndRender(body, { shop: { name: shopName, domain: shop } }) : body;
      response.statusCode = answer.status;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${shopName}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>window.Shopify = { shop: ${JSON.stringify(shop)}, routes: { root: '/' } };</script></head>
<body style="margin:0 auto;max-width:900px;padding:0 16px;font-family:sans-serif"><header><h1>${shopName}</h1></header>
<main>${content}</main><footer><p>© ${shopName}</p></footer></body></html>`);
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  };
}

/** The storefront on its own local origin (http://127.0.0.1:{port}). */
export async function startAppProxyStorefront(options: AppProxyStorefrontOptions) {
  const server = createServer(appProxyStorefront(options));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
