/**
 * Whether a public page (the player, a widget) is shown in a Shopify storefront, and where: the shop's
 * own page when the theme's `window.Shopify.routes.root` is on this page, else the page around the frame
 * the embed script made (the app block, the app embed and the app proxy page all frame the item from
 * the app's origin). The frame asks that page, which answers only when it is a storefront
 * (web/src/widgets/embed.ts):
 *   → { type: 'quizlead-cart-probe' }   ← { type: 'quizlead-cart-ready', root, path }
 * The storefront's origin is the answering window's own (the message's origin), so a page can only
 * ever point the visitor at itself. Outside a shop nobody answers and nothing is found.
 */

export interface StorefrontPage {
  /** https://{shop domain}: the storefront the visitor is on. */
  origin: string;
  /** The market's root ('/', or '/fr/'), from Shopify.routes.root. */
  root: string;
  /** The storefront page's path, to come back to. */
  path: string;
  /** True when the item is in the embed script's frame, so links open the storefront's own window. */
  framed: boolean;
}

type Reply = { type?: unknown; root?: unknown; path?: unknown };

const validRoot = (root: unknown): root is string => typeof root === 'string' && root.startsWith('/');

function ownStorefront(): StorefrontPage | null {
  const root = (window as unknown as { Shopify?: { routes?: { root?: unknown } } }).Shopify?.routes?.root;
  if (!validRoot(root)) return null;
  return { origin: location.origin, root: root.replace(/\/?$/, '/'), path: location.pathname, framed: false };
}

let found: Promise<StorefrontPage> | null = null;

/** The storefront page this item is shown in; never settles outside a shop. One probe per page. */
function storefrontPage(): Promise<StorefrontPage> {
  if (found) return found;
  found = new Promise((resolve) => {
    const own = ownStorefront();
    if (own) return resolve(own);
    if (window.parent === window) return;
    const listen = (event: MessageEvent) => {
      const data = event.data as Reply | null;
      if (event.source !== window.parent || data?.type !== 'quizlead-cart-ready') return;
      if (!/^https?:\/\//.test(event.origin)) return;
      window.removeEventListener('message', listen);
      // An embed script from before the page was sent along answers without it: the shop's root, then.
      const root = validRoot(data.root) ? data.root.replace(/\/?$/, '/') : '/';
      const path = typeof data.path === 'string' && data.path.startsWith('/') ? data.path : root;
      resolve({ origin: event.origin, root, path, framed: true });
    };
    window.addEventListener('message', listen);
    window.parent.postMessage({ type: 'quizlead-cart-probe' }, '*');
  });
  return found;
}

/** Calls `use` with the storefront page once it is known; never outside a shop. Returns the clean-up. */
export function findStorefront(use: (page: StorefrontPage) => void): () => void {
  let active = true;
  void storefrontPage().then((page) => active && use(page));
  return () => {
    active = false;
  };
}

/**
 * Shopify's shareable discount link: the storefront applies the code to the visitor's cart and checkout,
 * then brings them back to the page they were on (`/discount/{code}?redirect={path}`).
 */
export function discountLink(page: StorefrontPage, code: string): string {
  return `${page.origin}/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(page.path)}`;
}
