import { readFileSync } from 'node:fs';

/** The server's package version: the same path from src/ (tsx) and from dist/ (built). */
const packageJson = new URL('../../package.json', import.meta.url);

export const SERVER_VERSION = String(
  (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version ?? '0.0.0',
);
