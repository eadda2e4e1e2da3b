import { groupIban, transferTitle } from '@school/contract/bank';
import type { DocumentLocale } from '@school/contract/money';
import type { SchoolDetails } from '@school/contract/school';
import { fill, paymentWords, textsOf, type DocumentTexts } from './documents.texts.js';
import { paymentQrPayload } from './money.qr.js';
import {
  CONTENT_WIDTH,
  dayText,
  drawQr,
  keepSpace,
  labelled,
  MARGIN,
  monthDays,
  monthText,
  moneyText,
  newPdf,
  schoolBlock,
  tableRow,
  type Column,
  type Pdf,
} from './pdf.kit.js';
import type { StatementContent, StatementRow } from './statement.queries.js';

/**
 * A student's monthly statement drawn as PDF (docs/money.md, Statements) from what the server
 * read for it (statement.service.ts), in the documents' own process (ADR 049): the opening
 * balance, every entry of the month with the running balance, the closing balance, the
 * school's details and how to pay with the payment QR code of what is owed on the day it is
 * printed.
 */

/** What one row of the statement says of its entry. */
function describe(row: StatementRow, texts: DocumentTexts, locale: DocumentLocale) {
  const day = (d: string) => dayText(d, locale);
  // an entry dated in the month but recorded after it: why an old month's statement changed
  const recorded =
    row.madeOn > monthDays(row.date.slice(0, 7)).last
      ? `, ${fill(texts.recordedOn, { date: day(row.madeOn) })}`
      : '';
  switch (row.kind) {
    case 'charge': {
      if (!row.correction) return fill(texts.lessonOf, { course: row.note || texts.lesson });
      // the correction's note names the lesson as it was: "correction: {course} {date}"
      const [, course = '', date = ''] =
        /^correction: (.*?)\s*(\d{4}-\d{2}-\d{2})?$/.exec(row.note) ?? [];
      return fill(texts.correctionOf, {
        course: course || texts.lesson,
        date: date ? day(date) : '',
      }).trim();
    }
    case 'payment':
      return paymentWords(texts, row.method ?? '', row.reference ?? '') + recorded;
    case 'adjustment':
      return fill(texts.adjustment, { reason: row.note }) + recorded;
    case 'void':
      return fill(texts.voidOf, { date: day(row.paymentDate ?? row.date), reason: row.note });
  }
}

/** A balance with what it means: "120.00 zł (owed)", "20.00 zł (credit)". */
function balanceText(
  grosze: number,
  texts: DocumentTexts,
  locale: DocumentLocale,
  currency: SchoolDetails['currency'],
) {
  const amount = moneyText(Math.abs(grosze), locale, currency);
  if (grosze > 0) return `${amount} (${texts.owed})`;
  if (grosze < 0) return `${amount} (${texts.credit})`;
  return amount;
}

/** The statement of its content, drawn into a PDF stream. */
export function drawStatement(content: StatementContent): Pdf {
  const { locale, month, today, who, opening, rows, school } = content;
  const texts = textsOf(locale);
  const currency = school.currency;
  const money_ = (grosze: number) => moneyText(grosze, locale, currency);
  const { first, last } = monthDays(month);
  const lastShown = last < today ? last : today;

  const doc = newPdf({
    title: `${texts.statement}: ${monthText(month, locale)}, ${who.name}`,
    subject: `${texts.statement} ${month} ${who.reference}`,
    author: school.name,
    locale,
    created: content.created,
    texts,
  });

  // the school on the left, the statement's own details on the right
  const top = doc.y;
  schoolBlock(doc, texts, school, 260);
  const leftEnd = doc.y;
  const right = MARGIN + 280;
  doc
    .font('bold')
    .fontSize(15)
    .text(texts.statement, right, top, { width: CONTENT_WIDTH - 280 });
  doc
    .font('bold')
    .fontSize(11)
    .text(monthText(month, locale), { width: CONTENT_WIDTH - 280 });
  doc.moveDown(0.3);
  const side = (label: string, value: string) => labelled(doc, label, value, CONTENT_WIDTH - 280);
  side(texts.period, `${dayText(first, locale)} – ${dayText(last, locale)}`);
  side(texts.student, who.name);
  side(texts.reference, who.reference);
  side(texts.printed, dayText(today, locale));
  doc.x = MARGIN;
  doc.y = Math.max(leftEnd, doc.y) + 18;

  doc
    .font('bold')
    .fontSize(10)
    .text(
      `${fill(texts.openingBalance, { date: dayText(first, locale) })}: ${balanceText(opening, texts, locale, currency)}`,
    );
  doc.moveDown(0.5);

  const columns: Column[] = [
    { width: 80 },
    { width: CONTENT_WIDTH - 250 },
    { width: 85, align: 'right' },
    { width: 85, align: 'right' },
  ];
  const header = () =>
    tableRow(doc, columns, [texts.date, texts.description, texts.amount, texts.balance], {
      bold: true,
    });
  header();
  let running = opening;
  const sums = { charges: 0, payments: 0, adjustments: 0, voids: 0 };
  for (const row of rows) {
    running += row.amount;
    const key = `${row.kind}s` as const;
    sums[key] += row.amount;
    tableRow(
      doc,
      columns,
      [
        dayText(row.date, locale),
        describe(row, texts, locale),
        money_(row.amount),
        money_(running),
      ],
      { header },
    );
  }
  if (rows.length === 0) {
    doc.moveDown(0.5).font('regular').fontSize(9).text(texts.noEntries);
  }
  doc.moveDown(0.8);
  keepSpace(doc, 90);
  doc
    .font('bold')
    .fontSize(10)
    .text(
      `${fill(texts.closingBalance, { date: dayText(lastShown, locale) })}: ${balanceText(running, texts, locale, currency)}`,
    );
  doc.moveDown(0.6);
  doc.font('bold').fontSize(9).text(texts.totals);
  const totals: [string, number][] = [
    [texts.charges, sums.charges],
    [texts.payments, sums.payments],
    [texts.adjustments, sums.adjustments],
    [texts.voids, sums.voids],
  ];
  for (const [label, sum] of totals) labelled(doc, label, money_(sum));

  howToPay(
    doc,
    { texts, locale, school, name: who.name, reference: who.reference, today },
    content.owed,
  );
  doc.end();
  return doc;
}

/**
 * How to pay: the school's account, the transfer title with the student's reference, what is
 * owed on the day it is printed and the QR code of that transfer (none when nothing is owed or
 * no code fits, as on the learner's page, ADR 040). Nothing of it without an IBAN.
 */
function howToPay(
  doc: Pdf,
  of: {
    texts: DocumentTexts;
    locale: DocumentLocale;
    school: SchoolDetails;
    name: string;
    reference: string;
    today: string;
  },
  owed: number,
) {
  const { texts, locale, school, today } = of;
  if (school.iban === '') return;
  const title = transferTitle(of.reference, of.name);
  const qr = paymentQrPayload(school.currency, {
    iban: school.iban,
    recipient: school.name,
    title,
    grosze: owed,
    taxId: school.taxId,
  });
  const qrSize = 120;
  doc.moveDown(1.2);
  keepSpace(doc, qrSize + 30);
  const top = doc.y;
  const width = qr === null ? CONTENT_WIDTH : CONTENT_WIDTH - qrSize - 20;
  doc.font('bold').fontSize(11).text(texts.howToPay, MARGIN, top, { width });
  doc.moveDown(0.3);
  labelled(doc, texts.payTo, school.name, width);
  labelled(doc, texts.iban, groupIban(school.iban), width);
  labelled(doc, texts.transferTitle, title, width);
  if (owed > 0) {
    labelled(
      doc,
      fill(texts.owedNow, { date: dayText(today, locale) }),
      moneyText(owed, locale, school.currency),
      width,
    );
  } else {
    doc
      .font('regular')
      .fontSize(9)
      .text(fill(texts.nothingOwedNow, { date: dayText(today, locale) }), { width });
  }
  if (qr !== null) {
    doc.moveDown(0.3).font('regular').fontSize(8).fillColor('#444444').text(texts.scan, { width });
    doc.fillColor('black');
    drawQr(doc, qr, MARGIN + CONTENT_WIDTH - qrSize, top, qrSize);
    doc.y = Math.max(doc.y, top + qrSize);
  }
}
