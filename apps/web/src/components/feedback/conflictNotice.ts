import type { TFunction } from 'i18next';
import type { VersionConflict } from '../form/conflict';
import { formatDateTime } from '../../lib/format';
import { showNotice } from './notices';

interface QuickConflict {
  t: TFunction;
  /** the language the time is written in */
  locale: string;
  conflict: VersionConflict;
  /** what was not saved, in words ("The move of Anna Nowak to Won was not saved.") */
  lead: string;
  /** Reload: read the record as it now is */
  reload: () => void;
}

/**
 * A quick edit (a pipeline move, a participation's mark) refused because someone changed the
 * record meanwhile (ADR 043): a notice in the words of the forms' conflict notice
 * (docs/interface.md, Conflicts): what was not saved, the fields changed by their labels, who
 * and when, with Reload. An error: announced (role alert) and kept until dismissed.
 */
export function showConflictNotice({ t, locale, conflict, lead, reload }: QuickConflict): number {
  const changed = conflict.changed
    .map((field) => t(`fields.${field}` as never, { defaultValue: field }))
    .join(', ');
  const at = conflict.at ? formatDateTime(conflict.at, locale) : '';
  const by = conflict.by
    ? t('form.conflictBy', { name: conflict.by, at })
    : t('form.conflictByOther');
  const text = [lead, changed === '' ? '' : t('form.conflictChanged', { fields: changed }), by]
    .filter((part) => part !== '')
    .join(' ');
  return showNotice({
    text,
    tone: 'error',
    action: { label: t('form.conflictReload'), run: reload },
  });
}
