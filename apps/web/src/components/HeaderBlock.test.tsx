import { cleanup, screen } from '@testing-library/react';
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
});
