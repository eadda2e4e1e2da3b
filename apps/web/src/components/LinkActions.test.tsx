import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LinkActions } from './LinkActions';

describe('the actions under a private link', () => {
  it('offers copy only when there is a link to copy; renew stays', () => {
    const { rerender } = render(
      <LinkActions
        copyLabel="Copy bot link"
        renewLabel="New link"
        onRenew={vi.fn()}
        renewing={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Copy bot link' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New link' })).toBeEnabled();
    rerender(
      <LinkActions
        copyLabel="Copy bot link"
        renewLabel="New link"
        onCopy={vi.fn()}
        onRenew={vi.fn()}
        renewing={false}
      />,
    );
    expect(screen.getByRole('button', { name: 'Copy bot link' })).toBeEnabled();
  });
});
