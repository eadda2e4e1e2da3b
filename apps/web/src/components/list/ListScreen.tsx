import { useMemo, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import type { FormValues } from '../form/fields';
import { HeaderBlock } from '../HeaderBlock';
import { CreateForm } from './CreateForm';
import { activeFilters, FilterBar, type FilterSpec, type FilterValues } from './FilterBar';
import { ListView, type ListViewProps } from './ListView';
import type { FormConfig, Row } from './types';

/** Typing pauses this long before the list is asked again (one request per word, not key). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListScreenProps<R extends Row> extends Omit<
  ListViewProps<R>,
  'search' | 'filters'
> {
  title: string;
  /** The create form in the header's panel; its accessible name is `create.label`. */
  create?: FormConfig & { label: string; defaults?: FormValues; fixed?: FormValues };
  /** Server-side filters, in a panel the header's filter button opens. */
  filters?: readonly FilterSpec[];
  /** What the screen says about the list as a whole, between the header and the list. */
  intro?: ReactNode;
  /**
   * Filters the screen sets with its own controls (a toggle among its tools), sent with the
   * panel's; empty values are left out.
   */
  screenFilters?: FilterValues;
}

/**
 * A whole list screen (docs/screens.md, List screens): header (title, search, create panel), list, edit modal.
 * A screen declares its resource, columns and forms; everything else is here.
 */
export function ListScreen<R extends Row>({
  title,
  create,
  filters,
  intro,
  screenFilters,
  ...view
}: ListScreenProps<R>) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [filterValues, setFilterValues] = useState<FilterValues>({});
  const applied = useMemo(() => activeFilters(filterValues), [filterValues]);
  const filtering = Object.keys(applied).length > 0;
  const sent = useMemo(
    () => activeFilters({ ...screenFilters, ...applied }),
    [screenFilters, applied],
  );

  return (
    <>
      <HeaderBlock
        title={title}
        onSearchChange={setSearchInput}
        filterActive={filtering}
        filters={
          filters && (
            <FilterBar filters={filters} values={filterValues} onChange={setFilterValues} />
          )
        }
      >
        {create && (
          <CreateForm
            path={view.resource.path}
            label={create.label}
            schema={create.schema}
            fields={create.fields}
            note={create.note}
            defaults={create.defaults}
            fixed={create.fixed}
          />
        )}
      </HeaderBlock>
      {intro}
      <ListView
        {...view}
        search={search}
        filters={Object.keys(sent).length > 0 ? sent : undefined}
      />
    </>
  );
}
