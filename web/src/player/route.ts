/**
 * Which quiz the page plays and how, from its address: /quizplayer.html?quizid=…[&preview=1],
 * /quizplayer2.html?quiztitle=…&quizid=…[&isiframe=true], /play/{id} and /previewtemplate?quizid=….
 */
export interface PlayerRoute {
  /** Null when the address names no usable id: the player shows the not-found page without asking. */
  quizId: string | null;
  /** Drafts for their signed-in owner (the builder's Preview); no views or analytics are recorded. */
  preview: boolean;
  /** Inside another page's frame: the player reports its height to the parent. */
  embedded: boolean;
  /** In a preview, the A/B variant the owner asked to see (`&variant=b`). */
  variant: string | null;
  /** The quiz builder's live preview in a frame (`?builder=1`): the draft comes from the builder, not the server. */
  builder: boolean;
}

const idPattern = /^[\w-]{1,64}$/;

export function readRoute(location: Pick<Location, 'pathname' | 'search'>, framed: boolean): PlayerRoute {
  const params = new URLSearchParams(location.search);
  const fromPath = /^\/play\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  const raw = params.get('quizid') ?? (fromPath ? safeDecode(fromPath) : null);
  const quizId = raw !== null && idPattern.test(raw) ? raw : null;
  const previewParam = params.get('preview');
  const preview =
    location.pathname === '/previewtemplate' || (previewParam !== null && previewParam !== '0' && previewParam !== 'false');
  const variant = preview && /^[a-d]$/.test(params.get('variant') ?? '') ? params.get('variant') : null;
  const embedded = params.get('isiframe') === 'true' || framed;
  return { quizId, preview, embedded, variant, builder: framed && params.get('builder') === '1' };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The address to share: this page without the embedding and preview switches. */
export function shareUrl(location: Pick<Location, 'href'>): string {
  const url = new URL(location.href);
  url.searchParams.delete('isiframe');
  url.searchParams.delete('preview');
  url.hash = '';
  return url.toString();
}
