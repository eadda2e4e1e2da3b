import type { Client } from '@school/contract/clients';
import type { Stage } from '@school/contract/lookups';
import { api } from '@school/contract/paths';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldColumn, type Column } from '../../components/list/types';
import { lookupName, useLookup, useLookupNames } from '../../components/lookups';
import { formatMoney } from '../../lib/format';
import styles from './Clients.module.css';

type StageLook = Pick<Stage, 'name' | 'color'>;

/** Stage names and colours by id, from the one shared /api/stages request. */
function useStageLooks(): (id: number | null) => StageLook | undefined {
  const { data } = useLookup(api.lookup('stages'));
  const { t } = useTranslation();
  return useMemo(() => {
    const looks = new Map<number, StageLook>();
    for (const item of data ?? []) {
      const name = lookupName(item, t);
      const color = typeof item.color === 'string' ? item.color : '';
      looks.set(item.id, { name, color });
    }
    return (id: number | null) => (id === null ? undefined : looks.get(id));
  }, [data, t]);
}

/** /clients (docs/screens.md) columns. Product and stage sort on the server by name and stage order. */
export function useClientColumns(): Column<Client>[] {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const stageOf = useStageLooks();
  const productName = useLookupNames(api.lookup('products'));
  return useMemo(
    () => [
      fieldColumn('firstName'),
      fieldColumn('lastName'),
      fieldColumn('email'),
      // a phone, a stage and a price are read whole (columnWidths.ts)
      { ...fieldColumn('tel'), whole: true },
      {
        key: 'product',
        label: 'fields.product',
        sort: 'product',
        value: (r) => productName(r.product),
      },
      {
        key: 'stage',
        label: 'fields.stage',
        sort: 'stage',
        whole: true,
        value: (r) => stageOf(r.stage)?.name ?? '',
        render: (r) => {
          const look = stageOf(r.stage);
          if (!look) return null;
          return (
            <span className={styles.stage}>
              <span
                className={styles.stageDot}
                style={{ background: look.color }}
                aria-hidden="true"
              />
              <span className={styles.stageName}>{look.name}</span>
            </span>
          );
        },
      },
      {
        key: 'price',
        label: 'fields.price',
        sort: 'price',
        align: 'end',
        whole: true,
        value: (r) => formatMoney(r.price, locale),
      },
    ],
    [locale, stageOf, productName],
  );
}
