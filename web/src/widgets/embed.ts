/**
 * The universal embed script, served as /widgets/embed.js: a classic script for any site (docs/api.md,
 * "Embedding quizzes, polls, web responses and wheels"). The widget share code is
 *   <div data-quizlead="quiz|poll|feedback|wheel" data-id="{id}" data-slug="{slug}" data-title="{title}"
 *        data-display="inline|popup|slidein" data-trigger="load|delay|exit|scroll" data-delay="5" data-scroll="50"
 *        data-once="true"></div>
 *   <script async src="{origin}/widgets/embed.js?v={version}"></script>
 * Inline, each element is replaced in place by the item's page in a lazily loaded frame from this
 * script's origin. A pop-up (a centred modal) or a slide-in (a bottom-right card) is built only when its
 * trigger fires: at load, after the delay, when the pointer leaves through the top of the window
 * (touch screens fall back to the delay), or once the visitor has scrolled data-scroll per cent of the
 * way down (a page too short to scroll, once loaded), at most once per visitor unless data-once="false".
 * Frames take the height their page reports (`{type: 'quizlead-height', height}` from this origin); a
 * framed page's Escape (`{type: 'quizlead-escape'}`) closes its pop-up. Nothing blocks the host page:
 * the script is async, writes no markup of its own into the document stream, and its styles carry the
 * `quizlead-embed` prefix. Elements added later mount with `window.quizlead.scan()`. Which pages show
 * an item is the host's to decide (the Shopify app embed decides in Liquid and renders nothing elsewhere).
 * `data-lang`, `data-locale` and `data-country` go to the frame's page as `?lang=`, `?locale=`, `?country=`.
 */
import { embedFramePath, type EmbedKind } from '@quizlead/shared/sharing.ts';
import { alreadyShown, readEmbedOptions, rememberShown, scrolledPercent, type EmbedOptions } from './embedOptions.ts';

interface Loader {
  scan(): void;
}

const p = 'quizlead-embed';
const frameTitles: Record<EmbedKind, string> = { quiz: 'Quiz', poll: 'Poll', feedback: 'Feedback', wheel: 'Spin the wheel' };

// Pop-ups and slide-ins keep a 44 px strip above the frame for the close button, so it never covers the
// framed page's title, however long (on a phone a poll's question runs the whole width).
const styles = `.${p}-frame{display:block;width:100%;height:419px;border:0;overflow:hidden;color-scheme:normal}
.${p}-backdrop{position:fixed;inset:0;z-index:2147483646;display:flex;align-items:center;justify-content:center;box-sizing:border-box;padding:16px;background:rgba(17,17,17,.6);animation:${p}-in .2s ease-out}
.${p}-dialog,.${p}-slidein{position:relative;display:flex;flex-direction:column;box-sizing:border-box;padding-top:44px;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 20px 60px rgba(0,0,0,.35)}
.${p}-dialog{width:100%;max-width:713px;max-height:100%}
.${p}-slidein{position:fixed;z-index:2147483645;right:16px;bottom:16px;width:400px;max-width:calc(100% - 32px);max-height:calc(100% - 32px);animation:${p}-up .3s ease-out}
.${p}-body{flex:1 1 auto;min-height:0;overflow:auto;-webkit-overflow-scrolling:touch}
.${p}-close{position:absolute;top:8px;right:8px;z-index:1;box-sizing:border-box;width:36px;height:36px;margin:0;padding:0;border:2px solid #fff;border-radius:50%;background:#1f1f1f;color:#fff;font:22px/1 system-ui,sans-serif;cursor:pointer;box-shadow:0 2px 6px rgba(0,0,0,.3)}
.${p}-close:hover{background:#000}
.${p}-close:focus-visible{outline:3px solid #005bd3;outline-offset:2px}
@keyframes ${p}-in{from{opacity:0}}
@keyframes ${p}-up{from{opacity:0;transform:translateY(24px)}}
@media (prefers-reduced-motion:reduce){.${p}-backdrop,.${p}-slidein{animation:none}}`;

/** Where this script came from: the pages it frames live on the same origin. */
function scriptOrigin(): string | null {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="/widgets/embed.js"]');
  try {
    return script?.src ? new URL(script.src, location.href).origin : null;
  } catch {
    return null;
  }
}

function visitorStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function make<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = `${p}-${className}`;
  return element;
}

/** A stop on the Tab order that hands focus on (keeps Tab inside an open pop-up). */
function focusStop(target: () => HTMLElement): HTMLElement {
  const stop = make('span');
  stop.tabIndex = 0;
  stop.addEventListener('focus', () => target().focus());
  return stop;
}

function start(origin: string): Loader {
  /** Every frame this loader made, with what closes it (pop-ups and slide-ins). */
  const frames = new Map<HTMLIFrameElement, (() => void) | null>();
  const storage = visitorStorage();

  if (!document.getElementById(`${p}-styles`)) {
    const style = make('style');
    style.id = `${p}-styles`;
    style.textContent = styles;
    document.head.append(style);
  }

  const frameFor = (options: EmbedOptions, close: (() => void) | null) => {
    const frame = make('iframe', 'frame');
    // The language parameters start the query when the page's address has none.
    frame.src =
      origin +
      (embedFramePath(options.kind, options.id, options.slug || options.title) + options.query).replace(/^([^?&]*)&/, '$1?');
    frame.title = options.title || frameTitles[options.kind];
    frame.setAttribute('data-quizlead-frame', options.kind);
    frames.set(frame, close);
    return frame;
  };

  const open = (options: EmbedOptions) => {
    if (alreadyShown(storage, options)) return;
    rememberShown(storage, options);
    const modal = options.display === 'popup';
    const label = options.title || frameTitles[options.kind];
    const box = make('div', modal ? 'dialog' : 'slidein');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', label);
    if (modal) box.setAttribute('aria-modal', 'true');
    const closeButton = make('button', 'close');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', 'Close');
    closeButton.textContent = '×';
    const body = make('div', 'body');
    const previous = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const overflow = root.style.overflow;

    const backdrop = modal ? make('div', 'backdrop') : null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && (modal || box.contains(document.activeElement))) close();
    };
    const close = () => {
      frames.delete(frame);
      document.removeEventListener('keydown', onKey, true);
      (backdrop || box).remove();
      if (modal) {
        root.style.overflow = overflow;
        if (previous && previous.focus && document.contains(previous)) previous.focus();
      }
    };
    const frame = frameFor(options, close);
    closeButton.addEventListener('click', close);
    document.addEventListener('keydown', onKey, true);
    body.append(frame);
    box.append(closeButton, body);

    if (backdrop) {
      // Tab and Shift+Tab stay inside: past the frame back to the close button, and the other way.
      box.prepend(focusStop(() => frame));
      box.append(focusStop(() => closeButton));
      backdrop.append(box);
      backdrop.addEventListener('click', (event) => event.target === backdrop && close());
      root.style.overflow = 'hidden';
      document.body.append(backdrop);
      closeButton.focus();
    } else {
      document.body.append(box);
    }
  };

  const arm = (options: EmbedOptions) => {
    if (alreadyShown(storage, options)) return;
    const show = () => open(options);
    if (options.trigger === 'load') return show();
    const touch = !window.matchMedia || window.matchMedia('(hover: none)').matches;
    if (options.trigger === 'exit' && !touch) {
      const onLeave = (event: MouseEvent) => {
        if (event.relatedTarget || event.clientY > 0) return;
        document.removeEventListener('mouseout', onLeave);
        show();
      };
      document.addEventListener('mouseout', onLeave);
      return;
    }
    if (options.trigger === 'scroll') {
      const root = document.documentElement;
      const check = () => {
        if (scrolledPercent(window.scrollY, root.scrollHeight, window.innerHeight) < options.scrollPercent) return;
        window.removeEventListener('scroll', check);
        window.removeEventListener('resize', check);
        window.removeEventListener('load', check);
        show();
      };
      window.addEventListener('scroll', check, { passive: true });
      window.addEventListener('resize', check, { passive: true });
      // A page too short to scroll counts once it is laid out (images in): it is read to the end.
      if (document.readyState === 'complete') check();
      else window.addEventListener('load', check);
      return;
    }
    setTimeout(show, options.delayMs);
  };

  const mount = (element: Element) => {
    const options = readEmbedOptions((name) => element.getAttribute(name));
    if (!options) return;
    if (options.display === 'inline') {
      const frame = frameFor(options, null);
      frame.setAttribute('loading', 'lazy');
      element.replaceWith(frame);
    } else {
      element.remove();
      arm(options);
    }
  };

  const scan = () =>
    document.querySelectorAll('[data-quizlead]').forEach((element) => {
      try {
        mount(element);
      } catch {
        // One bad element never stops the others, nor the host page.
      }
    });

  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return;
    const data = event.data as { type?: unknown; height?: unknown; id?: unknown; items?: unknown } | null;
    frames.forEach((close, frame) => {
      if (!data || frame.contentWindow !== event.source) return;
      if (data.type === 'quizlead-escape' && close) close();
      if (data.type === 'quizlead-cart-probe' || data.type === 'quizlead-cart-add')
        storefrontCart(data, event.source as Window, origin);
      if (data.type === 'quizlead-height' && typeof data.height === 'number' && data.height >= 0) {
        frame.style.height = `${Math.ceil(Math.min(data.height, 20000))}px`;
      }
    });
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  return { scan };
}

/**
 * A Shopify storefront around a frame: the probe is answered with the market's root and this page's
 * path (web/src/public/storefront.ts: the prize's discount link), and add to cart for a framed player
 * (web/src/player/cart.ts): the player's frame is on the app's origin, so this page, on the shop's
 * domain, posts its lines to the theme's Ajax cart (`Shopify.routes.root` + cart/add.js) and answers
 * the frame. A page that is no storefront stays silent.
 */
function storefrontCart(data: { type?: unknown; id?: unknown; items?: unknown }, frame: Window, origin: string) {
  const root = (window as unknown as { Shopify?: { routes?: { root?: unknown } } }).Shopify?.routes?.root;
  if (typeof root !== 'string' || root[0] !== '/') return;
  // The storefront's root and this page's path: the frame's discount link brings the visitor back here.
  if (data.type === 'quizlead-cart-probe')
    return frame.postMessage({ type: 'quizlead-cart-ready', root, path: location.pathname }, origin);
  const answer = (ok: boolean, message?: unknown) =>
    frame.postMessage(
      { type: 'quizlead-cart-result', id: data.id, ok, message: typeof message === 'string' ? message : '' },
      origin,
    );
  const items = data.items;
  // Lines as the player makes them: a numeric variant, a small quantity, text properties.
  const valid =
    Array.isArray(items) &&
    items.length > 0 &&
    items.length <= 12 &&
    items.every(
      (item: { id?: unknown; quantity?: unknown; properties?: unknown }) =>
        Number.isSafeInteger(item?.id) &&
        Number.isSafeInteger(item.quantity) &&
        (item.quantity as number) > 0 &&
        (item.quantity as number) <= 10 &&
        typeof item.properties === 'object' &&
        item.properties !== null &&
        Object.values(item.properties).every((value) => typeof value === 'string'),
    );
  if (!valid) return answer(false);
  fetch(`${root.replace(/\/?$/, '/')}cart/add.js`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ items }),
  })
    .then(async (response) => {
      if (response.ok) {
        answer(true);
        // Themes can refresh their cart count on it.
        document.dispatchEvent(new CustomEvent('quizlead:cart-added', { detail: { items } }));
      } else answer(false, ((await response.json().catch(() => null)) as { description?: unknown } | null)?.description);
    })
    .catch(() => answer(false));
}

const origin = scriptOrigin();
if (origin) {
  const registry = ((window as unknown as { quizleadLoaders?: Record<string, Loader> }).quizleadLoaders ??= {});
  // A second copy of the script on the page (two widgets, two snippets) only looks for new elements.
  const loader = (registry[origin] ??= start(origin));
  loader.scan();
  (window as unknown as { quizlead?: Loader }).quizlead = { scan: () => Object.values(registry).forEach((one) => one.scan()) };
}

// A module for the type checker (its names stay private); the build wraps it in a function.
export {};
