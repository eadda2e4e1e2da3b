import { client, clientWrite, type Client } from '@school/contract/clients';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailForm, type ReadOnlyField } from '../../components/detail/DetailForm';
import { ENTITY_QUERY_KEY, useEntity } from '../../components/detail/useEntity';
import { HistorySection } from '../../components/history/HistorySection';
import { RecordScreen } from '../../components/detail/RecordScreen';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { clientValues, DETAIL_FIELDS } from './clientFields';
import { ClientStudent } from './ClientStudent';
import { CLIENTS_PATH, clientName } from './clientsApi';
import styles from './Clients.module.css';

const EDIT = { schema: clientWrite, fields: DETAIL_FIELDS, toValues: clientValues(DETAIL_FIELDS) };

/** The fields the server keeps (codes, time stamps, the bot's device): read, not edited. */
function useReadOnly(): (row: Client) => ReadOnlyField[] {
  const { i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : '');
  return (row) => [
    { key: 'hashCode', label: 'fields.hashCode', value: row.hashCode },
    { key: 'lastActivity', label: 'fields.lastActivity', value: when(row.lastActivity) },
    { key: 'device', label: 'fields.device', value: row.device },
    { key: 'stageChangedAt', label: 'fields.stageChangedAt', value: when(row.stageChangedAt) },
    { key: 'createdAt', label: 'fields.createdAt', value: when(row.createdAt) },
  ];
}

/** /clients/{id} (docs/screens.md): one client's every field, saved with PUT. */
export function ClientDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(CLIENTS_PATH, id, client);
  const readOnly = useReadOnly();

  return (
    <RecordScreen
      entity={entity}
      title={t('titles.client')}
      name={clientName}
      list={{ to: '/clients', back: t('clients.back'), toList: t('clients.toList') }}
      notFound={t('clients.notFound')}
    >
      {(row) => (
        <>
          <ClientStudent clientId={row.id} />
          <DetailForm
            path={CLIENTS_PATH}
            row={row}
            label={t('clients.form')}
            config={EDIT}
            readOnly={readOnly(row)}
          />
          {/* under the record's key: a save refreshes an open history too */}
          <HistorySection
            entity="clients"
            id={row.id}
            scope={[ENTITY_QUERY_KEY, CLIENTS_PATH, row.id]}
            className={styles.history}
          />
        </>
      )}
    </RecordScreen>
  );
}
