import { extractText, getDocumentProxy } from 'unpdf';

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
