import { clientCreate, clientWrite } from '@school/contract/clients';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../components/import/ImportDialog';
import { ListScreen } from '../../components/list/ListScreen';
import { CLIENT_FILTERS, clientValues, QUICK_FIELDS } from './clientFields';
import { CLIENTS_CSV, CLIENTS_PATH, clientsResource, copyValue } from './clientsApi';
import { useClientColumns } from './useClientColumns';

const toEditValues = clientValues(QUICK_FIELDS);

/** /clients (docs/screens.md): the CRM's client table with filters, CSV export and import. */
export function ClientsScreen() {
  const { t } = useTranslation();
  const columns = useClientColumns();
  return (
    <ListScreen
      title={t('titles.clients')}
      caption={t('titles.clients')}
      fileName="clients"
      resource={clientsResource}
      columns={columns}
      filters={CLIENT_FILTERS}
      serverExport={CLIENTS_CSV.export}
      tools={
        <ImportDialog
          paths={CLIENTS_CSV}
          listPath={CLIENTS_PATH}
          title={t('clients.import.title')}
          intro={t('clients.import.intro')}
        />
      }
      create={{ label: t('clients.newClient'), schema: clientCreate, fields: QUICK_FIELDS }}
      edit={{
        title: t('clients.editTitle'),
        schema: clientWrite,
        fields: QUICK_FIELDS,
        toValues: toEditValues,
      }}
      actions={{ delete: true, open: (row) => `/clients/${row.id}`, copy: copyValue }}
    />
  );
}
