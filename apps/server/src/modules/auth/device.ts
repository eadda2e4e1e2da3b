import { UAParser } from 'ua-parser-js';

/** "Chrome 147 on Linux" from a User-Agent, for the sessions list (docs/screens.md, Routes). */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, device } = UAParser(userAgent.slice(0, 512));
  const browserName = browser.name
    ? `${browser.name}${browser.major ? ` ${browser.major}` : ''}`
    : '';
  const osName = os.name ? `${os.name}${os.version ? ` ${os.version}` : ''}` : '';
  const kind = device.type === 'mobile' || device.type === 'tablet' ? ` (${device.type})` : '';
  if (browserName && osName) return `${browserName} on ${osName}${kind}`;
  return (browserName || osName || userAgent.slice(0, 60)) + kind;
}
