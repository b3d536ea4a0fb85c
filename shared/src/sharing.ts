/**
 * Sharing a quiz (spec: account-player-management.md §2, §4 and §9): the share tabs, the player
 * address a link opens, short links, the social channels and the embed sizes. Zod-free, so the
 * admin, the player and the embed script may all import it.
 */
import { activeQuizTypes } from './quizzes.ts';
import { embedKindNouns, type EmbedKind } from './embedKinds.ts';
import { writeEmbedRules, type EmbedRules } from './embedRules.ts';
import { slugify } from './slug.ts';

export const shareTabs = ['link', 'short-link', 'iframe', 'widget', 'social', 'shopify'] as const;
export type ShareTab = (typeof shareTabs)[number];

export const shareTabLabels: Record<ShareTab, string> = {
  link: 'Link',
  'short-link': 'Short Link',
  iframe: 'Iframe',
  widget: 'Widget',
  social: 'Social',
  shopify: 'Shopify',
};

export const shareMessages = {
  /** On a phone the ways to share are a menu, not a strip of tabs cut off at the screen's edge. */
  shareBy: 'Share by',
  copy: 'Copy',
  copyDone: 'Copy Done',
  shortLinkLoading: 'Making your short link…',
  shortLinkNotFound: 'This link does not lead to a quiz.',
  shortLinkNotFoundHint: 'It may have been mistyped, or the quiz was deleted or unpublished.',
  notPublished: 'This quiz is a draft: publish it so visitors can play it.',
  shopifyNotConnected:
    'This account is not connected to a Shopify store. Install the app from your Shopify admin to place quizzes, polls, web responses and wheels in your storefront.',
} as const;

export const shareLimits = {
  iframeWidth: 713,
  iframeHeight: 419,
  socialPopupWidth: 750,
  socialPopupHeight: 600,
  /** Short-link codes: this many characters of [0-9A-Za-z]. */
  shortCodeLength: 7,
} as const;

/** Short-link codes are base62; quiz ids are uuids, so /play/{x} tells them apart by shape. */
export const shortCodePattern = /^[0-9A-Za-z]{4,16}$/;

/**
 * The quiz types the newer player (quizplayer2.html) plays: the spec lists exactly the active types.
 * Any other type (poll and feedback, kept for old data) opens quizplayer.html (spec section 4,
 * "Player page choice").
 */
const newerPlayerTypes: ReadonlySet<string> = /* @__PURE__ */ new Set(activeQuizTypes);

/**
 * The player address of a quiz, from the site root: what the Link tab shows and short links redirect to.
 * With `preview`, the player's preview mode: its signed-in owner plays it, drafts included, and the play
 * stays out of stats and reports.
 */
export function quizPlayerPath(
  quiz: { id: string; title: string; quizType: string },
  options: { iframe?: boolean; preview?: boolean } = {},
): string {
  return playerPageAddress(newerPlayerTypes.has(quiz.quizType) ? 'quizplayer2.html' : 'quizplayer.html', quiz, options);
}

/**
 * A player page's address for a quiz: its slugged title and id, and the modes asked for. Apart from
 * quizPlayerPath so the embed loader, which always frames the newer player, carries no list of quiz types.
 */
function playerPageAddress(page: string, quiz: { id: string; title: string }, options: { iframe?: boolean; preview?: boolean }) {
  const query = new URLSearchParams({ quiztitle: slugify(quiz.title), quizid: quiz.id });
  if (options.iframe) query.set('isiframe', 'true');
  if (options.preview) query.set('preview', '1');
  return `/${page}?${query.toString()}`;
}

export const shortLinkPath = (code: string) => `/play/${code}`;

export const socialChannels = ['facebook', 'x', 'linkedin', 'whatsapp', 'email'] as const;
export type SocialChannel = (typeof socialChannels)[number];

export const socialChannelLabels: Record<SocialChannel, string> = {
  facebook: 'Facebook',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  email: 'Email',
};

/** Where each share button sends the visitor (opened in a 750x600 pop-up; email opens the mail app). */
export function socialShareUrl(channel: SocialChannel, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (channel) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The universal embed script (/widgets/embed.js; docs/api.md "Embedding")

export { embedKinds, embedKindNouns, type EmbedKind } from './embedKinds.ts';

/** `data-display`: in the page where the element stands, a centred pop-up, or a corner slide-in. */
export const embedDisplays = ['inline', 'popup', 'slidein'] as const;
export type EmbedDisplay = (typeof embedDisplays)[number];

/**
 * `data-trigger` for pop-ups and slide-ins: at once, after `data-delay` seconds, when the pointer leaves the
 * page, or once the visitor has scrolled `data-scroll` per cent of the way down.
 */
export const embedTriggers = ['load', 'delay', 'exit', 'scroll'] as const;
export type EmbedTrigger = (typeof embedTriggers)[number];

export const embedDefaults = {
  display: 'inline' as EmbedDisplay,
  trigger: 'delay' as EmbedTrigger,
  delaySeconds: 5,
  scrollPercent: 50,
};

/**
 * The embed script's cache-busting version (`?v=` in the widget code): bump it when /widgets/embed.js
 * changes in a way pages that already embed it must pick up.
 */
export const embedScriptVersion = '3';

/** `data-delay` is clamped to this many seconds. */
export const embedMaxDelaySeconds = 3600;

/** `data-scroll`: how far down the page (per cent of what can be scrolled) a scroll trigger fires, 1 to 100. */
export const embedScrollLimits = { min: 1, max: 100 } as const;

/** A whole per cent within the scroll limits; anything unreadable is the default. */
export function clampScrollPercent(value: number): number {
  if (!(value >= 0)) return embedDefaults.scrollPercent;
  return Math.min(embedScrollLimits.max, Math.max(embedScrollLimits.min, Math.round(value)));
}

/** The localStorage key that remembers a pop-up or slide-in was shown to this visitor (`data-once`). */
export const embedOnceKey = (kind: EmbedKind, id: string) => `quizlead:shown:${kind}:${id}`;

/** The page an embed frames, from the site root: a quiz's player in its embedded mode, or a widget page. */
export function embedFramePath(kind: EmbedKind, id: string, slug: string): string {
  const safeId = encodeURIComponent(id);
  const safeSlug = encodeURIComponent(slug || '-');
  switch (kind) {
    case 'quiz':
      // The embed code does not carry the quiz type: the newer player page plays every type.
      return playerPageAddress('quizplayer2.html', { id, title: slug }, { iframe: true });
    case 'poll':
      return `/poll/publish/show/${safeId}/${safeSlug}`;
    case 'feedback':
      return `/feedback/preview/${safeId}`;
    case 'wheel':
      return `/wheelspin/publish/show/${safeId}/${safeSlug}`;
  }
}

/**
 * How the widget code shows its item: `data-display`, `data-trigger`, `data-delay`, `data-scroll`, `data-once`,
 * and to whom and how often, `data-rules` (./embedRules.ts).
 */
export interface EmbedDisplayOptions {
  display: EmbedDisplay;
  trigger: EmbedTrigger;
  delaySeconds: number;
  /** The scroll trigger: per cent of the page scrolled. */
  scrollPercent: number;
  /** At most once per visitor (pop-ups and slide-ins); a frequency rule (`every`) replaces it. */
  once: boolean;
  /** Audience and frequency rules (issue 35). */
  rules: EmbedRules;
}

/** The rules of how often an item shows: pop-ups and slide-ins only. */
export const embedFrequencyRules = ['every', 'converted', 'dismissals'] as const;

export const defaultEmbedDisplayOptions: EmbedDisplayOptions = {
  display: embedDefaults.display,
  trigger: embedDefaults.trigger,
  delaySeconds: embedDefaults.delaySeconds,
  scrollPercent: embedDefaults.scrollPercent,
  once: true,
  rules: {},
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<iframe src="{origin}{path}" width="713" height="419" …>`: the Iframe share code (fixed size). */
export function iframeEmbedCode(origin: string, path: string, title: string): string {
  const { iframeWidth, iframeHeight } = shareLimits;
  return `<iframe src="${escapeAttribute(origin + path)}" width="${iframeWidth}" height="${iframeHeight}" style="border:0" title="${escapeAttribute(title)}"></iframe>`;
}

/**
 * The Widget share code: the element the universal embed script mounts, and the script (docs/api.md,
 * "Embedding"). Inline codes carry no display attributes; a pop-up or slide-in names its trigger, its delay
 * or scroll depth, and (when off) the once-per-visitor cap.
 */
export function widgetEmbedCode(
  origin: string,
  item: { kind: EmbedKind; id: string; slug?: string | undefined; title?: string | undefined },
  options: Partial<EmbedDisplayOptions> = {},
): string {
  const { display, trigger, delaySeconds, scrollPercent, once, rules } = { ...defaultEmbedDisplayOptions, ...options };
  let attributes = `data-quizlead="${item.kind}" data-id="${escapeAttribute(item.id)}"`;
  if (item.slug) attributes += ` data-slug="${escapeAttribute(item.slug)}"`;
  if (item.title) attributes += ` data-title="${escapeAttribute(item.title)}"`;
  if (display !== 'inline') {
    attributes += ` data-display="${display}" data-trigger="${trigger}"`;
    // Exit intent falls back to the delay on touch screens.
    if (trigger === 'delay' || trigger === 'exit') {
      const delay = Math.min(embedMaxDelaySeconds, Math.max(0, Math.round(delaySeconds) || 0));
      attributes += ` data-delay="${delay}"`;
    }
    if (trigger === 'scroll') attributes += ` data-scroll="${clampScrollPercent(scrollPercent)}"`;
    if (!once || rules.every) attributes += ' data-once="false"';
  }
  const kept = { ...rules };
  if (display === 'inline') for (const name of embedFrequencyRules) delete kept[name];
  const written = writeEmbedRules(kept);
  if (written) attributes += ` data-rules="${escapeAttribute(written)}"`;
  return `<div ${attributes}></div><script async src="${escapeAttribute(`${origin}/widgets/embed.js?v=${embedScriptVersion}`)}"></script>`;
}

// ---------------------------------------------------------------------------------------------
// Shopify: the theme app extension (extensions/quizlead-theme): an app block and an app embed

/** The app block (blocks/quizlead.liquid): a quiz, poll, web response or wheel in a section of a page. */
export const shopifyBlockHandle = 'quizlead';

/** The app embed (blocks/quizlead-popup.liquid): one item as a pop-up or slide-in across the store. */
export const shopifyEmbedHandle = 'quizlead-popup';

/**
 * The kind as the theme editor's Show setting lists it (extensions/quizlead-theme/locales/
 * en.default.schema.json, settings.kind.options; a test keeps the two the same).
 */
export const shopifyKindLabels: Record<EmbedKind, string> = {
  quiz: 'Quiz',
  poll: 'Poll',
  feedback: 'Web response',
  wheel: 'Spin-to-win wheel',
};

export const shopifyMessages = {
  notConfigured:
    'Shopify placement is not set up on this server yet: its Shopify app key (SHOPIFY_API_KEY) is missing. Ask the administrator to configure it.',
  addToTheme: 'Add to theme',
  blockIntro: (shopDomain: string, kind: EmbedKind) =>
    `Or place the ${embedKindNouns[kind]} in any page of ${shopDomain} with the Quizlead block of your theme:`,
  blockSteps: (kind: EmbedKind) => [
    'Select Add to theme: your theme editor opens on the home page with the Quizlead block ready to add.',
    `In the block, choose ${shopifyKindLabels[kind]} under Show, and paste this ${embedKindNouns[kind]} id into Id (Copy puts it on your clipboard).`,
    'Choose how it shows (in the page, pop-up or slide-in), move the block where you like, then Save.',
  ],
  idLabel: (kind: EmbedKind) => `${embedKindNouns[kind].charAt(0).toUpperCase()}${embedKindNouns[kind].slice(1)} id`,
  turnOnPopup: 'Turn on the pop-up',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyLinkFailed: 'The browser did not allow copying: open the link and copy its address.',
  embedIntro: (kind: EmbedKind) =>
    `Or show the ${embedKindNouns[kind]} across your store as a pop-up or slide-in, with the Quizlead pop-up app embed:`,
  embedSteps: (kind: EmbedKind) => [
    'Select Turn on the pop-up: your theme editor opens its App embeds with the Quizlead pop-up switched on.',
    `Choose ${shopifyKindLabels[kind]} under Show, and paste this ${embedKindNouns[kind]} id into its Id setting.`,
    'Choose when it appears (on load, after a delay, when the visitor is about to leave or scrolls down) and on which pages, then Save.',
  ],
} as const;

/**
 * The theme editor deep link that opens the store's live theme on its home page with the app block
 * ready to add in a new Apps section (`addAppBlockId={api_key}/{block handle}`).
 */
export function shopifyThemeEditorUrl(shopDomain: string, apiKey: string): string {
  const blockId = `${encodeURIComponent(apiKey)}/${shopifyBlockHandle}`;
  return `https://${shopDomain}/admin/themes/current/editor?template=index&addAppBlockId=${blockId}&target=newAppsSection`;
}

/**
 * The theme editor deep link that opens the live theme's App embeds with the app embed switched on
 * (`context=apps&activateAppId={api_key}/{embed handle}`); the merchant still saves.
 */
export function shopifyAppEmbedUrl(shopDomain: string, apiKey: string): string {
  const embedId = `${encodeURIComponent(apiKey)}/${shopifyEmbedHandle}`;
  return `https://${shopDomain}/admin/themes/current/editor?context=apps&template=index&activateAppId=${embedId}`;
}
