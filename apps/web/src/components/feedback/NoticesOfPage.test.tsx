import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearNotices, showNotice, showingPage, useNotices } from './notices';
import { NoticesOfPage } from './NoticesOfPage';

afterEach(() => {
  clearNotices();
  showingPage('/');
});

const texts = () => renderHook(() => useNotices()).result.current.map((n) => n.text);

describe('notices and the page they are about', () => {
  it('takes a plain notice away when the user goes to another page; Undo and errors stay', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/students/7']}>
        <NoticesOfPage />
        <Routes>
          <Route path="/students/7" element={<Link to="/students">Students</Link>} />
          <Route path="/students" element={<p>The list</p>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => {
      showNotice({ text: 'Copied: https://t.me/bot?start=abc' });
      showNotice({ text: 'Deleted group A2.', action: { label: 'Undo', run: () => undefined } });
      showNotice({ text: 'Something went wrong !', tone: 'error' });
    });
    expect(texts()).toHaveLength(3);
    await user.click(screen.getByRole('link', { name: 'Students' }));
    await screen.findByText('The list');
    expect(texts()).toEqual(['Deleted group A2.', 'Something went wrong !']);
    // a notice raised on the new page stays while it is on screen
    act(() => void showNotice({ text: 'Copied: 42' }));
    expect(texts()).toContain('Copied: 42');
  });

  it('keeps a plain notice on the page it was raised on, and one told to stay anywhere', () => {
    showingPage('/games');
    showNotice({ text: 'Copied: link' });
    showNotice({ text: 'Saved everywhere', page: null });
    showingPage('/games');
    expect(texts()).toEqual(['Copied: link', 'Saved everywhere']);
    showingPage('/sets');
    expect(texts()).toEqual(['Saved everywhere']);
  });
});
