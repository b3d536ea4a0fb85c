/** Puts `text` on the clipboard; false when the browser refuses (the text stays selectable). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: copy from a hidden text area, then give focus back.
    const active = document.activeElement as HTMLElement | null;
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let done: boolean;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
    active?.focus();
    return done;
  }
}
