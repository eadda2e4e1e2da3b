import QRCode from 'qrcode';
import { sanitizeTransferText, type Currency } from '@school/contract/bank';

/**
 * The payment QR code of the learner's page (docs/learner-page.md, How to pay; ADR 040): what
 * a banking app reads to fill in a transfer, in the Polish banks' format for złoty (the ZBP's
 * 2D recommendation) and the EPC's (GiroCode) for euro, drawn as SVG.
 */

/** An amount of grosze (cents) as two decimals, "-20.00" for a negative one; exact, no floats. */
export function amountText(grosze: number): string {
  const whole = Math.abs(grosze);
  const text = `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return grosze < 0 ? `-${text}` : text;
}

export interface Transfer {
  /** the recipient's IBAN, normalised (no spaces, upper case) */
  iban: string;
  /** the recipient's name: the school's */
  recipient: string;
  /** the transfer title (the student's reference and name, ADR 040) */
  title: string;
  /** the amount to pay in grosze (cents); more than 0 */
  grosze: number;
  /** the recipient's NIP, 10 digits, or '' */
  taxId: string;
}

/** The most the ZBP code's six digits of grosze hold: 9999.99 zł. */
const ZBP_MAX_GROSZE = 999_999;

/**
 * The ZBP code's text: nine fields separated by '|': the recipient's NIP (10 digits, or
 * empty), the country PL, the account number (the IBAN's 26 digits, without PL), the amount in
 * grosze as 6 digits, the recipient's name (20 characters at most), the title (32 at most) and
 * three reserved fields, empty. An amount past 9999.99 zł is left to the payer: 000000, as the
 * recommendation has it for an amount typed by the payer.
 */
export function zbpPayload(t: Transfer): string {
  const nip = /^\d{10}$/.test(t.taxId) ? t.taxId : '';
  const amount = t.grosze > ZBP_MAX_GROSZE ? 0 : t.grosze;
  return [
    nip,
    'PL',
    t.iban.slice(2),
    String(amount).padStart(6, '0'),
    sanitizeTransferText(t.recipient).slice(0, 20).trim(),
    sanitizeTransferText(t.title).slice(0, 32).trim(),
    '',
    '',
    '',
  ].join('|');
}

/** The most an EPC code's amount may be: 999 999 999.99 €. */
const EPC_MAX_CENTS = 99_999_999_999;

/**
 * The EPC code's text (EPC069-12, version 002): one field a line, separated by LF: BCD, 002,
 * the character set (1, UTF-8), SCT, the BIC (empty: not needed within the EEA), the
 * recipient's name (70 at most), the IBAN, the amount as EUR and two decimals, the purpose
 * (empty), the structured reference (empty) and the title as free text (140 at most).
 */
export function epcPayload(t: Transfer): string {
  const line = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    '',
    line(t.recipient, 70),
    t.iban,
    t.grosze > EPC_MAX_CENTS ? '' : `EUR${amountText(t.grosze)}`,
    '',
    '',
    line(t.title, 140),
  ].join('\n');
}

/**
 * The text of a transfer's QR code in the school's currency: złoty to a Polish account in the
 * ZBP's format, euro in the EPC's; null when neither fits (złoty to a foreign account), when
 * the school has no name, or when nothing is to be paid.
 */
export function paymentQrPayload(currency: Currency, t: Transfer): string | null {
  if (t.grosze <= 0 || t.recipient.trim() === '' || t.iban === '') return null;
  if (currency === 'EUR') return epcPayload(t);
  return t.iban.startsWith('PL') ? zbpPayload(t) : null;
}

/**
 * The QR code as SVG. Error correction M, as the EPC's guidelines ask (a ZBP code reads with
 * any level); the quiet zone of four modules the QR standard asks for.
 */
export function paymentQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
