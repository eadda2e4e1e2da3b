import { ChevronDown, Filter, Minus, Plus, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import controls from './controls.module.css';
import { IconButton } from './IconButton';
import { usePanelFit } from './usePanelFit';
import styles from './HeaderBlock.module.css';

interface HeaderBlockProps {
  title: string;
  /** What the screen shows under its title (a record's name, or links to it); outside the heading's name. */
  subtitle?: ReactNode;
  /** The screen's create form, shown in the panel the plus button opens (docs/screens.md, Header block). */
  children?: ReactNode;
  onSearchChange?: (value: string) => void;
  onFilterClick?: () => void;
  /** Some filter is applied: the filter button says so. */
  filterActive?: boolean;
  /** Filter controls: the filter button then opens and closes a panel holding them. */
  filters?: ReactNode;
}

type Panel = 'none' | 'create' | 'filters';

/** A panel's fields, the first of which takes the focus when it opens. */
const FIELD =
  'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The block on top of every screen: title, search, filter and the create panel toggle. A control
 * shows only where it does something; one panel is open at a time, and Escape closes it and
 * gives focus back to the button that opened it.
 */
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
  const [open, setOpen] = useState<Panel>('none');
  const createButton = useRef<HTMLButtonElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const filtersId = useId();
  const hasFilters = filters !== undefined;
  const hasCreate = children !== undefined && children !== null && children !== false;
  const filtersOpen = open === 'filters';
  const createOpen = open === 'create';
  // With a panel the button discloses it (expanded); without, it is a plain toggle (pressed).
  const filterState = hasFilters
    ? { 'aria-expanded': filtersOpen, 'aria-controls': filtersId }
    : { 'aria-pressed': filterActive };
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? 'none' : panel));
  const createPanel = useRef<HTMLElement>(null);
  const filtersPanel = useRef<HTMLElement>(null);
  const fit = usePanelFit(createPanel, createOpen);

  // Opening a panel puts the focus in its first field (docs/screens.md, Header block).
  useEffect(() => {
    const panel = open === 'create' ? createPanel.current : filtersPanel.current;
    if (open === 'none' || !panel) return;
    panel.querySelector<HTMLElement>(FIELD)?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (open === 'none') return undefined;
    const opener = open === 'create' ? createButton.current : filterButton.current;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog (or a menu) over the page handles its own Escape first.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      setOpen('none');
      opener?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle !== undefined && subtitle !== null && subtitle !== '' && (
            <p className={styles.subtitle}>{subtitle}</p>
          )}
        </div>
        <div className={styles.tools}>
          {onSearchChange && (
            <form role="search" className={styles.search} onSubmit={(e) => e.preventDefault()}>
              <Search className={styles.searchIcon} size={16} aria-hidden="true" />
              <input
                type="search"
                className={`${controls.input} ${styles.searchInput}`}
                aria-label={t('header.search')}
                placeholder={t('header.searchPlaceholder')}
                onChange={(event) => onSearchChange(event.target.value)}
              />
              {/* docs/screens.md, Header block: the search button exists but is hidden and not wired. */}
              <button type="submit" hidden>
                {t('header.search')}
              </button>
            </form>
          )}
          {(hasFilters || onFilterClick) && (
            <IconButton
              ref={filterButton}
              className={styles.filterButton}
              label={t('header.filter')}
              tooltip={filterActive ? t('header.filterActive') : t('header.filter')}
              icon={Filter}
              iconSize={18}
              {...filterState}
              onClick={() => {
                if (hasFilters) toggle('filters');
                onFilterClick?.();
              }}
            >
              {hasFilters && filterActive && (
                <span className={styles.activeDot} aria-hidden="true" />
              )}
            </IconButton>
          )}
          {hasCreate && (
            <IconButton
              ref={createButton}
              label={t('header.create')}
              icon={createOpen ? Minus : Plus}
              iconSize={18}
              aria-expanded={createOpen}
              aria-controls={panelId}
              onClick={() => toggle('create')}
            />
          )}
        </div>
      </div>
      {hasFilters && (
        <section
          ref={filtersPanel}
          id={filtersId}
          className={`${controls.card} ${styles.filters}`}
          aria-label={t('header.filterPanel')}
          hidden={!filtersOpen}
        >
          {filters}
        </section>
      )}
      {hasCreate && (
        <div className={styles.panelBox} hidden={!createOpen}>
          <section
            ref={createPanel}
            id={panelId}
            className={styles.panel}
            style={{ maxHeight: fit.maxHeight }}
            data-scroll-panel=""
            data-more={fit.more ? '' : undefined}
            aria-label={t('header.createPanel')}
            hidden={!createOpen}
          >
            {children}
          </section>
          {fit.more && (
            // Says the form goes on below, and takes the user there (the fields stay in tab order).
            <button
              type="button"
              className={styles.moreCue}
              tabIndex={-1}
              onClick={() =>
                createPanel.current?.scrollBy({ top: createPanel.current.clientHeight / 2 })
              }
            >
              <ChevronDown size={16} aria-hidden="true" />
              <span className={styles.cueText}>{t('header.moreFields')}</span>
            </button>
          )}
        </div>
      )}
    </header>
  );
}
