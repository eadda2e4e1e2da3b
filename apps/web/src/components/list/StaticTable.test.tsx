import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticTable } from './StaticTable';

afterEach(cleanup);

describe('static table', () => {
  it('is a named table with its headers and one row per item, in order', () => {
    render(
      <StaticTable
        caption="Preview"
        columns={[
          { key: 'line', header: 'Line', value: (row: { line: number; name: string }) => row.line },
          { key: 'name', header: 'Name', value: (row) => row.name },
        ]}
        rows={[
          { line: 2, name: 'Ola' },
          { line: 5, name: 'Petro' },
        ]}
        rowKey={(row) => row.line}
      />,
    );
    const table = screen.getByRole('table', { name: 'Preview' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Line', 'Name']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2Ola', '5Petro']);
  });
});
