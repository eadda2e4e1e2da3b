import { EDITABLE_DICTIONARIES, type EditableDictionary } from '@school/contract/lookups';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { useMayDo } from '../../lib/access';
import { ATTENDANCE_STATUSES, PLAIN_DICTIONARIES, STAGES } from './dictionaries';
import { DictionaryPanel } from './DictionaryPanel';
import styles from './Dictionaries.module.css';
import card from '../../components/cardSection.module.css';

/** The tabs: the dictionaries, then the attendance statuses (docs/money.md), a fixed set. */
const TABS = [...EDITABLE_DICTIONARIES, 'attendanceStatuses'] as const;
type Tab = EditableDictionary | 'attendanceStatuses';

/** The dictionaries staff edit (docs/data-model.md, Lookups), one tab each (WAI-ARIA tabs, arrow keys move). */
export function DictionariesSection() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Tab>('stages');
  const tabs = useRef(new Map<Tab, HTMLButtonElement>());
  const baseId = useId();
  const tabId = (name: Tab) => `${baseId}-tab-${name}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    const index = TABS.indexOf(current);
    const count = TABS.length;
    let next: Tab | undefined;
    if (event.key in moves) next = TABS[(index + (moves[event.key] ?? 0) + count) % count];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[count - 1];
    if (!next) return;
    event.preventDefault();
    setCurrent(next);
    tabs.current.get(next)?.focus();
  };

  const tabText = (name: Tab) =>
    name === 'attendanceStatuses' ? t('attendanceStatuses.tab') : t(`dictionaries.${name}`);
  const title = tabText(current);
  const mayChange = useMayDo('lookups', 'update');

  return (
    <section className={`${controls.card} ${card.section}`} aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className={card.heading}>
        {t('dictionaries.title')}
      </h2>
      <p className={card.intro}>{t('dictionaries.intro')}</p>
      {!mayChange && <p className={card.intro}>{t('dictionaries.readOnly')}</p>}
      <div role="tablist" aria-label={t('dictionaries.tabs')} className={styles.tabs}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabs.current.set(name, element);
              else tabs.current.delete(name);
            }}
            id={tabId(name)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={name === current}
            aria-controls={panelId}
            tabIndex={name === current ? 0 : -1}
            onClick={() => setCurrent(name)}
            onKeyDown={onKeyDown}
          >
            {tabText(name)}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(current)}>
        {current === 'attendanceStatuses' && (
          <p className={card.intro}>{t('attendanceStatuses.intro')}</p>
        )}
        {current === 'stages' ? (
          <DictionaryPanel key={current} view={STAGES} title={title} fileName={current} />
        ) : current === 'attendanceStatuses' ? (
          <DictionaryPanel
            key={current}
            view={ATTENDANCE_STATUSES}
            title={title}
            fileName={current}
          />
        ) : (
          <DictionaryPanel
            key={current}
            view={PLAIN_DICTIONARIES[current]}
            title={title}
            fileName={current}
          />
        )}
      </div>
    </section>
  );
}
