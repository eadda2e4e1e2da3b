import type { SessionItem } from '@school/contract/auth';
import { Monitor, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardTable } from '../../components/CardSection';
import { IconButton } from '../../components/IconButton';
import { formatDateTime } from '../../lib/format';
import { deviceText } from './deviceText';
import styles from './SettingsScreen.module.css';
import card from '../../components/cardSection.module.css';

interface SessionsTableProps {
  sessions: readonly SessionItem[];
  /** The user's time zone (docs/data-model.md, Data in the browser); the browser's when unknown. */
  timeZone: string | undefined;
  deletingId: number | null;
  onDelete: (session: SessionItem) => void;
}

export function SessionsTable({ sessions, timeZone, deletingId, onDelete }: SessionsTableProps) {
  const { t, i18n } = useTranslation();
  const format = (iso: string) => formatDateTime(iso, i18n.language, timeZone);

  return (
    <CardTable
      headers={[
        t('settings.device'),
        t('settings.timezone'),
        t('settings.createdAt'),
        t('settings.lastActivity'),
      ]}
    >
      {sessions.map((session) => (
        <tr key={session.id} className={session.current ? styles.currentRow : undefined}>
          <td>
            <span className={styles.device}>
              <Monitor size={16} aria-hidden="true" />
              <span>{deviceText(t, session.device)}</span>
              {session.current && <span className={styles.badge}>{t('settings.current')}</span>}
            </span>
          </td>
          <td>{session.timezone}</td>
          <td className={card.time}>
            <time dateTime={session.createdAt}>{format(session.createdAt)}</time>
          </td>
          <td className={card.time}>
            <time dateTime={session.lastActivity}>{format(session.lastActivity)}</time>
          </td>
          <td className={card.actions}>
            <IconButton
              label={t('settings.delete')}
              icon={Trash2}
              variant="danger"
              disabled={deletingId === session.id}
              onClick={() => onDelete(session)}
            />
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
