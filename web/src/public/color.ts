/** Colour helpers of the public pages (player and widgets): owner-chosen colours keep readable text (WCAG contrast). */

function channels(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 when either is not one). */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const dark = '#1a1a1a';
const light = '#ffffff';

/** Dark or white text, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrast(background, dark) >= contrast(background, light) ? dark : light;
}

/**
 * `text` when it reads on `background` (4.5:1), else near-black or white when one of them reads, else black
 * (mid-tones): every colour reads against pure black or white at 4.58:1 at least.
 */
export function readable(text: string, background: string): string {
  const choice = [text, dark, light].find((candidate) => contrast(candidate, background) >= 4.5);
  return choice ?? (contrast('#000000', background) >= contrast(light, background) ? '#000000' : light);
}

/** The owner's text colour when it reads on the background (4.5:1), else dark or white text. */
export function textOn(background: string, preferred: string | null | undefined): string {
  return preferred && contrast(background, preferred) >= 4.5 ? preferred : readableOn(background);
}

/** `colour` when it is a #rrggbb value, else `fallback`. */
export function validColor(colour: string | null | undefined, fallback: string): string {
  return colour && channels(colour) ? colour : fallback;
}
