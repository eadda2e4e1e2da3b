/**
 * Plural forms where a number meets a noun, by Intl.PluralRules (docs/interface.md, Plural
 * forms): English has one and other, Polish and Ukrainian one, few, many and other (other is
 * the form of fractions: "0.5 бала", "0.5 punktu").
 */
export type PluralLocale = 'en' | 'pl' | 'uk';

export type PluralForms = { one: string; other: string; few?: string; many?: string };

const rules = new Map<PluralLocale, Intl.PluralRules>();

function rulesOf(locale: PluralLocale): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(locale);
    rules.set(locale, r);
  }
  return r;
}

/** The noun's form for `count` in `locale`, without the number. */
export function pluralForm(locale: PluralLocale, count: number, forms: PluralForms): string {
  const category = rulesOf(locale).select(count);
  if (category === 'one') return forms.one;
  if (category === 'few') return forms.few ?? forms.other;
  if (category === 'many') return forms.many ?? forms.other;
  return forms.other;
}

/** `count` and the noun's form: "1 point", "3 бали", "5 punktów". */
export function plural(
  locale: PluralLocale,
  count: number,
  forms: Record<PluralLocale, PluralForms>,
): string {
  return `${count} ${pluralForm(locale, count, forms[locale])}`;
}

/**
 * The first of `locales` an Accept-Language header asks for, by its q values ("pl-PL,en;q=0.8"
 * asks for pl first); undefined when it names none of them.
 */
export function firstAccepted<L extends string>(
  acceptLanguage: string | undefined,
  locales: readonly L[],
): L | undefined {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { base: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags
    .map((t) => t.base)
    .find((base): base is L => (locales as readonly string[]).includes(base));
}

/** The first of en, pl and uk in an Accept-Language header; none means English. */
export function pluralLocaleOf(acceptLanguage: string | undefined): PluralLocale {
  return firstAccepted(acceptLanguage, ['en', 'pl', 'uk'] as const) ?? 'en';
}
