import type { TFunction } from 'i18next';

/** The server's words for a session's device (apps/server/src/modules/auth/device.ts). */
const UNKNOWN = 'Unknown device';
const KIND = / \((mobile|tablet)\)$/;
const ON = ' on ';

/**
 * A session's device in the interface's language: the server stores it in English, "Chrome 147
 * on Linux (mobile)", and the browser's and the system's names stay as they are while the
 * words between them are translated ("Chrome 147 на Linux (телефон)"; docs/screens.md, Settings).
 */
export function deviceText(t: TFunction, device: string): string {
  if (device === UNKNOWN) return t('settings.deviceUnknown');
  const kind = KIND.exec(device)?.[1];
  const rest = kind ? device.slice(0, -` (${kind})`.length) : device;
  const at = rest.indexOf(ON);
  const named =
    at > 0
      ? t('settings.deviceOn', { browser: rest.slice(0, at), os: rest.slice(at + ON.length) })
      : rest;
  if (!kind) return named;
  return `${named} (${t(kind === 'mobile' ? 'settings.deviceMobile' : 'settings.deviceTablet')})`;
}
