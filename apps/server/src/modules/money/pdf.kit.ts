import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { groupIban, type Currency } from '@school/contract/bank';
import type { DocumentLocale } from '@school/contract/money';
import { fill, type DocumentTexts } from './documents.texts.js';
import { zl } from './money.charge.js';
import { sfntOfWoff } from './woff.js';

/**
 * What the money's PDF documents are drawn with (docs/money.md, Statements and Invoices; ADR
 * 044): pdfkit, an embedded Roboto (Latin Extended and Cyrillic in one file, so Polish and
 * Ukrainian letters print), A4 pages with a page number, a table whose rows move to a new page
 * with the table's header, and the payment QR code drawn as vector squares.
 */

const require = createRequire(import.meta.url);

/** Roboto of the roboto-fontface package (Apache-2.0): its regular and medium weights. */
const FONT_FILES = {
  regular: 'roboto-fontface/fonts/roboto/Roboto-Regular.woff',
  bold: 'roboto-fontface/fonts/roboto/Roboto-Medium.woff',
} as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | undefined;

/**
 * The fonts, read and unpacked from WOFF once per process (170 kB each); every document embeds
 * the subset of the letters it uses.
 */
function fontBytes() {
  fonts ??= {
    regular: sfntOfWoff(readFileSync(require.resolve(FONT_FILES.regular))),
    bold: sfntOfWoff(readFileSync(require.resolve(FONT_FILES.bold))),
  };
  return fonts;
}

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 50;
/** The width between the margins of an A4 page (595.28 pt). */
export const CONTENT_WIDTH = 595.28 - 2 * MARGIN;

export interface PdfInfo {
  title: string;
  subject: string;
  author: string;
  locale: DocumentLocale;
  /**
   * The document's creation date, and its modification date: with them fixed the same content
   * gives the same bytes (pdfkit derives the file ID from them), ADR 044
   */
  created: Date;
  texts: DocumentTexts;
}

/** Text the font draws: U+202F (the narrow no-break space some languages group digits with) is not in it. */
export const printable = (text: string) => text.replace(/\u202f/g, '\u00a0');

/**
 * A new A4 document in `regular` type, each page numbered at its foot as it is added. Nothing
 * is kept back: each page goes out to the stream once the next one starts (no buffered pages),
 * so a long document never sits whole in memory.
 */
export function newPdf(info: PdfInfo): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: info.locale,
    displayTitle: true,
    autoFirstPage: false,
    info: {
      Title: printable(info.title),
      Subject: printable(info.subject),
      Author: printable(info.author),
      Creator: 'School office',
      Producer: 'School office (pdfkit)',
      CreationDate: info.created,
      ModDate: info.created,
    },
  });
  const bytes = fontBytes();
  doc.registerFont('regular', bytes.regular);
  doc.registerFont('bold', bytes.bold);
  let page = 0;
  doc.on('pageAdded', () => {
    page += 1;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#666666')
      .text(fill(info.texts.page, { page: String(page) }), MARGIN, doc.page.height - 30, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.x = MARGIN;
    doc.y = MARGIN;
    doc.fillColor('black').fontSize(10);
  });
  doc.addPage();
  return doc;
}

/** An amount of grosze in the language's digits with the currency: "1 234,50 zł", "€12.00". */
export function moneyText(grosze: number, locale: DocumentLocale, currency: Currency): string {
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const value = zl(grosze);
  const text =
    currency === 'PLN'
      ? `${new Intl.NumberFormat(locale, digits).format(value)} zł`
      : new Intl.NumberFormat(locale, { ...digits, style: 'currency', currency }).format(value);
  return printable(text);
}

/** A day (YYYY-MM-DD) as the staff screens write it in the language: "6 Nov 2026". */
export const dayText = (isoDate: string, locale: DocumentLocale) =>
  printable(
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${isoDate}T00:00:00Z`),
    ),
  );

/** A month (YYYY-MM) by its name: "November 2026", "Listopad 2026", "Листопад 2026 р.". */
export function monthText(month: string, locale: DocumentLocale) {
  const text = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
  return printable(text.charAt(0).toLocaleUpperCase(locale) + text.slice(1));
}

/** The first and the last day of a month (YYYY-MM). */
export function monthDays(month: string) {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

export interface Column {
  width: number;
  align?: 'left' | 'right';
}

/**
 * One row of a table at the current position; a row that does not fit moves to a new page, where
 * `header` (the table's header row) is drawn first.
 */
export function tableRow(
  doc: Pdf,
  columns: readonly Column[],
  cells: readonly string[],
  options: { bold?: boolean; header?: () => void; rule?: boolean } = {},
) {
  const pad = 3;
  doc.font(options.bold ? 'bold' : 'regular').fontSize(9);
  const texts = cells.map(printable);
  const height =
    Math.max(
      ...texts.map((text, i) =>
        doc.heightOfString(text || ' ', { width: (columns[i]?.width ?? 0) - 2 * pad }),
      ),
    ) +
    2 * pad;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    options.header?.();
    doc.font(options.bold ? 'bold' : 'regular').fontSize(9);
  }
  const top = doc.y;
  let x = MARGIN;
  texts.forEach((text, i) => {
    const column = columns[i] ?? { width: 0 };
    doc.text(text, x + pad, top + pad, {
      width: column.width - 2 * pad,
      align: column.align ?? 'left',
    });
    x += column.width;
  });
  doc.x = MARGIN;
  doc.y = top + height;
  if (options.rule !== false) {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(x, doc.y)
      .lineWidth(options.bold ? 0.8 : 0.4)
      .strokeColor(options.bold ? '#444444' : '#cccccc')
      .stroke();
  }
}

/** Moves to a new page unless `height` points are left above the bottom margin. */
export function keepSpace(doc: Pdf, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A label and its value on one line: "Period: 1 Nov 2026 – 30 Nov 2026". */
export function labelled(doc: Pdf, label: string, value: string, width = CONTENT_WIDTH) {
  doc
    .font('bold')
    .fontSize(9)
    .text(`${printable(label)}: `, { continued: true, width })
    .font('regular')
    .text(printable(value), { width });
}

/**
 * A QR code of `payload` drawn as vector squares (error correction M, as the learner's page's,
 * ADR 040), `size` points wide with the four modules of quiet zone the standard asks for.
 */
export function drawQr(doc: Pdf, payload: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) {
        doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fillColor('black').fill();
}

/** The school's block at the top of a document: its name, address, NIP and IBAN. */
export function schoolBlock(
  doc: Pdf,
  texts: DocumentTexts,
  school: { name: string; address: string; taxId: string; iban: string },
  width: number,
) {
  const x = doc.x;
  doc.font('bold').fontSize(12).text(printable(school.name), x, doc.y, { width });
  doc.font('regular').fontSize(9);
  if (school.address) doc.text(printable(school.address), { width });
  if (school.taxId) doc.text(`${texts.taxId}: ${school.taxId}`, { width });
  if (school.iban) {
    doc.text(`${texts.iban}: ${groupIban(school.iban)}`, { width });
  }
}
