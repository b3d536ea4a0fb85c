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
 * `data-rules` (issue 35, shared/src/embedRules.ts) narrows who sees the item and how often; they are
 * checked before anything is fetched, and a visitor they leave out costs no request (see `admit`).
 */
import { embedFramePath, type EmbedKind } from '@quizlead/shared/sharing.ts';
import {
  audienceAllows,
  cartAllows,
  countryAllows,
  embedHistoryKey,
  frequencyAllows,
  noteHistory,
  readEmbedRules,
  readHistory,
  sessionStart,
  type CartFacts,
  type EmbedHistory,
  type EmbedRules,
  type VisitorFacts,
} from '@quizlead/shared/embedRules.ts';
import { alreadyShown, readEmbedOptions, rememberShown, scrolledPercent, type EmbedOptions } from './embedOptions.ts';

interface Loader {
  scan(): void;
}

const p = 'quizlead-embed';
const frameTitles: Record<EmbedKind, string> = { quiz: 'Quiz', poll: 'Poll', feedback: 'Feedback', wheel: 'Spin the wheel' };

/** Where this script came from: the pages it frames and its styles (embed.css beside it) live there. */
function scriptAddress(): URL | null {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="/widgets/embed.js"]');
  try {
    return script?.src ? new URL(script.src, location.href) : null;
  } catch {
    return null;
  }
}

function visitorStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

/** The storefront's root (`Shopify.routes.root`), on a Shopify storefront only. */
function shopifyRoot(): string | null {
  const root = (window as unknown as { Shopify?: { routes?: { root?: unknown } } }).Shopify?.routes?.root;
  return typeof root === 'string' && root[0] === '/' ? root.replace(/\/?$/, '/') : null;
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

function start(script: URL): Loader {
  const origin = script.origin;
  /** Every frame this loader made, with what closes it (pop-ups and slide-ins). */
  const frames = new Map<HTMLIFrameElement, (() => void) | null>();
  const storage = visitorStorage('localStorage');
  const session = visitorStorage('sessionStorage');
  /** Each frame's history key in the visitor's storage (data-rules: shows, closes, conversions). */
  const histories = new Map<HTMLIFrameElement, string>();
  const note = (key: string, event: keyof EmbedHistory) => noteHistory(storage, key, event, Date.now());
  // The session's first page (landing page, UTMs, referrer) and whether the browser had a session before.
  const [firstPage, referrer, visitor] = sessionStart(session, storage, location.href, document.referrer, Date.now());

  /** The visitor's country from the server's geolocation (its answer is kept an hour by the browser's cache). */
  const visitorCountry = async () =>
    ((await (await fetch(`${origin}/api/v1/public/visitor-country`)).json()) as { data: { country: string } }).data.country;

  /**
   * Answers `go` whether the element's rules let this visitor in: the visitor and frequency rules at once,
   * then (only when they pass and a rule needs it) the country, then the storefront's cart.
   */
  const admit = (
    options: EmbedOptions,
    rules: EmbedRules,
    attribute: (name: string) => string | null,
    go: (admitted: boolean) => void,
  ) => {
    const now = Date.now();
    const facts: VisitorFacts = {
      visitor,
      device: /Mobi/.test(navigator.userAgent) || window.innerWidth < 768 ? 'mobile' : 'desktop',
      customer: attribute('data-customer') || '',
      landing: new URL(firstPage),
      referrer,
      tags: attribute('data-customer-tags') || '',
      now,
    };
    if (
      !audienceAllows(rules, facts) ||
      !frequencyAllows(rules, readHistory(storage, embedHistoryKey(options.kind, options.id)), now)
    )
      return go(false);
    if (!rules.country && !rules.cart && !rules.items) return go(true);
    (async () => {
      if (rules.country && !countryAllows(rules, await visitorCountry())) return false;
      const root = shopifyRoot();
      return (
        !(rules.cart || rules.items) || (!!root && cartAllows(rules, (await (await fetch(`${root}cart.js`)).json()) as CartFacts))
      );
    })()
      // Unknown country or cart: the rule cannot hold.
      .catch(() => false)
      .then(go);
  };

  /**
   * The styles of frames, pop-ups and slide-ins (embed.css, same version as this script), linked once the
   * first item is let in: a visitor the rules leave out costs no request. `then` runs once they are in
   * (or failed: the item still shows).
   */
  let styles: Promise<unknown> | undefined;
  const styled = (then: () => void) => {
    styles ??= new Promise((done) => {
      if (document.getElementById(`${p}-styles`)) return done(0);
      const link = make('link');
      link.id = `${p}-styles`;
      link.rel = 'stylesheet';
      link.href = script.href.replace('/embed.js', '/embed.css');
      link.onload = link.onerror = done;
      document.head.append(link);
    });
    styles.then(then);
  };

  const frameFor = (options: EmbedOptions, close: (() => void) | null) => {
    const frame = make('iframe', 'frame');
    // The language parameters start the query when the page's address has none.
    frame.src =
      origin +
      (embedFramePath(options.kind, options.id, options.slug || options.title) + options.query + adConsent()).replace(
        /^([^?&]*)&/,
        '$1?',
      );
    frame.title = options.title || frameTitles[options.kind];
    frame.setAttribute('data-quizlead-frame', options.kind);
    frames.set(frame, close);
    histories.set(frame, embedHistoryKey(options.kind, options.id));
    return frame;
  };

  const open = (options: EmbedOptions) => {
    if (alreadyShown(storage, options)) return;
    rememberShown(storage, options);
    note(embedHistoryKey(options.kind, options.id), 'shown');
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
      if (frames.delete(frame)) note(embedHistoryKey(options.kind, options.id), 'dismissed');
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
    const attribute = (name: string) => element.getAttribute(name);
    const options = readEmbedOptions(attribute);
    if (!options) return;
    const inline = options.display === 'inline';
    // Later scans pass it by; an inline one keeps its place until its frame replaces it.
    element.removeAttribute('data-quizlead');
    if (!inline) element.remove();
    const rules = readEmbedRules(attribute('data-rules'));
    admit(options, rules, attribute, (admitted) =>
      admitted
        ? styled(() => {
            if (!inline) return arm(options);
            const frame = frameFor(options, null);
            frame.setAttribute('loading', 'lazy');
            if (rules.every) note(embedHistoryKey(options.kind, options.id), 'shown');
            element.replaceWith(frame);
          })
        : element.remove(),
    );
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
      // A lead, a vote or a spin in the frame (web/src/public/frame.ts): data-rules' converted=stop.
      if (data.type === 'quizlead-converted') note(histories.get(frame)!, 'converted');
      if (data.type === 'quizlead-cart-probe' || data.type === 'quizlead-cart-add')
        storefrontCart(data, event.source as Window, origin);
      if (data.type === 'quizlead-height' && typeof data.height === 'number' && data.height >= 0) {
        frame.style.height = `${Math.ceil(Math.min(data.height, 20000))}px`;
      }
    });
  });

  // Ad pixels (issue 35): a storefront visitor's marketing consent given after the frame opened.
  document.addEventListener('visitorConsentCollected', (event) => {
    if ((event as CustomEvent<{ marketingAllowed?: boolean }>).detail.marketingAllowed)
      frames.forEach((_, frame) => frame.contentWindow!.postMessage({ type: 'quizlead-ad-consent' }, origin));
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
  const root = shopifyRoot();
  if (!root) return;
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
  fetch(`${root}cart/add.js`, {
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

/**
 * Ad pixels' consent (issue 35; web/src/public/adPixels.ts loads them in the frame): on a Shopify
 * storefront, `&adConsent=1` when the visitor allows marketing per the Customer Privacy API
 * (`Shopify.customerPrivacy.marketingAllowed()`), `&adConsent=0` otherwise, so the frame, on the app's
 * origin, loads no pixel without it; nothing elsewhere. A later consent is posted to the frames.
 */
function adConsent(): string {
  const shopify = (window as unknown as { Shopify?: { routes?: unknown; customerPrivacy?: { marketingAllowed(): boolean } } })
    .Shopify;
  return shopify && shopify.routes
    ? '&adConsent=' + +!!(shopify.customerPrivacy && shopify.customerPrivacy.marketingAllowed())
    : '';
}

const script = scriptAddress();
if (script) {
  const registry = ((window as unknown as { quizleadLoaders?: Record<string, Loader> }).quizleadLoaders ??= {});
  // A second copy of the script on the page (two widgets, two snippets) only looks for new elements.
  const loader = (registry[script.origin] ??= start(script));
  loader.scan();
  (window as unknown as { quizlead?: Loader }).quizlead = { scan: () => Object.values(registry).forEach((one) => one.scan()) };
}

// A module for the type checker (its names stay private); the build wraps it in a function.
export {};
