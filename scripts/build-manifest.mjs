// A Vite build read through its manifest (dist/.vite/manifest.json): the files a chunk brings
// with it and their gzip sizes. Shared by the size checks of the web app and the player.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function readBuild(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();

  /** The file's size gzip-compressed at the highest level, in kB. */
  function gzipKb(file) {
    if (!sizes.has(file)) {
      const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      sizes.set(file, bytes / 1000);
    }
    return sizes.get(file);
  }

  function chunk(key) {
    const found = manifest[key];
    if (!found) throw new Error(`${key} is not in the build manifest`);
    return found;
  }

  /** The chunk's own file, its CSS and, transitively, every statically imported chunk's. */
  function staticClosure(key, files = new Set()) {
    const entry = chunk(key);
    if (files.has(entry.file)) return files;
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) staticClosure(imported, files);
    return files;
  }

  /**
   * The files a page loads: its entry chunk's static closure, followed from the entry into a
   * fresh set (so a file the HTML names does not stop the walk), then every file the page's
   * HTML names (`named`, relative to dist).
   */
  function pageFiles(key, named = []) {
    const files = staticClosure(key, new Set());
    for (const file of named) files.add(file);
    return files;
  }

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  return { entryKey, gzipKb, chunk, staticClosure, pageFiles };
}
