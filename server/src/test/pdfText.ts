import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';

/**
 * The text of every page of a PDF, pages joined with newlines, for tests that check what a generated
 * (or downloaded) PDF says. The bytes are copied first: PDF.js refuses a Node Buffer and may detach
 * the array it is given, so the caller's bytes stay usable.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

export interface PdfFont {
  /** As in the PDF: a subset's name starts with a six-letter tag and '+' ('ABCDEF+NotoSans-Regular'). */
  name: string;
  /** Whether the font program is in the file (pdffonts' "emb"); a reader substitutes one that is not. */
  embedded: boolean;
}

/** The fonts the pages draw with, in the order first used, as `pdffonts` lists them (PDF.js, no poppler needed). */
export async function pdfFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  const { OPS } = await getResolvedPDFJS();
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { fontExtraProperties: true });
  try {
    const fonts = new Map<string, PdfFont>();
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const operators = await page.getOperatorList();
      operators.fnArray.forEach((operator, index) => {
        if (operator !== OPS.setFont) return;
        const id = (operators.argsArray[index] as [string])[0];
        const font = page.commonObjs.get(id) as { name: string; missingFile: boolean };
        fonts.set(font.name, { name: font.name, embedded: !font.missingFile });
      });
    }
    return [...fonts.values()];
  } finally {
    await pdf.loadingTask.destroy();
  }
}
