const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML, as element content or inside a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]!);
