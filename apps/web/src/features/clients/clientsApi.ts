import { client, type Client } from '@school/contract/clients';
import { api } from '@school/contract/paths';
import { z } from 'zod';
import type { Resource } from '../../components/list/types';

export const CLIENTS_PATH = api.clients;
/** The server writes the CSV itself: every matching row, with lookup names (not just a page). */
export const CLIENTS_CSV = api.clientsCsv;

/** How a client is named in titles and row actions: "Anna Nowak", else e-mail, phone or id. */
export function clientName(row: Pick<Client, 'id' | 'firstName' | 'lastName' | 'email' | 'tel'>) {
  const name = `${row.firstName} ${row.lastName}`.trim();
  return name || row.email || row.tel || `#${row.id}`;
}

export const clientsResource: Resource<Client> = {
  path: CLIENTS_PATH,
  list: z.array(client),
  rowLabel: clientName,
  recordName: (row, t) => t('records.client', { name: clientName(row) }),
};

/** What the row's copy action copies: the e-mail, else the phone, else nothing. */
export function copyValue(row: Client): string | null {
  return row.email || row.tel || null;
}
