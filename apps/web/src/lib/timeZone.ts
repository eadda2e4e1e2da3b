let zone: string | undefined;

/**
 * The browser's IANA zone, read once: asking Intl builds a formatter each time, which the
 * schedule did on every render (docs/quality.md, First screen of a returning user). Apart from
 * format.ts, so the login page downloads this line and not the formatters.
 */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}
