import { api } from '@school/contract/paths';
import { lessonInput } from '@school/contract/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Repeat } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import controls from '../../components/controls.module.css';
import { parseId } from '../../components/detail/useEntity';
import { IconButton } from '../../components/IconButton';
import { EntityForm } from '../../components/form/EntityForm';
import { HeaderBlock } from '../../components/HeaderBlock';
import { InfoPieces } from '../../components/InfoPieces';
import { FilterBar, type FilterSpec } from '../../components/list/FilterBar';
import { LoadingState } from '../../components/LoadingState';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { CREATE_FIELDS, createDefaults, cycledCreateFields, withoutTeacher } from './lessonFields';
import { rightOf } from '@school/contract/roles';
import { useSession } from '../../lib/session';
import { LessonModal } from './LessonModal';
import { ScheduleBoard } from './ScheduleBoard';
import {
  createLesson,
  refreshSchedule,
  useInfoPanel,
  useSchedule,
  type ScheduleParams,
} from './scheduleApi';
import { useClashCheck } from './useClashCheck';
import { useMoveLesson } from './useMoveLesson';
import styles from './Schedule.module.css';

/** Typing pauses this long before the board asks the server again. */
const SEARCH_DELAY_MS = 300;

const NO_FILTERS = { dateFrom: '', dateTo: '', teacher: '', groupe: '' };

/** The filter panel: a range of days instead of the week, a teacher, a group. */
const SCHEDULE_FILTERS: readonly FilterSpec[] = [
  { param: 'dateFrom', label: 'fields.from', date: true, before: 'dateTo' },
  { param: 'dateTo', label: 'fields.to', date: true, after: 'dateFrom' },
  { param: 'teacher', label: 'fields.teacher', lookup: api.lookup('users') },
  { param: 'groupe', label: 'fields.groupe', lookup: api.lookup('groups') },
];

/** /schedule: the school's week, a column per day (docs/screens.md, Schedule; docs/schedule.md). */
export function ScheduleScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [bias, setBias] = useState(0);
  const [cycled, setCycled] = useState(false);
  const [filters, setFilters] = useState(NO_FILTERS);
  // /schedule?lesson={id} (a link from the record history) opens that lesson's dialog
  const [searchParams, setSearchParams] = useSearchParams();
  const [openLesson, setOpenLesson] = useState<number | null>(() =>
    parseId(searchParams.get('lesson') ?? undefined),
  );
  const closeLesson = () => {
    setOpenLesson(null);
    if (searchParams.has('lesson')) setSearchParams({}, { replace: true });
  };
  const params: ScheduleParams = { cycled, bias, search, ...filters };
  const days = useSchedule(params);
  const info = useInfoPanel(params);
  const withClashCheck = useClashCheck();
  const moveLesson = useMoveLesson();
  const rangeMode = !cycled && (filters.dateFrom !== '' || filters.dateTo !== '');
  const filterActive = Object.values(filters).some((value) => value !== '');

  const weekday = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }),
    [i18n.language],
  );
  const shortDate = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }),
    [i18n.language],
  );
  const dayName = (date: string) => weekday.format(new Date(`${date}T00:00:00Z`));
  const dateText = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

  const { session } = useSession();
  // docs/roles.md, Lessons: a teacher's new lesson is their own, no teacher to choose
  const ownLessonsOnly =
    session.isLoggedIn && rightOf(session.role, 'lessons', 'create').reach === 'own';
  // the weekday names follow the language (weekday) and the template's dates
  const createFields = useMemo(() => {
    const fields = cycled
      ? cycledCreateFields(
          (days.data ?? []).map((day) => ({
            value: day.date,
            label: weekday.format(new Date(`${day.date}T00:00:00Z`)),
          })),
        )
      : CREATE_FIELDS;
    return ownLessonsOnly ? withoutTeacher(fields) : fields;
  }, [cycled, days.data, weekday, ownLessonsOnly]);

  const first = days.data?.[0]?.date;
  const last = days.data?.at(-1)?.date;
  const period = first && last ? `${dateText(first)} – ${dateText(last)}` : '';

  const filterControls = (
    <FilterBar
      filters={SCHEDULE_FILTERS}
      values={filters}
      onChange={(values) => setFilters({ ...NO_FILTERS, ...values })}
    />
  );

  let board;
  if (days.isPending) board = <LoadingState />;
  else if (days.isError) {
    board = (
      <div className={styles.message} role="alert">
        <p>{t('schedule.loadError')}</p>
        <button
          type="button"
          className={controls.secondaryButton}
          onClick={() => void days.refetch()}
        >
          {t('messages.retry')}
        </button>
      </div>
    );
  } else {
    board = (
      <ScheduleBoard
        days={days.data}
        cycled={cycled}
        dayName={dayName}
        dateText={dateText}
        onOpen={setOpenLesson}
        onMove={(lesson, date) => moveLesson(lesson, date, dateText(date))}
      />
    );
  }

  return (
    <>
      <HeaderBlock
        title={t('titles.schedule')}
        onSearchChange={setSearchText}
        filters={filterControls}
        filterActive={filterActive}
      >
        <EntityForm
          key={cycled ? 'cycled' : 'week'}
          mode="create"
          schema={lessonInput}
          fields={createFields}
          defaultValues={createDefaults(createFields, cycled)}
          submitLabel={t('schedule.create')}
          label={t('schedule.newLesson')}
          onSubmit={(body) =>
            withClashCheck((force) => createLesson(force ? { ...body, force } : body))
          }
          onSaved={() => void refreshSchedule(queryClient)}
        />
      </HeaderBlock>
      <div className={styles.toolbar}>
        {info.data && <InfoPieces pieces={info.data} label={t('schedule.infoLabel')} />}
        <div className={styles.navigation}>
          {!cycled && !rangeMode && (
            <div className={styles.week} role="group" aria-label={t('schedule.weekNav')}>
              <IconButton
                label={t('schedule.previousWeek')}
                icon={ChevronLeft}
                iconSize={18}
                onClick={() => setBias((b) => b - 1)}
              />
              <button
                type="button"
                className={controls.secondaryButton}
                aria-pressed={bias === 0}
                onClick={() => setBias(0)}
              >
                {t('schedule.thisWeek')}
              </button>
              <IconButton
                label={t('schedule.nextWeek')}
                icon={ChevronRight}
                iconSize={18}
                onClick={() => setBias((b) => b + 1)}
              />
            </div>
          )}
          {!cycled && (
            <p className={styles.period} aria-live="polite">
              {period}
            </p>
          )}
          <button
            type="button"
            className={`${controls.secondaryButton} ${styles.cycledToggle}`}
            aria-pressed={cycled}
            onClick={() => setCycled((c) => !c)}
          >
            <Repeat size={16} aria-hidden="true" />
            {t('schedule.cycledLessons')}
          </button>
        </div>
      </div>
      {board}
      {openLesson !== null && (
        <LessonModal id={openLesson} dateText={dateText} onClose={closeLesson} />
      )}
    </>
  );
}
