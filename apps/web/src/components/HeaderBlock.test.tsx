import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '../test/utils';
import { HeaderBlock } from './HeaderBlock';

beforeAll(setupI18n);
afterEach(cleanup);

describe('header block', () => {
  it('shows a subtitle beside the title, outside the heading’s name', () => {
    renderWithProviders(<HeaderBlock title="Client" subtitle="Anna Nowak" />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Client');
    expect(screen.getByText('Anna Nowak').closest('h1')).toBeNull();
  });

  it('shows no subtitle when there is none yet', () => {
    renderWithProviders(<HeaderBlock title="Client" subtitle="" />);
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.children).toHaveLength(1);
  });

  it('shows no search, filter or plus button where they would do nothing', () => {
    renderWithProviders(<HeaderBlock title="Dashboard" />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });

  it('keeps one panel open at a time; Escape closes it and focuses its button again', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <HeaderBlock
        title="Things"
        onSearchChange={() => undefined}
        filters={<input aria-label="Kind" />}
      >
        <input aria-label="Name" />
      </HeaderBlock>,
    );
    const filter = screen.getByRole('button', { name: 'Filter' });
    const create = screen.getByRole('button', { name: 'Create' });
    await user.click(filter);
    expect(screen.getByRole('region', { name: 'Filters' })).toBeTruthy();
    await user.click(create);
    expect(screen.getByRole('region', { name: 'Create panel' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    expect(screen.queryByRole('region', { name: 'Create panel' })).toBeNull();

    await user.click(screen.getByRole('textbox', { name: 'Kind' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    expect(document.activeElement).toBe(filter);

    await user.click(create);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Create panel' })).toBeNull();
    expect(document.activeElement).toBe(create);
  });

  it('puts the focus in the first field of the panel it opens', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <HeaderBlock title="Things" filters={<select aria-label="Kind" />}>
        <p>Fields marked * are required.</p>
        <input aria-label="Name" />
        <input aria-label="Note" />
      </HeaderBlock>,
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Kind' }));
  });
});
