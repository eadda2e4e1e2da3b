import { describe, expect, it } from 'vitest';
import { decodeQrSvg } from '../../../test/qr.js';
import { amountText, epcPayload, paymentQrPayload, paymentQrSvg, zbpPayload } from './money.qr.js';

// docs/learner-page.md, How to pay; ADR 040: the texts banking apps read, exactly
const transfer = {
  iban: 'PL61109010140000071219812874',
  recipient: 'Szkoła Języków Sp. z o.o.',
  title: 'K7M2QX Marta Koval',
  grosze: 12050,
  taxId: '5260001246',
};

describe('amounts as text', () => {
  it('writes grosze as two decimals, exactly', () => {
    expect([0, 5, 12050, 100000000, -2000].map(amountText)).toEqual([
      '0.00',
      '0.05',
      '120.50',
      '1000000.00',
      '-20.00',
    ]);
  });
});

describe("the Polish banks' code (ZBP)", () => {
  it('has nine fields: NIP, PL, 26 digits, grosze in six, name in 20, title in 32, three empty', () => {
    expect(zbpPayload(transfer)).toBe(
      '5260001246|PL|61109010140000071219812874|012050|Szkoła Języków Sp. z|K7M2QX Marta Koval|||',
    );
    // no NIP: its field empty; the recipient's name cut at 20 and the title at 32
    expect(
      zbpPayload({
        ...transfer,
        taxId: '',
        recipient: 'Anna|Nowak',
        title: 'K7M2QX Małgorzata Brzęczyszczykiewicz',
        grosze: 999999,
      }),
    ).toBe('|PL|61109010140000071219812874|999999|AnnaNowak|K7M2QX Małgorzata Brzęczyszczyki|||');
  });

  it('leaves an amount past 9999.99 zł for the payer to type: 000000', () => {
    expect(zbpPayload({ ...transfer, grosze: 1_000_000 }).split('|')[3]).toBe('000000');
  });
});

describe('the EPC code (GiroCode)', () => {
  it('has its lines: BCD, 002, UTF-8, SCT, no BIC, name, IBAN, EUR amount, the title as text', () => {
    expect(
      epcPayload({
        ...transfer,
        iban: 'DE89370400440532013000',
        recipient: 'Sprachschule  Berlin',
      }),
    ).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        '',
        'Sprachschule Berlin',
        'DE89370400440532013000',
        'EUR120.50',
        '',
        '',
        'K7M2QX Marta Koval',
      ].join('\n'),
    );
  });
});

describe('which code, if any', () => {
  it('is ZBP for złoty to a Polish account, EPC for euro, none otherwise', () => {
    expect(paymentQrPayload('PLN', transfer)).toBe(zbpPayload(transfer));
    expect(paymentQrPayload('EUR', transfer)).toBe(epcPayload(transfer));
    const german = { ...transfer, iban: 'DE89370400440532013000' };
    expect(paymentQrPayload('PLN', german)).toBeNull();
    expect(paymentQrPayload('PLN', { ...transfer, grosze: 0 })).toBeNull();
    expect(paymentQrPayload('PLN', { ...transfer, grosze: -500 })).toBeNull();
    expect(paymentQrPayload('PLN', { ...transfer, iban: '' })).toBeNull();
    expect(paymentQrPayload('PLN', { ...transfer, recipient: ' ' })).toBeNull();
  });

  it('is drawn as well-formed SVG that reads back as its text', async () => {
    for (const payload of [zbpPayload(transfer), epcPayload(transfer)]) {
      const svg = await paymentQrSvg(payload);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
      expect(svg.trim()).toMatch(/<\/svg>$/);
      expect(decodeQrSvg(svg)).toBe(payload);
    }
  });
});
