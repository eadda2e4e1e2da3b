import { groupIban, transferTitle } from '@school/contract/bank';
import { fill, textsOf, type DocumentTexts } from './documents.texts.js';
import type { InvoiceRecord, KeptLine } from './invoices.queries.js';
import {
  CONTENT_WIDTH,
  dayText,
  labelled,
  MARGIN,
  monthText,
  moneyText,
  newPdf,
  printable,
  tableRow,
  type Column,
  type Pdf,
} from './pdf.kit.js';

/**
 * An invoice as PDF (docs/money.md, Invoices; ADR 044), drawn only from what it keeps as issued
 * (its document: lines, school, buyer, language) and dated when it was issued, so every
 * download is the same bytes whatever has changed since.
 */
export function invoicePdf(invoice: InvoiceRecord): { filename: string; pdf: Pdf } {
  const d = invoice.document;
  const texts = textsOf(d.locale);
  const locale = d.locale;
  const money = (grosze: number) => moneyText(grosze, locale, d.currency);
  const title = invoice.series === 'FK' ? texts.correctingInvoice : texts.invoice;
  const doc = newPdf({
    title: `${title} ${invoice.number}`,
    subject: `${title} ${invoice.number} ${invoice.month}`,
    author: d.school.name,
    locale,
    created: invoice.issuedAt,
    texts,
  });
  doc.font('bold').fontSize(16).text(`${title} ${texts.number} ${invoice.number}`);
  doc.moveDown(0.3);
  labelled(doc, texts.issued, dayText(invoice.issueDate, locale));
  labelled(doc, texts.month, monthText(invoice.month, locale));
  if (d.corrects) {
    doc
      .font('regular')
      .fontSize(9)
      .text(
        fill(texts.corrects, {
          number: d.corrects.number,
          date: dayText(d.corrects.issueDate, locale),
        }),
      );
    labelled(doc, texts.reason, invoice.reason);
  }
  doc.moveDown(0.8);
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  doc.font('bold').fontSize(10).text(texts.seller, MARGIN, top, { width: half });
  doc.font('regular').fontSize(9).text(printable(d.school.name), { width: half });
  if (d.school.address) doc.text(printable(d.school.address), { width: half });
  if (d.school.taxId) doc.text(`${texts.taxId}: ${d.school.taxId}`, { width: half });
  if (d.school.iban) doc.text(`${texts.iban}: ${groupIban(d.school.iban)}`, { width: half });
  const sellerEnd = doc.y;
  const right = MARGIN + half + 20;
  doc.font('bold').fontSize(10).text(texts.buyer, right, top, { width: half });
  doc.font('regular').fontSize(9).text(printable(d.buyer.name), right, doc.y, { width: half });
  doc.text(`${texts.reference}: ${d.buyer.reference}`, right, doc.y, { width: half });
  doc.x = MARGIN;
  doc.y = Math.max(sellerEnd, doc.y) + 16;

  if (d.before) {
    doc.font('bold').fontSize(10).text(texts.before);
    lines(doc, texts, locale, d.before, money);
    doc.moveDown(0.6).font('bold').fontSize(10).text(texts.after);
  }
  lines(doc, texts, locale, d.lines, money);
  doc.moveDown(0.6);
  if (d.before) labelled(doc, texts.difference, money(invoice.total));
  const label = invoice.total < 0 ? texts.toRefund : texts.toPay;
  doc
    .font('bold')
    .fontSize(11)
    .text(`${label}: ${money(Math.abs(invoice.total))}`);
  doc.moveDown(0.6);
  if (d.school.vatExemption) {
    doc.font('regular').fontSize(9).text(printable(d.school.vatExemption));
  }
  if (d.school.iban && invoice.total > 0) {
    doc.moveDown(0.3);
    doc.text(
      printable(
        fill(texts.paymentBy, {
          iban: groupIban(d.school.iban),
          title: `${transferTitle(d.buyer.reference, d.buyer.name)} ${invoice.number}`,
        }),
      ),
    );
  }
  doc.end();
  return { filename: `invoice-${invoice.number.replaceAll('/', '-')}.pdf`, pdf: doc };
}

/** The lines' table: number, item, date, VAT (exempt) and amount, and their total. */
function lines(
  doc: Pdf,
  texts: DocumentTexts,
  locale: 'en' | 'pl' | 'uk',
  kept: readonly KeptLine[],
  money: (grosze: number) => string,
) {
  const columns: Column[] = [
    { width: 30 },
    { width: CONTENT_WIDTH - 275 },
    { width: 80 },
    { width: 65, align: 'right' },
    { width: 100, align: 'right' },
  ];
  const header = () =>
    tableRow(doc, columns, [texts.number, texts.item, texts.date, texts.vat, texts.amount], {
      bold: true,
    });
  header();
  kept.forEach((line, i) =>
    tableRow(
      doc,
      columns,
      [
        String(i + 1),
        line.description,
        line.date ? dayText(line.date, locale) : '',
        texts.vatExempt,
        money(line.amount),
      ],
      { header },
    ),
  );
  const total = kept.reduce((s, l) => s + l.amount, 0);
  tableRow(doc, columns, ['', texts.total, '', '', money(total)], { bold: true, rule: false });
}
