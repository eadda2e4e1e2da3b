import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf.js';
import { sfntOfWoff } from './woff.js';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('roboto-fontface/fonts/roboto/Roboto-Regular.woff'));

/** A one-line PDF in `font`. */
function pdfIn(font: Buffer, text: string) {
  return new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.registerFont('font', font);
    doc.font('font').text(text);
    doc.end();
  });
}

describe('a WOFF font unpacked to its sfnt (ADR 044)', () => {
  it('is a TrueType file with the tables sorted, and draws the same PDF as the WOFF', async () => {
    const sfnt = sfntOfWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const count = sfnt.readUInt16BE(4);
    const tags = Array.from({ length: count }, (_, i) =>
      sfnt.toString('latin1', 12 + 16 * i, 16 + 16 * i),
    );
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'loca']));
    const text = 'Zażółć gęślą jaźń — Їжак ґанок, Євген і Ірина: 1 234,50 zł €';
    const [fromSfnt, fromWoff] = await Promise.all([pdfIn(sfnt, text), pdfIn(woff, text)]);
    expect(await pdfText(fromSfnt)).toBe(await pdfText(fromWoff));
    expect((await pdfText(fromSfnt)).trim()).toBe(text);
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() =>
      sfntOfWoff(Buffer.from('OTTO not a woff, and some more bytes here', 'latin1')),
    ).toThrow('not a WOFF 1.0 font');
  });
});
