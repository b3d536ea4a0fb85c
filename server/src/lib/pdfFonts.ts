import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts a generated PDF draws text in: Noto families from npm packages (installed by `npm ci`, no
 * download at run time), chosen per character so a name in any of the scripts customers type reads
 * back as typed. pdfkit embeds each face the document uses as a subset of the glyphs it drew (with a
 * ToUnicode map, so text extraction and copy-paste give the characters back), never the whole font:
 * the CJK faces are 5–8 MB each, a name's few glyphs a few kilobytes.
 *
 * Order of preference: Noto Sans (Latin, Greek, Cyrillic), then Arabic, Hebrew, Simplified Chinese
 * (with Japanese kana), Korean, and monochrome emoji. Each file is read and parsed once per process,
 * on first use: an invoice in Latin letters never loads the CJK fonts.
 */

export type FontWeight = 'regular' | 'bold';
export type FontFace = 'sans' | 'arabic' | 'hebrew' | 'cjk' | 'korean' | 'emoji';

const require = createRequire(import.meta.url);
/** The @embedpdf/fonts-* packages export only their index (dist/); the font files sit beside it in fonts/. */
const embedPdfFont = (pkg: string, file: string) => join(dirname(require.resolve(pkg)), '..', 'fonts', file);

const files: Record<FontFace, Record<FontWeight, () => string>> = {
  sans: {
    regular: () => embedPdfFont('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
    bold: () => embedPdfFont('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
  },
  arabic: {
    regular: () => embedPdfFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
    bold: () => embedPdfFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
  },
  hebrew: {
    regular: () => embedPdfFont('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'),
    bold: () => embedPdfFont('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Bold.ttf'),
  },
  cjk: {
    regular: () => embedPdfFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: () => embedPdfFont('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
  },
  korean: {
    regular: () => embedPdfFont('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
    bold: () => embedPdfFont('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf'),
  },
  // One weight: emoji have no bold.
  emoji: {
    regular: () => require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    bold: () => require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
  },
};

const preference: readonly FontFace[] = ['sans', 'arabic', 'hebrew', 'cjk', 'korean', 'emoji'];
/** Faces whose text runs right to left: shaped and reversed as one run (see textRuns). */
const rightToLeft = new Set<FontFace>(['arabic', 'hebrew']);

const parsed = new Map<string, fontkit.Font>();

/**
 * A reader reverses a right-to-left line to read it (it was drawn reversed), and with it the characters
 * of each glyph's ToUnicode entry: a ligature's (Arabic lam-alef, لأ, one glyph for two letters) are
 * stored reversed here, so they read back in order. Everything else is the font itself.
 */
function readableRightToLeft(font: fontkit.Font): fontkit.Font {
  const layout: fontkit.Font['layout'] = (...args) => {
    const run = font.layout(...args);
    if (run.direction === 'rtl')
      run.glyphs = run.glyphs.map((glyph) =>
        glyph.codePoints.length > 1
          ? (Object.create(glyph, { codePoints: { value: [...glyph.codePoints].reverse() } }) as fontkit.Glyph)
          : glyph,
      );
    return run;
  };
  return new Proxy(font, { get: (target, key) => (key === 'layout' ? layout : Reflect.get(target, key, target)) });
}

/** The parsed font (cached for the process; pdfkit makes its own subset of it for each document). */
export function pdfFont(face: FontFace, weight: FontWeight): fontkit.Font {
  const path = files[face][weight]();
  let font = parsed.get(path);
  if (!font) {
    font = fontkit.create(readFileSync(path)) as fontkit.Font;
    if (rightToLeft.has(face)) font = readableRightToLeft(font);
    parsed.set(path, font);
  }
  return font;
}

/** The name a document registers a face under (doc.registerFont). */
export const pdfFontName = (face: FontFace, weight: FontWeight) => `${face}-${weight}`;

/** A stretch of text drawn in one face. */
export interface TextRun {
  face: FontFace;
  text: string;
}

/** Marks, joiners, variation selectors, skin tones and tag characters: they belong to the character before. */
const attachedMark = /^\p{M}$/u;
const attachedRanges: readonly [number, number][] = [
  [0x200c, 0x200d], // zero-width non-joiner and joiner
  [0xfe00, 0xfe0f], // variation selectors
  [0x1f3fb, 0x1f3ff], // skin tones
  [0xe0020, 0xe007f], // tag characters (flags of regions)
];
const attached = (char: string) => {
  const code = char.codePointAt(0)!;
  return attachedMark.test(char) || attachedRanges.some(([from, to]) => code >= from && code <= to);
};
const whitespace = /^\s$/u;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const control = /^[\u0000-\u001F\u007F-\u009F]$/u;

function faceFor(codePoint: number, emojiPresentation: boolean, weight: FontWeight): FontFace | undefined {
  if (emojiPresentation && pdfFont('emoji', weight).hasGlyphForCodePoint(codePoint)) return 'emoji';
  return preference.find((face) => pdfFont(face, weight).hasGlyphForCodePoint(codePoint));
}

/**
 * The text (composed, NFC) as runs of one face each, in logical order. Line breaks and tabs become
 * spaces, other control characters go, and a character no face has becomes '?'. Spaces join the
 * Latin face, except inside a right-to-left run, whose words stay together: pdfkit shapes such a run
 * as a whole (Arabic joining forms, by fontkit) and reverses it for display, which is the Unicode
 * bidirectional algorithm for a right-to-left phrase within left-to-right text (digits or Latin
 * letters inside that phrase are not reordered with it). A space that ends one moves out of it, so
 * it is not drawn on the phrase's left.
 */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const runs: TextRun[] = [];
  const add = (face: FontFace, chars: string) => {
    const last = runs.at(-1);
    if (last?.face === face) last.text += chars;
    else runs.push({ face, text: chars });
  };
  const chars = [...text.normalize('NFC')];
  for (let index = 0; index < chars.length; index++) {
    let char = chars[index]!;
    if (char === '\t' || char === '\n' || char === '\r') char = ' ';
    else if (control.test(char)) continue;
    const current = runs.at(-1);
    if (current && attached(char)) {
      current.text += char;
      continue;
    }
    if (whitespace.test(char)) {
      add(current && rightToLeft.has(current.face) ? current.face : 'sans', char);
      continue;
    }
    const face = faceFor(char.codePointAt(0)!, chars[index + 1] === '\uFE0F', weight);
    if (face) add(face, char);
    else add('sans', '?');
  }
  // Trailing spaces of a right-to-left run go to the run after it (reversed, they would lead).
  const settled: TextRun[] = [];
  for (const run of runs) {
    const last = settled.at(-1);
    if (last && rightToLeft.has(last.face)) {
      const spaces = /\s+$/u.exec(last.text)?.[0] ?? '';
      if (spaces && spaces.length < last.text.length) {
        last.text = last.text.slice(0, -spaces.length);
        if (run.face === 'sans') run.text = spaces + run.text;
        else settled.push({ face: 'sans', text: spaces });
      }
    }
    const previous = settled.at(-1);
    if (previous?.face === run.face && !rightToLeft.has(run.face)) previous.text += run.text;
    else settled.push({ ...run });
  }
  return settled;
}
