import { describe as group, expect, it } from 'vitest';
import {
  dedupKeyOf,
  describe,
  fingerprintOf,
  knownHeader,
  parseAmount,
  parseDate,
  splitLine,
} from './bank.formats.js';
import { FOLD_FROM, FOLD_TO, fold, referencesIn, suggestionFor } from './bank.match.js';

// docs/money.md, Bank statements; ADR 045: the cells of a statement, pure

group('amounts', () => {
  it('reads the banks’ ways of writing an amount as whole grosze, with its sign', () => {
    expect(parseAmount('480,00 PLN')).toBe(48000);
    expect(parseAmount('1 200,00 PLN')).toBe(120000);
    expect(parseAmount('1\u00a0200,00')).toBe(120000);
    expect(parseAmount('-1 389,00 PLN')).toBe(-138900);
    expect(parseAmount('+1800.00')).toBe(180000);
    expect(parseAmount('-35.99')).toBe(-3599);
    expect(parseAmount('1.234,56')).toBe(123456);
    expect(parseAmount('1,234.56')).toBe(123456);
    expect(parseAmount('12,5')).toBe(1250);
    expect(parseAmount('600')).toBe(60000);
    expect(parseAmount('1.234.567')).toBe(123456700);
    expect(parseAmount('12,50 zł')).toBe(1250);
  });

  it('refuses what is not an amount, or not one for sure', () => {
    for (const cell of ['', '-', 'PLN', 'abc', '12,345', '1.234', '1,2,3', '12.3.4', '1,234,56']) {
      expect(parseAmount(cell), cell).toBeNull();
    }
  });
});

group('dates', () => {
  it('reads ISO dates and day-first dates with points, dashes or slashes', () => {
    expect(parseDate('2026-03-14')).toBe('2026-03-14');
    expect(parseDate('2026-03-14T10:00:00Z')).toBe('2026-03-14');
    expect(parseDate('14.03.2026')).toBe('2026-03-14');
    expect(parseDate('14-03-2026')).toBe('2026-03-14');
    expect(parseDate('4/3/2026')).toBe('2026-03-04');
    expect(parseDate("'2026.03.14")).toBe('2026-03-14');
  });

  it('refuses what is no real date', () => {
    for (const cell of ['', '31.02.2026', '2026-13-01', '14.03.26', 'jutro', '480,00']) {
      expect(parseDate(cell), cell).toBeNull();
    }
  });
});

group('lines and headers', () => {
  it('splits a line outside quotes, quotes removed and doubled quotes kept', () => {
    expect(splitLine('"a;b";c;"say ""hi""";', ';')).toEqual(['a;b', 'c', 'say "hi"', '']);
    expect(splitLine('"Kwota","Opis, z przecinkiem"', ',')).toEqual([
      'Kwota',
      'Opis, z przecinkiem',
    ]);
  });

  it('knows the banks by their header rows, any case, mBank’s # left out', () => {
    const bank = (line: string, d: string) => knownHeader(splitLine(line, d))?.bank;
    expect(bank('#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;', ';')).toBe('mbank');
    expect(
      knownHeader(
        splitLine(
          '#Data operacji;#Data księgowania;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji;',
          ';',
        ),
      )?.mapping.title,
    ).toBe('#Tytuł');
    expect(
      bank(
        '"Data operacji","Data waluty","Typ transakcji","Kwota","Waluta","Saldo po transakcji","Opis transakcji","",""',
        ',',
      ),
    ).toBe('pko');
    expect(
      bank(
        '"Data transakcji";"Data księgowania";"Dane kontrahenta";"Tytuł";"Nr rachunku";"Nazwa banku";"Szczegóły";"Nr transakcji";"Kwota transakcji (waluta rachunku)";"Waluta"',
        ';',
      ),
    ).toBe('ing');
    expect(bank('Date;Amount;Description', ';')).toBeUndefined();
  });

  it('fingerprints a header row as compared: case, #, quotes and trailing empty cells aside', () => {
    expect(fingerprintOf(['#Data', '#Kwota', '', ''])).toBe(fingerprintOf(['data', 'KWOTA']));
    expect(fingerprintOf(['Data', 'Kwota'])).not.toBe(fingerprintOf(['Kwota', 'Data']));
  });

  it('reads PKO BP’s labelled details as title, sender and account', () => {
    expect(
      describe([
        'Rachunek nadawcy: 61 1090 1014 0000 0712 1981 2874',
        'Nazwa nadawcy: TARAS SHEVCHUK',
        'Tytuł: Q5NB7L Taras',
        '',
      ]),
    ).toEqual({
      title: 'Q5NB7L Taras',
      counterparty: 'TARAS SHEVCHUK',
      account: '61 1090 1014 0000 0712 1981 2874',
    });
    expect(describe(['  MARTA KOVAL  K7M2QX   MARZEC ']).title).toBe('MARTA KOVAL K7M2QX MARZEC');
  });
});

group('the duplicate key', () => {
  const transfer = {
    bookedOn: '2026-03-28',
    amount: 20000,
    title: 'Lekcje  kwiecień',
    account: '02 1140 2004',
    transactionId: '',
  };

  it('is the bank’s transaction id when there is one', () => {
    expect(dedupKeyOf({ ...transfer, transactionId: '2026033100123' }, () => 1)).toBe(
      'tx:2026033100123',
    );
  });

  it('else hashes date, amount, title and account, counting equal transfers of the file', () => {
    let n = 0;
    const next = () => ++n;
    const first = dedupKeyOf(transfer, next);
    const second = dedupKeyOf(transfer, next);
    expect(first).toMatch(/^h:[0-9a-f]{40}:1$/);
    expect(second).toBe(first.replace(/:1$/, ':2'));
    // the title as compared: spaces and case aside; the account by its digits
    expect(
      dedupKeyOf({ ...transfer, title: 'LEKCJE KWIECIEŃ', account: '0211402004' }, () => 1),
    ).toBe(first);
    expect(dedupKeyOf({ ...transfer, amount: 20001 }, () => 1)).not.toBe(first);
  });
});

group('matching', () => {
  it('finds references as whole words in any case, never inside a longer word', () => {
    expect(referencesIn('MARTA KOVAL  K7M2QX MARTA KOVAL MARZEC')).toEqual(['K7M2QX']);
    expect(referencesIn('opłata 4hzt9p/kurs')).toEqual(['4HZT9P']);
    expect(referencesIn('W3RD8CX zaliczka')).toEqual([]);
    expect(referencesIn('ŁK7M2QX')).toEqual([]);
    // a word of six letters, or six digits, is no reference
    expect(referencesIn('MARZEC 123456 ZALICZ')).toEqual([]);
  });

  it('folds diacritics the same way as the SQL that finds surnames', () => {
    expect(FOLD_FROM.length).toBe(FOLD_TO.length);
    expect(fold('Łucja WÓJCIK-Żak')).toBe('lucja wojcik-zak');
  });

  it('suggests a student by surname with the first name or the amount owed, never a tie', () => {
    const anna = { id: 1, name: 'Anna', surname: 'Kowalska', reference: 'A2B3C4', due: 0 };
    const ola = { id: 2, name: 'Ola', surname: 'Kowalska', reference: 'D5E6F7', due: 35000 };
    const transfer = (counterparty: string, amount = 35000) => ({
      amount,
      title: 'za lekcje',
      counterparty,
    });
    expect(suggestionFor(transfer('ANNA KOWALSKA'), [anna, ola])?.id).toBe(1);
    // the surname alone, with what one of them owes
    expect(suggestionFor(transfer('JAN KOWALSKA'), [anna, ola])?.id).toBe(2);
    // the surname alone fits both as little: no suggestion
    expect(suggestionFor(transfer('KOWALSKA', 100), [anna, ola])).toBeNull();
    expect(suggestionFor(transfer('ANNA NOWAK'), [anna, ola])).toBeNull();
    // two students of the same names: a tie
    expect(suggestionFor(transfer('ANNA KOWALSKA', 1), [anna, { ...anna, id: 3 }])).toBeNull();
  });
});
