import { api, withQuery } from '@school/contract/paths';
import { event, infoPiece, type Event } from '@school/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { ScrollingTable } from '../../components/list/ScrollingTable';
import { LabelledInput } from '../../components/form/LabelledInput';
import { useAttendanceChoices } from '../../components/attendance';
import { InfoPieces } from '../../components/InfoPieces';
import {
  activeFilters,
  FilterBar,
  type FilterSpec,
  type FilterValues,
} from '../../components/list/FilterBar';
import { LoadingState } from '../../components/LoadingState';
import { formatMoney } from '../../lib/format';
import { request } from '../../lib/http';
import { requestPage } from '../../lib/page';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import styles from './Students.module.css';

/** How many participations the list shows at once (newest first). */
const PAGE_ROWS = 100;

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the browser's calendar: the list starts with what has taken place. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The choices of a participation's to-pay and paid, in the filters' order; attendance's are the
 * statuses of the lookup (docs/money.md, Attendance statuses).
 */
const CHOICES = {
  toPay: [
    { value: 1, label: 'schedule.toPay.pays' },
    { value: 0, label: 'schedule.toPay.unset' },
    { value: 2, label: 'schedule.toPay.free' },
  ],
  isPaid: [
    { value: 1, label: 'schedule.paid' },
    { value: 0, label: 'schedule.unpaid' },
  ],
} as const;
type Choice = (typeof CHOICES)[keyof typeof CHOICES][number];

/**
 * Row colours (docs/interface.md): paid green, absent red (any status other than present and
 * not marked), the others blue (the cells say it in words).
 */
function toneOf(row: Event): string {
  if (row.isPaid) return styles.paidRow ?? '';
  if (row.attendence !== 0 && row.attendence !== 1) return styles.absentRow ?? '';
  return styles.openRow ?? '';
}

/**
 * The student's participations list (events ?student=; docs/screens.md, Student) with its filters, and the info
 * panel: lessons, attended, absences, paid, to pay. It opens on the lessons up to today; clearing
 * the filters shows those ahead too.
 */
export function Participations({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [filters, setFilters] = useState<FilterValues>(() => ({ dateTo: today() }));
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const query = {
    student: studentId,
    ...activeFilters(filters),
    search,
    sort: '-date',
    limit: PAGE_ROWS,
  };
  const list = useQuery({
    queryKey: ['student-events', query],
    queryFn: ({ signal }) =>
      requestPage(withQuery(api.events, query), { schema: z.array(event), signal }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
  const info = useQuery({
    queryKey: ['student-events-info', studentId],
    queryFn: ({ signal }) =>
      request(withQuery(api.eventsInfoPanel, { student: studentId }), {
        schema: z.array(infoPiece),
        signal,
      }),
    staleTime: 0,
  });
  const statuses = useAttendanceChoices();
  const filterSpecs: readonly FilterSpec[] = [
    { param: 'dateFrom', label: 'fields.from', date: true, before: 'dateTo' },
    { param: 'dateTo', label: 'fields.to', date: true, after: 'dateFrom' },
    {
      param: 'attendence',
      label: 'fields.attendence',
      options: statuses.choices.map((choice) => ({
        value: String(choice.value),
        label: choice.label,
      })),
    },
    ...(['toPay', 'isPaid'] as const).map((param) => ({
      param,
      label: `fields.${param}` as const,
      options: CHOICES[param].map((choice: Choice) => ({
        value: String(choice.value),
        label: t(choice.label),
      })),
    })),
  ];
  /** A value in words; one the choices do not name reads as `fallback`. */
  const choiceText = (choices: readonly Choice[], value: number, fallback: Choice['label']) =>
    t(choices.find((choice) => choice.value === value)?.label ?? fallback);
  const attendance = (value: number) => statuses.choiceOf(value).label;
  const pays = (value: number) => choiceText(CHOICES.toPay, value, 'schedule.toPay.unset');
  const money = (amount: number) => formatMoney(amount, i18n.language);
  /** paid, part paid (what covers it of its charge), due once the lesson is past, else not paid */
  const paidText = (row: Event) => {
    if (row.isPaid) return t('schedule.paid');
    if (row.covered && row.amount)
      return t('students.partPaid', { covered: money(row.covered), amount: money(row.amount) });
    return row.date <= today() ? t('students.paidDue') : t('schedule.unpaid');
  };
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const filtered = searchText !== '' || Object.keys(activeFilters(filters)).length > 0;
  // Also each cell's label where a narrow card shows the rows as stacked fields.
  const headers = [
    t('fields.date'),
    t('fields.course'),
    t('fields.attendence'),
    t('fields.toPay'),
    t('fields.isPaid'),
    t('schedule.share'),
    t('fields.notes'),
    t('fields.homework'),
  ];

  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('students.lessons')}</h2>
      {info.data && <InfoPieces pieces={info.data} label={t('students.lessonFigures')} />}
      <div className={styles.search}>
        <LabelledInput
          label={t('header.search')}
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
      </div>
      <FilterBar filters={filterSpecs} values={filters} onChange={setFilters} />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <p className={styles.error}>
          {t('students.lessonsError')}{' '}
          <button type="button" className={styles.retry} onClick={() => void list.refetch()}>
            {t('messages.retry')}
          </button>
        </p>
      ) : list.data.items.length === 0 ? (
        <p className={styles.muted}>
          {filtered ? t('messages.emptyList') : t('students.lessonsEmpty')}
        </p>
      ) : (
        <ScrollingTable
          label={t('students.lessons')}
          caption={t('students.lessonsCount', {
            shown: list.data.items.length,
            count: list.data.total ?? list.data.items.length,
          })}
          headers={headers}
          classes={styles}
        >
          {list.data.items.map((row) => (
            <tr key={row.id} className={toneOf(row)}>
              <th scope="row" data-label={headers[0]}>
                <span>
                  {day.format(new Date(`${row.date}T00:00:00Z`))}{' '}
                  <span className={styles.time}>
                    {row.start}–{row.end}
                  </span>
                </span>
              </th>
              <td data-label={headers[1]}>{row.lessonCourse || t('schedule.lesson')}</td>
              <td data-label={headers[2]}>{attendance(row.attendence)}</td>
              <td data-label={headers[3]}>{pays(row.toPay)}</td>
              <td data-label={headers[4]}>{paidText(row)}</td>
              <td data-label={headers[5]} className={styles.number}>
                {formatMoney(row.amount, i18n.language)}
              </td>
              <td data-label={headers[6]} className={styles.freeText}>
                {row.notes}
              </td>
              <td data-label={headers[7]} className={styles.freeText}>
                {row.homework}
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
    </section>
  );
}
