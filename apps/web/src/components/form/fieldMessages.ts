import type { TFunction } from 'i18next';
import { EMAIL_MESSAGE } from '@school/contract/common';

type Translate = TFunction;

/**
 * The contract's schemas (run by the form and again by the server, whose 400 `fields` carry the
 * same words) speak English; these patterns turn their messages into the chosen language.
 */
const BY_TEXT: readonly [RegExp, (t: Translate, match: RegExpExecArray) => string][] = [
  [/^is required$/, (t) => t('validation.required')],
  [
    /^must be at most (\d+) characters$/,
    (t, m) => t('validation.maxLength', { count: Number(m[1]) }),
  ],
  [
    /^must be at least (\d+) characters$/,
    (t, m) => t('validation.minLength', { count: Number(m[1]) }),
  ],
  [/^must have no spaces$/, (t) => t('validation.noSpaces')],
  [/^must be a colou?r like/, (t) => t('validation.color')],
  [/^is taken$/, (t) => t('validation.taken')],
  [/^is wrong$/, (t) => t('validation.wrong')],
  [/^is too common/, (t) => t('validation.tooCommon')],
  [/^must be a whole number$/, (t) => t('validation.wholeNumber')],
  // the school's bank account and tax id (ADR 040)
  [/^must be an IBAN like/, (t) => t('validation.ibanFormat')],
  [
    /^must have (\d+) characters for ([A-Z]{2})$/,
    (t, m) => t('validation.ibanLength', { length: m[1], country: m[2] }),
  ],
  [/^has wrong check digits$/, (t) => t('validation.ibanChecksum')],
  [/^must be a NIP of 10 digits$/, (t) => t('validation.nipFormat')],
  [/^has a wrong NIP check digit$/, (t) => t('validation.nipChecksum')],
];

/** zod issue codes (react-hook-form's error `type`) for messages zod wrote itself. */
const BY_CODE: Record<string, (t: Translate) => string> = {
  too_small: (t) => t('validation.tooSmall'),
  too_big: (t) => t('validation.tooBig'),
  not_multiple_of: (t) => t('validation.decimals'),
  invalid_type: (t) => t('validation.invalid'),
  invalid_format: (t) => t('validation.invalid'),
  invalid_value: (t) => t('validation.invalid'),
};

export function translateFieldMessage(
  t: Translate,
  message: string | undefined,
  code?: string,
): string {
  const text = message ?? '';
  if (text === EMAIL_MESSAGE) return t('messages.emailFormat');
  for (const [pattern, translate] of BY_TEXT) {
    const match = pattern.exec(text);
    if (match) return translate(t, match);
  }
  const byCode = code === undefined ? undefined : BY_CODE[code];
  if (byCode) return byCode(t);
  // A message from the server we have no translation for is still better than nothing.
  return text === '' ? t('validation.invalid') : text;
}
