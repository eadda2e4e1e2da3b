import { useTranslation } from 'react-i18next';
import type { Dictionary } from '../i18n/i18n';
import { HeaderBlock } from './HeaderBlock';

export type TitleKey = `titles.${keyof Dictionary['titles']}`;

/** A route whose screen is not built yet: its header block with the translated title. */
export function PlaceholderScreen({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation();
  return <HeaderBlock title={t(titleKey)} />;
}
