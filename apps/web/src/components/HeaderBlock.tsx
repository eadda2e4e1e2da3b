import { Filter, Minus, Plus, Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import controls from './controls.module.css';
import styles from './HeaderBlock.module.css';

interface HeaderBlockProps {
  title: string;
  /** What the screen shows under its title (a record's name); outside the heading's name. */
  subtitle?: string | undefined;
  /** The screen's create form, shown in the panel the plus button opens (SPEC §2). */
  children?: ReactNode;
  onSearchChange?: (value: string) => void;
  onFilterClick?: () => void;
  /** Some filter is applied: the filter button says so. */
  filterActive?: boolean;
  /** Filter controls: the filter button then opens and closes a panel holding them. */
  filters?: ReactNode;
}

/** The block on top of every screen: title, search, filter and the create panel toggle. */
export function HeaderBlock({
  title,
  subtitle,
  children,
  onSearchChange,
  onFilterClick,
  filterActive = false,
  filters,
}: HeaderBlockProps) {
  const { t } = useTranslation();
  const [createOpen, setCreateOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const filtersId = useId();
  const hasFilters = filters !== undefined;
  // With a panel the button discloses it (expanded); without, it is a plain toggle (pressed).
  const filterState = hasFilters
    ? { 'aria-expanded': filtersOpen, 'aria-controls': filtersId }
    : { 'aria-pressed': filterActive };

  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle !== undefined && subtitle !== '' && (
            <p className={styles.subtitle}>{subtitle}</p>
          )}
        </div>
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
            className={`${controls.iconButton} ${styles.filterButton}`}
            aria-label={t('header.filter')}
            title={filterActive ? t('header.filterActive') : t('header.filter')}
            {...filterState}
            onClick={() => {
              if (hasFilters) setFiltersOpen((open) => !open);
              onFilterClick?.();
            }}
          >
            <Filter size={18} aria-hidden="true" />
            {hasFilters && filterActive && <span className={styles.activeDot} aria-hidden="true" />}
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
      {hasFilters && (
        <section
          id={filtersId}
          className={styles.filters}
          aria-label={t('header.filterPanel')}
          hidden={!filtersOpen}
        >
          {filters}
        </section>
      )}
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
