/**
 * The widget loader, served as /widgets/embed.js: a classic script for any site (docs/api.md,
 * "Embedding polls, web responses and wheels"). The share code is
 *   <div data-quizlead="poll" data-id="{id}" data-slug="{slug}"></div>
 *   <script async src="{origin}/widgets/embed.js?v={version}"></script>
 * and this script replaces each `[data-quizlead]` element (poll, feedback or wheel) with the item's page
 * in an iframe from the script's own origin, then sizes each frame to the height its page reports
 * (`{type: 'quizlead-height', height}` messages from that origin). No framework, nothing blocking:
 * it runs after the host page has parsed, and elements added later mount with `window.quizlead.scan()`.
 */

type Kind = 'poll' | 'feedback' | 'wheel';

const pagePaths: Record<Kind, (id: string, slug: string) => string> = {
  poll: (id, slug) => `/poll/publish/show/${id}/${slug}`,
  feedback: (id) => `/feedback/preview/${id}`,
  wheel: (id, slug) => `/wheelspin/publish/show/${id}/${slug}`,
};

const frameTitles: Record<Kind, string> = { poll: 'Poll', feedback: 'Feedback', wheel: 'Spin the wheel' };

interface Loader {
  scan(): void;
}

/** Where this script came from: the widget pages live on the same origin. */
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

function start(origin: string): Loader {
  const frames: HTMLIFrameElement[] = [];

  const mount = (element: Element) => {
    const kind = element.getAttribute('data-quizlead') as Kind;
    const id = element.getAttribute('data-id');
    if (!Object.prototype.hasOwnProperty.call(pagePaths, kind) || !id) return;
    const frame = document.createElement('iframe');
    frame.src = origin + pagePaths[kind](encodeURIComponent(id), encodeURIComponent(element.getAttribute('data-slug') || '-'));
    frame.title = element.getAttribute('data-title') || frameTitles[kind];
    frame.setAttribute('data-quizlead-frame', kind);
    frame.setAttribute('loading', 'lazy');
    frame.style.cssText = 'display:block;width:100%;height:419px;border:0;overflow:hidden;color-scheme:normal';
    frames.push(frame);
    element.replaceWith(frame);
  };

  const scan = () => document.querySelectorAll('[data-quizlead]').forEach(mount);

  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!data || data.type !== 'quizlead-height' || typeof data.height !== 'number' || !(data.height >= 0)) return;
    for (const frame of frames) {
      if (frame.contentWindow === event.source) frame.style.height = `${Math.ceil(Math.min(data.height, 20000))}px`;
    }
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  return { scan };
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
