/**
 * localStorage can throw (privacy modes, quota, disabled storage); preferences are a comfort,
 * so a failure must never break the app.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not saved: the choice still applies until the page is reloaded.
  }
}
