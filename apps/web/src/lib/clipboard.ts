/**
 * Copies text; the Clipboard API needs a secure context (https or localhost), so an office
 * server reached over plain http on the LAN falls back to the old selection command.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, no focus): try the fallback.
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const previousFocus = document.activeElement;
  document.body.append(area);
  area.focus();
  area.select();
  let copied: boolean;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  if (previousFocus instanceof HTMLElement) previousFocus.focus();
  return copied;
}
