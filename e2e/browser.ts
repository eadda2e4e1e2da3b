import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** docs/architecture.md, Tests: $CHROME_PATH, /usr/bin/chromium, else the binary the npm package ships. */
export async function chromePath(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Launches Chromium from `executablePath`, found once for the whole run by the global setup. */
export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}
