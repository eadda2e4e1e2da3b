import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV (RFC 4180 + formula injection)', () => {
  it('leaves plain text alone and writes null as an empty cell', () => {
    expect(csvCell('Anna')).toBe('Anna');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('Kowalska, Anna')).toBe('"Kowalska, Anna"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=1+1', '+48 600 100 200', '-5', '@SUM(A1)', '\tx'])(
    'makes %j text, not a formula',
    (value) => {
      expect(csvCell(value).replace(/^"/, '').startsWith(`'`)).toBe(true);
    },
  );

  it('quotes a formula that also needs quotes after escaping it', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['name', 'note'],
        ['Ann', 'a,b'],
      ]),
    ).toBe('name,note\r\nAnn,"a,b"\r\n');
  });
});
