import { Filter, Minus, Plus, Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import controls from './controls.module.css';
import styles from './HeaderBlock.module.css';

interface HeaderBlockProps {
  title: string;
  /** The screen's create form, shown in the panel the plus button opens (SPEC §2). */
  children?: ReactNode;
  onSearchChange?: (value: string) => void;
  onFilterClick?: () => void;
  filterActive?: boolean;
}

/** The block on top of every screen: title, search, filter and the create panel toggle. */
export function HeaderBlock({
  title,
  children,
  onSearchChange,
  onFilterClick,
  filterActive = false,
}: HeaderBlockProps) {
  const { t } = useTranslation();
  const [createOpen, setCreateOpen] = useState(false);
  const panelId = useId();

  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.tools}>
          <form role="search" className={styles.search} onSubmit={(e) => e.preventDefault()}>
            <Search className={styles.searchIcon} size={16} aria-hidden="true" />
            <input
              type="search"
              className={`${controls.input} ${styles.searchInput}`}
              aria-label={t('header.search')}
              placeholder={t('header.searchPlaceholder')}
              onChange={(event) => onSearchChange?.(event.target.value)}
            />
            {/* SPEC §2: the search button exists but is hidden and not wired. */}
            <button type="submit" hidden>
              {t('header.search')}
            </button>
          </form>
          <button
            type="button"
            className={controls.iconButton}
            aria-label={t('header.filter')}
            title={t('header.filter')}
            aria-pressed={filterActive}
            onClick={onFilterClick}
          >
            <Filter size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={controls.iconButton}
            aria-label={t('header.create')}
            title={t('header.create')}
            aria-expanded={createOpen}
            aria-controls={panelId}
            onClick={() => setCreateOpen((open) => !open)}
          >
            {createOpen ? (
              <Minus size={18} aria-hidden="true" />
            ) : (
              <Plus size={18} aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <section
        id={panelId}
        className={styles.panel}
        aria-label={t('header.createPanel')}
        hidden={!createOpen}
      >
        {children ?? <p className={styles.empty}>{t('header.nothingToCreate')}</p>}
      </section>
    </header>
  );
}
