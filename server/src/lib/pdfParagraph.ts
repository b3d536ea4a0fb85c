import { type FontFace, type FontWeight, pdfFont, pdfFontName, textRuns } from './pdfFonts.ts';

/**
 * A paragraph of text in several faces (lib/pdfFonts.ts), wrapped and placed here rather than by
 * pdfkit: pdfkit wraps one face at a time, and its "continued" text loses line breaks and offsets
 * the lines after a face changes. Lines break after spaces, anywhere between CJK characters, and
 * inside a word too long for a line; all faces share the Latin face's line height and baseline.
 */

export interface ParagraphStyle {
  weight: FontWeight;
  size: number;
  color: string;
  align: 'left' | 'right';
  /** Extra space between characters, in points. */
  spacing: number;
  lineGap: number;
  /** After this many lines the text stops, the last line ending in '…'. */
  maxLines?: number;
}

/** Whole-run shaping (pdfkit shapes word by word without features): a right-to-left phrase is reversed as one. */
const shaping: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];
const ellipsis = '…';

interface Piece {
  face: FontFace;
  text: string;
  width: number;
}

/** Registers each face the first time a document uses it (pdfkit then embeds a subset of it). */
export function faceSelector(doc: PDFKit.PDFDocument) {
  const registered = new Set<string>();
  return (face: FontFace, weight: FontWeight) => {
    const name = pdfFontName(face, weight);
    if (!registered.has(name)) {
      // pdfkit takes a parsed fontkit font as well as a file (its types say otherwise).
      doc.registerFont(name, pdfFont(face, weight) as unknown as Buffer);
      registered.add(name);
    }
    return doc.font(name);
  };
}

/** Draws `lines` (each starting a new line) at (x, y) within `width`; answers the height taken. */
export function drawParagraph(
  doc: PDFKit.PDFDocument,
  useFace: ReturnType<typeof faceSelector>,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
  style: ParagraphStyle,
): number {
  const measure = (face: FontFace, text: string) =>
    useFace(face, style.weight).fontSize(style.size).widthOfString(text, { features: shaping, characterSpacing: style.spacing });

  // Words: a run's text split after spaces; CJK text between any two characters.
  const wrapped: Piece[][] = [];
  for (const line of lines) {
    const words = textRuns(line, style.weight).flatMap((run) =>
      (run.face === 'cjk' ? [...run.text] : (run.text.match(/\S*\s*/gu) ?? []))
        .filter(Boolean)
        .map((text) => ({ face: run.face, text })),
    );
    let current: Piece[] = [];
    let used = 0;
    const breakLine = () => {
      wrapped.push(current);
      current = [];
      used = 0;
    };
    for (const word of words) {
      let piece = { ...word, width: measure(word.face, word.text) };
      const fits = () => used + measure(piece.face, piece.text.trimEnd()) <= width;
      if (!fits() && current.length > 0) breakLine();
      // A word longer than a whole line: as many characters as fit, line after line.
      while (!fits() && [...piece.text].length > 1) {
        const chars = [...piece.text];
        // The most characters that fit (at least one), by bisection: a 300-character word is measured ~9 times.
        let [fitting, over] = [1, chars.length];
        while (over - fitting > 1) {
          const middle = Math.floor((fitting + over) / 2);
          if (measure(piece.face, chars.slice(0, middle).join('')) <= width) fitting = middle;
          else over = middle;
        }
        const count = fitting;
        const head = chars.slice(0, count).join('');
        current.push({ face: piece.face, text: head, width: measure(piece.face, head) });
        breakLine();
        const tail = chars.slice(count).join('');
        piece = { face: piece.face, text: tail, width: measure(piece.face, tail) };
      }
      current.push(piece);
      used += piece.width;
    }
    if (current.length > 0) breakLine();
  }

  if (wrapped.length === 0) return 0;

  // Cut after maxLines, with an ellipsis on the last line kept when the text goes on.
  const shown = style.maxLines === undefined ? wrapped : wrapped.slice(0, style.maxLines);
  if (shown.length < wrapped.length) {
    const last = [...shown.at(-1)!];
    const room = width - measure('sans', ellipsis);
    const widthOf = (pieces: Piece[]) => pieces.reduce((sum, piece) => sum + piece.width, 0);
    while (last.length > 0 && widthOf(last) > room) {
      const piece = last.pop()!;
      const chars = [...piece.text.trimEnd()];
      if (chars.length > 1) {
        const text = chars.slice(0, -1).join('');
        last.push({ face: piece.face, text, width: measure(piece.face, text) });
      }
    }
    const end = last.pop();
    if (end) last.push({ ...end, text: end.text.trimEnd(), width: measure(end.face, end.text.trimEnd()) });
    last.push({ face: 'sans', text: ellipsis, width: measure('sans', ellipsis) });
    shown[shown.length - 1] = last;
  }

  useFace('sans', style.weight).fontSize(style.size);
  const lineHeight = doc.currentLineHeight(true);
  // The Latin face's ascent puts every face on one baseline.
  const ascent = ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * style.size;
  doc.fillColor(style.color);
  shown.forEach((pieces, index) => {
    // Neighbouring pieces in one face are drawn together, so a right-to-left phrase is shaped and reversed whole.
    const merged: Piece[] = [];
    for (const piece of pieces) {
      const previous = merged.at(-1);
      if (previous?.face === piece.face) merged[merged.length - 1] = { ...previous, text: previous.text + piece.text, width: 0 };
      else merged.push({ ...piece });
    }
    const trimmed = merged.map((piece, at) => {
      const text = at === merged.length - 1 ? piece.text.trimEnd() : piece.text;
      return { ...piece, text, width: measure(piece.face, text) };
    });
    const lineWidth = trimmed.reduce((sum, piece) => sum + piece.width, 0);
    let left = style.align === 'right' ? x + width - lineWidth : x;
    const baseline = y + index * (lineHeight + style.lineGap) + ascent;
    for (const piece of trimmed) {
      if (piece.text) {
        useFace(piece.face, style.weight).fontSize(style.size);
        doc.text(piece.text, left, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          features: shaping,
          characterSpacing: style.spacing,
        });
      }
      left += piece.width;
    }
  });
  useFace('sans', style.weight);
  return shown.length * (lineHeight + style.lineGap);
}
