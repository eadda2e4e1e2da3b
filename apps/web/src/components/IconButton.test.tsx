import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pencil, Trash2 } from 'lucide-react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import controls from './controls.module.css';
import { IconButton, IconLink } from './IconButton';

afterEach(cleanup);

describe('icon button', () => {
  it('is a plain button named by its label, with the label as tooltip and a hidden icon', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(<IconButton ref={ref} label="Edit anna" icon={Pencil} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Edit anna' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.title).toBe('Edit anna');
    expect(button.className).toBe(controls.iconButton);
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(button.querySelector('svg')?.getAttribute('width')).toBe('16');
    expect(ref.current).toBe(button);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('takes its own tooltip, the danger look, extra classes and button states', () => {
    render(
      <IconButton
        label="Delete"
        tooltip="Delete anna"
        icon={Trash2}
        variant="danger"
        className="extra"
        disabled
        aria-pressed={true}
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.title).toBe('Delete anna');
    expect(button.className).toBe(`${controls.dangerButton} extra`);
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a spinner instead of its icon while busy', () => {
    render(<IconButton label="Export" icon={Pencil} aria-busy={true} disabled />);
    const button = screen.getByRole('button', { name: 'Export' });
    const icon = button.querySelector('svg')?.getAttribute('class') ?? '';
    expect(icon).toContain('loader');
    expect(icon).not.toContain('pencil');
  });

  it('has a link twin with the same look', () => {
    render(
      <MemoryRouter>
        <IconLink to="/clients/1" label="Open anna" icon={Pencil} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Open anna' });
    expect(link.getAttribute('href')).toBe('/clients/1');
    expect(link.title).toBe('Open anna');
    expect(link.className).toBe(controls.iconButton);
  });
});
