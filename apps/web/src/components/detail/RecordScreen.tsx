import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HeaderBlock } from '../HeaderBlock';
import { EntityDetail } from './EntityDetail';
import { BackLink, RecordNotFound } from './RecordLinks';

interface RecordScreenProps<R> {
  /** The record's query (useEntity). */
  entity: UseQueryResult<R>;
  title: string;
  /** The record's name beside the title, once it has loaded. */
  name?: (row: R) => string;
  /** The list the record belongs to: the link back and the way out of a missing record. */
  list: { to: string; back: string; toList: string };
  /** What a missing record says. */
  notFound: string;
  children: (row: R) => ReactNode;
}

/** A record's screen: its title and name, the link back to its list, then its states. */
export function RecordScreen<R>({
  entity,
  title,
  name,
  list,
  notFound,
  children,
}: RecordScreenProps<R>) {
  const subtitle = entity.data !== undefined && name ? name(entity.data) : undefined;
  return (
    <>
      <HeaderBlock title={title} subtitle={subtitle} />
      <BackLink to={list.to}>{list.back}</BackLink>
      <EntityDetail
        entity={entity}
        notFound={<RecordNotFound message={notFound} to={list.to} linkLabel={list.toList} />}
      >
        {children}
      </EntityDetail>
    </>
  );
}
