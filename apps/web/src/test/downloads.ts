import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no object URLs: keeps the blobs a test's download hands over (a CSV export) and
 * stops the anchor's click, whose calls tell what was downloaded under which name.
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:download';
  });
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { blobs, click };
}
