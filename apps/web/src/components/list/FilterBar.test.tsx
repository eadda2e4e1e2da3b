import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../test/utils';
import { FilterBar, type FilterSpec } from './FilterBar';

beforeAll(setupI18n);
afterEach(cleanup);

const FILTERS: readonly FilterSpec[] = [
  { param: 'dateFrom', label: 'fields.from', date: true, before: 'dateTo' },
  { param: 'dateTo', label: 'fields.to', date: true, after: 'dateFrom' },
  {
    param: 'isPaid',
    label: 'fields.isPaid',
    options: [
      { value: '1', label: 'Paid' },
      { value: '0', label: 'Not paid' },
    ],
  },
];

describe('filter bar: dates and fixed options', () => {
  it('keeps a range in order and offers All beside the options', () => {
    const onChange = vi.fn();
    render(
      <FilterBar
        filters={FILTERS}
        values={{ dateFrom: '2026-11-02', dateTo: '2026-11-30' }}
        onChange={onChange}
      />,
    );
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2026-11-30');
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2026-11-02');
    const paid = screen.getByLabelText('Paid');
    expect([...paid.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All',
      'Paid',
      'Not paid',
    ]);
    fireEvent.change(paid, { target: { value: '0' } });
    expect(onChange).toHaveBeenLastCalledWith({
      dateFrom: '2026-11-02',
      dateTo: '2026-11-30',
      isPaid: '0',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
