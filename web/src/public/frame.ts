/** True when this page runs inside someone else's frame (reading window.top can throw cross-origin). */
export function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/**
 * Inside a frame a public page (the player, a widget) tells the embedding page its height on every size change, so the page can
 * size the frame to fit: `{ type: 'quizlead-height', height }` posted to the parent; and Escape, so the
 * embed script can close a pop-up: `{ type: 'quizlead-escape' }`.
 */
export function reportHeight(element: HTMLElement): () => void {
  let last = -1;
  const send = () => {
    const style = getComputedStyle(element);
    const height = Math.ceil(
      element.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom),
    );
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'quizlead-height', height }, '*');
  };
  const observer = new ResizeObserver(send);
  observer.observe(element);
  send();
  // Escape inside the frame closes the embed script's pop-up around it (the host never sees the key).
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') window.parent.postMessage({ type: 'quizlead-escape' }, '*');
  };
  document.addEventListener('keydown', escape);
  return () => {
    observer.disconnect();
    document.removeEventListener('keydown', escape);
  };
}

/**
 * A lead left, a vote cast, a wheel spun: the embed script around the frame notes the conversion in the
 * visitor's storage (`{ type: 'quizlead-converted' }`), for a `converted=stop` rule (issue 35). Outside
 * a frame nobody listens.
 */
export function reportConverted(): void {
  if (isFramed()) window.parent.postMessage({ type: 'quizlead-converted' }, '*');
}
