import { findStorefront } from '../public/storefront.ts';

/**
 * Add to cart on a Shopify storefront, through the theme's Ajax cart (`{routes.root}cart/add.js`).
 * In a shop the player runs in the embed script's frame from the app's origin (the app block, and the
 * app proxy page that holds the same element: docs/decisions/066-add-to-cart-goes-through-the-embed.md), so the shop's cart is another
 * origin its CSP does not let it call, and the shop's cookies would not ride along. It asks the page
 * around it instead, where the embed script runs on the shop's own domain (web/src/widgets/embed.ts),
 * once that page has said it is a storefront (web/src/public/storefront.ts):
 *   → { type: 'quizlead-cart-add', id, items }    ← { type: 'quizlead-cart-result', id, ok, message? }
 * A player page served on the shop's domain itself (window.Shopify.routes.root) posts directly.
 */

/** One line for cart/add.js: the numeric variant id and the line-item properties that credit the quiz. */
export type CartLine = { id: number; quantity: number; properties: Record<string, string> };

export interface StorefrontCart {
  /** Resolves once the shop took the items; rejects with the shop's reason when it says one. */
  add(items: CartLine[]): Promise<void>;
}

/** Refused by the shop (sold out, too many) or unanswered: `message` is the shop's words when it gave any. */
export class CartError extends Error {}

const replyTimeoutMs = 15_000;

function directCart(root: string): StorefrontCart {
  return {
    async add(items) {
      const response = await fetch(`${root}cart/add.js`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ items }),
      }).catch(() => null);
      if (response?.ok) return;
      const body = (await response?.json().catch(() => null)) as { description?: unknown } | null;
      throw new CartError(typeof body?.description === 'string' ? body.description : '');
    },
  };
}

type Reply = { type?: unknown; id?: unknown; ok?: unknown; message?: unknown };

function framedCart(): StorefrontCart {
  return {
    add(items) {
      return new Promise((resolve, reject) => {
        const id = Math.random().toString(36).slice(2);
        const done = () => {
          window.clearTimeout(timer);
          window.removeEventListener('message', listen);
        };
        const listen = (event: MessageEvent) => {
          const data = event.data as Reply | null;
          if (event.source !== window.parent || data?.type !== 'quizlead-cart-result' || data.id !== id) return;
          done();
          if (data.ok === true) resolve();
          else reject(new CartError(typeof data.message === 'string' ? data.message.slice(0, 200) : ''));
        };
        const timer = window.setTimeout(() => {
          done();
          reject(new CartError(''));
        }, replyTimeoutMs);
        window.addEventListener('message', listen);
        window.parent.postMessage({ type: 'quizlead-cart-add', id, items }, '*');
      });
    },
  };
}

/**
 * Calls `found` with the storefront's cart once it is known (at once on the shop's domain, when the
 * embedding page answers in a frame); never outside a shop. Returns the clean-up.
 */
export function findStorefrontCart(found: (cart: StorefrontCart) => void): () => void {
  return findStorefront((page) => found(page.framed ? framedCart() : directCart(page.root)));
}
