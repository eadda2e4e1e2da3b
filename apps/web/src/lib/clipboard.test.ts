import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

/** jsdom has neither navigator.clipboard nor document.execCommand: each test brings its own. */
function provide(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { configurable: true, value });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    provide(navigator, 'clipboard', { writeText });
    await expect(copyText('hello')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
  });

  it('falls back to selecting the text and copying it when the API refuses', async () => {
    provide(navigator, 'clipboard', {
      writeText: vi.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError')),
    });
    let copied = '';
    const execCommand = vi.fn(() => {
      const focused = document.activeElement;
      copied = focused instanceof HTMLTextAreaElement ? focused.value : '';
      return true;
    });
    provide(document, 'execCommand', execCommand);
    await expect(copyText('fallback text')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('fallback text');
    // The helper element is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says so when nothing could copy', async () => {
    await expect(copyText('lost')).resolves.toBe(false);
  });
});
