import { api } from '@school/contract/paths';
import { student, studentUpdate, type Student } from '@school/contract/students';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, FileText, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import controls from '../../components/controls.module.css';
import { DetailForm, type ReadOnlyField } from '../../components/detail/DetailForm';
import { ENTITY_QUERY_KEY, useEntity } from '../../components/detail/useEntity';
import { HistorySection } from '../../components/history/HistorySection';
import { askConfirm } from '../../components/feedback/confirm';
import { showNotice } from '../../components/feedback/notices';
import { RecordScreen } from '../../components/detail/RecordScreen';
import layout from '../../components/layout.module.css';
import { LinkActions } from '../../components/LinkActions';
import { QrDialog } from '../../components/QrDialog';
import { invalidateResource } from '../../components/list/useInfiniteList';
import { useCopy } from '../../components/list/useRowActions';
import { useBotStatus } from '../../components/useBotStatus';
import { mayOpen } from '../../lib/access';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DETAIL_FIELDS, LINK_FIELDS } from './studentFields';
import { deepLinkCopy, renewHashCode, STUDENTS_PATH, studentName } from './studentsApi';
import styles from './Students.module.css';
import { Account } from './Account';
import { ConversationRuns } from './ConversationRuns';
import { Participations } from './Participations';
import { StudentGames } from './StudentGames';
import { Timeline } from './Timeline';

const EDIT = { schema: studentUpdate, fields: DETAIL_FIELDS };

const isUrl = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

/** /students/{id} (docs/screens.md): the learner's fields, links, bot link and timeline. */
export function StudentDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(STUDENTS_PATH, id, student);

  return (
    <RecordScreen
      entity={entity}
      title={t('titles.student')}
      name={studentName}
      list={{ to: '/students', back: t('students.back'), toList: t('students.toList') }}
      notFound={t('students.notFound')}
    >
      {(row) => <StudentPage row={row} />}
    </RecordScreen>
  );
}

function StudentPage({ row }: { row: Student }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  // a link shows only to a role that may open its screen (docs/roles.md)
  const mayGo = (path: string) => session.isLoggedIn && mayOpen(session.role, path);
  const readOnly: ReadOnlyField[] = [
    { key: 'hashCode', label: 'fields.hashCode', value: row.hashCode },
    {
      key: 'createdAt',
      label: 'fields.createdAt',
      value: formatDateTime(row.createdAt, i18n.language, timeZone),
    },
  ];
  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <DetailForm
          path={STUDENTS_PATH}
          row={row}
          label={t('students.form')}
          config={EDIT}
          readOnly={readOnly}
        />
        <HistorySection
          entity="students"
          id={row.id}
          scope={[ENTITY_QUERY_KEY, STUDENTS_PATH, row.id]}
        />
      </div>
      <aside className={styles.side}>
        <BotLink row={row} />
        <PageLink row={row} />
        <section className={`${controls.card} ${styles.section}`} aria-labelledby="student-links">
          <h2 id="student-links">{t('students.links')}</h2>
          <Links row={row} />
          {mayGo('/cardocuments') && (
            <Link className={styles.sideLink} to={`/cardocuments/bycar/${row.id}`}>
              <FileText size={16} aria-hidden="true" />
              {t('students.openDocuments')}
            </Link>
          )}
          {row.client !== null && mayGo('/clients') && (
            <Link className={styles.sideLink} to={`/clients/${row.client}`}>
              {t('students.openClient')}
            </Link>
          )}
        </section>
        <Timeline studentId={row.id} />
        <ConversationRuns studentId={row.id} />
        <StudentGames student={row} />
      </aside>
      {/* the widest table of the page gets the page's whole width */}
      <div className={styles.wide}>
        <Account studentId={row.id} studentName={studentName(row)} />
        <Participations studentId={row.id} />
      </div>
    </div>
  );
}

/** The links a student's fields hold, each opened in a new tab. */
function Links({ row }: { row: Student }) {
  const { t } = useTranslation();
  const links = LINK_FIELDS.filter((name) => isUrl(row[name]));
  if (links.length === 0) return <p className={styles.muted}>{t('students.noLinks')}</p>;
  return (
    <ul className={styles.links}>
      {links.map((name) => (
        <li key={name}>
          <a href={row[name].trim()} target="_blank" rel="noopener noreferrer">
            {t(`fields.${name}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The bot's deep link: copied, or made anew while a bot runs (the old one and the learner's page
 * link then stop working: docs/learner-page.md). Without a bot there is no new link to make.
 */
function BotLink({ row }: { row: Student }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const [busy, setBusy] = useState(false);
  const botOn = useBotStatus().data?.enabled === true;

  const renew = async () => {
    const yes = await askConfirm({
      title: t('students.newLinkTitle'),
      message: t('students.newLinkMessage'),
      confirmLabel: t('students.newLinkConfirm'),
    });
    if (!yes) return;
    setBusy(true);
    try {
      const renewed = await renewHashCode(row.id);
      queryClient.setQueryData([ENTITY_QUERY_KEY, STUDENTS_PATH, row.id], renewed);
      invalidateResource(queryClient, api.students);
      showNotice({ text: t('students.newLinkDone') });
    } catch {
      showNotice({ text: t('messages.error'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const link = deepLinkCopy(row);
  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby="student-bot-link">
      <h2 id="student-bot-link">{t('fields.deepLink')}</h2>
      <p className={styles.deepLink}>{link ?? t('students.botNotConfigured')}</p>
      {botOn && (
        <p id="student-new-link-note" className={styles.linkNote}>
          {t('students.newLinkNote')}
        </p>
      )}
      <LinkActions
        copyLabel={t('students.copyLink')}
        renewLabel={t('students.newLink')}
        // no bot username, no link: nothing to copy (the line above says why)
        onCopy={link === null ? undefined : () => void copy(link)}
        // no bot, no new bot link: it would only end the learner's page link
        onRenew={botOn ? () => void renew() : undefined}
        renewDescribedBy="student-new-link-note"
        renewing={busy}
      />
    </section>
  );
}

/** The whole address of the learner's page: the server answers a path when the player is its own. */
const pageLinkOf = (row: Student) => new URL(row.pageLink, window.location.origin).href;

/**
 * The learner's own page (docs/learner-page.md): its link to copy, to open, or to show as a QR
 * code on the classroom screen. A new bot link, made while a bot runs, makes a new page link too.
 */
function PageLink({ row }: { row: Student }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const [qr, setQr] = useState(false);
  const botOn = useBotStatus().data?.enabled === true;
  const link = pageLinkOf(row);
  const name = t('students.pageOf', { name: studentName(row) });
  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby="student-page-link">
      <h2 id="student-page-link">{t('students.page')}</h2>
      <p className={styles.deepLink}>{link}</p>
      <div className={layout.buttonRow}>
        <button type="button" className={controls.secondaryButton} onClick={() => void copy(link)}>
          <Copy size={16} aria-hidden="true" />
          {t('students.copyPageLink')}
        </button>
        <button type="button" className={controls.secondaryButton} onClick={() => setQr(true)}>
          <QrCode size={16} aria-hidden="true" />
          {t('students.showPageQr')}
        </button>
        <a
          className={controls.secondaryButton}
          href={link}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ExternalLink size={16} aria-hidden="true" />
          {t('students.openPage')}
        </a>
      </div>
      <p className={styles.muted}>
        {botOn ? `${t('students.pageHint')} ${t('students.pageHintBot')}` : t('students.pageHint')}
      </p>
      {qr && <QrDialog name={name} link={link} onClose={() => setQr(false)} />}
    </section>
  );
}
