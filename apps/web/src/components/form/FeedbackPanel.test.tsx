import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { setupI18n } from '../../test/utils';
import { FeedbackPanel } from './FeedbackPanel';
import type { FormStatus } from './formStatus';

beforeAll(setupI18n);
afterEach(async () => {
  cleanup();
  if (i18next.language !== 'en') await changeLanguage('en');
});

describe('feedback panel (docs/interface.md, Feedback panel and Messages)', () => {
  it('shows nothing in none', () => {
    const { container } = render(<FeedbackPanel status="none" onOk={vi.fn()} />);
    expect(container.textContent).toBe('');
  });

  it('shows a spinner and Processing... without an OK button while waiting', () => {
    render(<FeedbackPanel status="wait" onOk={vi.fn()} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Processing...');
    expect(status.querySelector('svg')).not.toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each<[FormStatus, string, string]>([
    ['done', 'Successfully done !', 'status'],
    ['error', 'Something went wrong !', 'alert'],
    ['timeout', 'The request time of server answering is out !', 'alert'],
    ['forbidden', 'Access deny!', 'alert'],
  ])('%s says "%s" with an OK button that resets', async (status, text, role) => {
    const onOk = vi.fn();
    render(<FeedbackPanel status={status} onOk={onOk} />);
    expect(screen.getByRole(role).textContent).toContain(text);
    const ok = screen.getByRole('button', { name: 'OK' });
    // The hidden form had focus; the keyboard continues from OK.
    expect(document.activeElement).toBe(ok);
    await userEvent.setup().click(ok);
    expect(onOk).toHaveBeenCalledTimes(1);
  });

  it('speaks the chosen language', async () => {
    await changeLanguage('pl');
    render(<FeedbackPanel status="forbidden" onOk={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain('Brak dostępu!');
  });
});
