import { describe, expect, it } from 'vitest';
import {
  groupIban,
  ibanProblem,
  isIban,
  nipProblem,
  normalizeIban,
  normalizeNip,
  PAYMENT_REFERENCE_PATTERN,
  transferTitle,
} from './bank';
import { schoolDetailsUpdate } from './school';

describe('IBANs (ADR 040)', () => {
  it('takes a Polish IBAN with spaces or lower case, and 26 digits as a Polish one', () => {
    expect(normalizeIban(' pl61 1090 1014 0000 0712 1981 2874 ')).toBe(
      'PL61109010140000071219812874',
    );
    expect(normalizeIban('61 1090-1014-0000-0712-1981-2874')).toBe('PL61109010140000071219812874');
    expect(ibanProblem('PL61109010140000071219812874')).toBeNull();
    expect(groupIban('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
  });

  it('refuses a Polish IBAN of another length, with letters, or with wrong check digits', () => {
    expect(ibanProblem('PL6110901014000007121981287')).toBe('must have 28 characters for PL');
    expect(ibanProblem('PL6110901014000007121981287A')).toMatch(/^must be an IBAN like/);
    // one digit typed wrong, two swapped: mod 97 sees both
    expect(ibanProblem('PL61109010140000071219812875')).toBe('has wrong check digits');
    expect(ibanProblem('PL61109010140000071219818274')).toBe('has wrong check digits');
    expect(ibanProblem('not an iban')).toMatch(/^must be an IBAN like/);
  });

  it("checks other countries' IBANs by mod 97 and their length", () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82 WEST 1234 5698 7654 32',
      'UA21 3223 1300 0002 6007 2335 6600 1',
      'FR14 2004 1010 0505 0001 3M02 606',
    ]) {
      expect(isIban(iban), iban).toBe(true);
    }
    expect(ibanProblem(normalizeIban('DE89 3704 0044 0532 0130 0'))).toBe(
      'must have 22 characters for DE',
    );
    expect(ibanProblem(normalizeIban('DE88 3704 0044 0532 0130 00'))).toBe(
      'has wrong check digits',
    );
  });
});

describe('the NIP', () => {
  it('takes ten digits whose last one checks the others, dashes and PL dropped', () => {
    expect(normalizeNip('PL 526-000-12-46')).toBe('5260001246');
    expect(nipProblem('5260001246')).toBeNull();
    expect(nipProblem('5260001247')).toBe('has a wrong NIP check digit');
    expect(nipProblem('52600012')).toBe('must be a NIP of 10 digits');
  });
});

describe('the school details form body', () => {
  it('normalises what it takes and names the field it refuses', () => {
    expect(
      schoolDetailsUpdate.parse({
        name: ' Szkoła ',
        iban: 'pl61 1090 1014 0000 0712 1981 2874',
        taxId: '526-000-12-46',
      }),
    ).toEqual({ name: 'Szkoła', iban: 'PL61109010140000071219812874', taxId: '5260001246' });
    // '' clears the bank account: the learners' pages stop saying how to pay
    expect(schoolDetailsUpdate.parse({ iban: '' })).toEqual({ iban: '' });
    const refused = schoolDetailsUpdate.safeParse({
      iban: 'PL61 1090 1014 0000 0712',
      currency: 'USD',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['iban', 'must have 28 characters for PL'],
      ['currency', 'must be PLN or EUR'],
    ]);
  });
});

describe('payment references and transfer titles', () => {
  it('has six unambiguous characters with a digit and a letter', () => {
    expect(PAYMENT_REFERENCE_PATTERN.test('K7M2QX')).toBe(true);
    for (const wrong of ['K7M2Q', 'K7M2QXY', 'KOM2QX', 'K1M2QX', 'ABCDEF', '234567', 'k7m2qx']) {
      expect(PAYMENT_REFERENCE_PATTERN.test(wrong), wrong).toBe(false);
    }
  });

  it('puts the reference first and the name after, 32 characters at most', () => {
    expect(transferTitle('K7M2QX', 'Marta Koval')).toBe('K7M2QX Marta Koval');
    expect(transferTitle('K7M2QX', 'Małgorzata Brzęczyszczykiewicz')).toBe(
      'K7M2QX Małgorzata Brzęczyszczyki',
    );
    // a name in Cyrillic is written in Latin letters (a Polish title holds no others)
    expect(transferTitle('K7M2QX', 'Олена Коваль')).toBe('K7M2QX Olena Koval');
    expect(transferTitle('K7M2QX', 'Юрій Щербак-Євтушенко')).toBe(
      'K7M2QX Yurii Shcherbak-Yevtushen',
    );
    expect(transferTitle('K7M2QX', 'Марʼяна Їжак')).toBe('K7M2QX Mariana Yizhak');
    // nothing left dangling where the name is cut or has no letters to keep
    expect(transferTitle('K7M2QX', '李 - 王')).toBe('K7M2QX');
    expect(transferTitle('K7M2QX', 'Anna | Nowak')).toBe('K7M2QX Anna Nowak');
  });
});
