import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a reader's copy would give it, page by page (pdfjs-dist, the text layer
 * of Firefox's viewer): what the tests read back of a statement or an invoice. A line break
 * where the text has one, the pieces of a line joined as they are drawn.
 */
export async function pdfPages(bytes: Uint8Array | Buffer): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text);
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The whole text of a PDF, its pages one after the other. */
export const pdfText = async (bytes: Uint8Array | Buffer) => (await pdfPages(bytes)).join('\n');
