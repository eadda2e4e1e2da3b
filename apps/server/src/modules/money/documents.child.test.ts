import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SchoolDetails } from '@school/contract/school';
import { pdfPages } from '../../../test/pdf.js';
import { drawn } from './documents.child.js';
import type { StatementContent } from './statement.queries.js';

/** The PDF documents' own process (ADR 049): what it is sent is drawn there and streamed back. */

const bytesOf = async (pdf: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const content: StatementContent = {
  locale: 'pl',
  month: '2025-07',
  today: '2025-08-01',
  created: new Date('2025-08-01T10:00:00Z'),
  who: { name: 'Łucja Żółć', reference: 'AB12CD' },
  opening: 0,
  rows: [],
  school: { name: 'Szkoła', address: '', taxId: '', iban: '', currency: 'PLN' } as SchoolDetails,
  owed: 0,
};

describe('documents drawn by a process of their own', () => {
  it('streams back the PDF the process draws', async () => {
    const pdf = await bytesOf(await drawn({ kind: 'statement', content }));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfPages(pdf)).join('\n')).toContain('Łucja Żółć');
  });

  it('ends the stream with the process’s error when it cannot draw', async () => {
    const broken = { ...content, school: undefined } as unknown as StatementContent;
    await expect(bytesOf(await drawn({ kind: 'statement', content: broken }))).rejects.toThrow(
      /the documents' process ended \(exit code 1\)/,
    );
  });
});
