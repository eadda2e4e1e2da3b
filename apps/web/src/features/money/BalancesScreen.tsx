import { api } from '@school/contract/paths';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FilterSpec } from '../../components/list/FilterBar';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column } from '../../components/list/types';
import { formatDate, formatMoney } from '../../lib/format';
import { accountPath, balancesResource, type Balance } from './moneyApi';
import styles from './Money.module.css';

const AGES = ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const;
const OLDER_THAN = ['30', '60', '90'] as const;

function useBalanceColumns(): readonly Column<Balance>[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const money = (amount: number) => formatMoney(amount, i18n.language);
    const amount = (
      key: string,
      label: Column<Balance>['label'],
      of: (row: Balance) => number,
      sort?: string,
    ): Column<Balance> => ({
      key,
      label,
      ...(sort === undefined ? {} : { sort }),
      align: 'end',
      whole: true,
      value: (row) => money(of(row)),
    });
    return [
      {
        key: 'name',
        label: 'money.columns.student',
        sort: 'name',
        value: (row) => row.name,
        render: (row) => <Link to={accountPath(row.student)}>{row.name}</Link>,
      },
      ...AGES.map((age) => amount(age, `money.columns.${age}`, (row) => row.aging[age])),
      {
        ...amount('due', 'money.columns.due', (row) => row.due, 'due'),
        render: (row) =>
          row.due > 0 ? <span className={styles.owed}>{money(row.due)}</span> : money(row.due),
      },
      amount('credit', 'money.columns.credit', (row) => row.credit),
      amount('balance', 'money.columns.balance', (row) => row.balance, 'balance'),
      {
        key: 'since',
        label: 'money.columns.since',
        // ascending: the oldest due date first, the longest owed
        sort: 'since',
        whole: true,
        value: (row) => formatDate(row.oldestDueDate, i18n.language),
      },
    ];
  }, [i18n.language]);
}

function useBalanceFilters(): readonly FilterSpec[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        param: 'olderThan',
        label: 'money.columns.olderThan',
        options: OLDER_THAN.map((value) => ({ value, label: t(`money.days.${value}`) })),
      },
    ],
    [t],
  );
}

/**
 * /balances (docs/money.md, The balances screen): who owes and for how long: each student's
 * due by the age of its lessons, due, credit, balance and since when, largest due first and
 * sortable by due and by age, searched by name; owing only unless the toggle is off; CSV.
 */
export function BalancesScreen() {
  const { t } = useTranslation();
  const [owingOnly, setOwingOnly] = useState(true);
  const screenFilters = useMemo(() => ({ owing: owingOnly ? 'true' : '' }), [owingOnly]);
  return (
    <ListScreen
      title={t('titles.balances')}
      caption={t('money.balancesCaption')}
      fileName="balances"
      resource={balancesResource}
      columns={useBalanceColumns()}
      filters={useBalanceFilters()}
      screenFilters={screenFilters}
      defaultSort="-due"
      serverExport={api.balancesCsv}
      tools={
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={owingOnly}
            onChange={(event) => setOwingOnly(event.target.checked)}
          />
          {t('money.owingOnly')}
        </label>
      }
    />
  );
}
