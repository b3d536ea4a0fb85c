/**
 * The visitor's lasting id in this browser (localStorage), shared by the player and the widgets: an
 * A/B test hashes it to keep a visitor in the same variant on every visit. Random, so it says nothing
 * about the person. Where storage is switched off it lasts as long as the page, which still shows the
 * visitor the variant the server counts them in.
 */
const storageKey = 'quizlead.visitor';
const shape = /^[A-Za-z0-9_-]{16,128}$/;
let forThisPage: string | undefined;

const made = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function visitorId(): string {
  try {
    const kept = window.localStorage.getItem(storageKey);
    if (kept && shape.test(kept)) return kept;
    const fresh = made();
    window.localStorage.setItem(storageKey, fresh);
    return fresh;
  } catch {
    return (forThisPage ??= made());
  }
}
