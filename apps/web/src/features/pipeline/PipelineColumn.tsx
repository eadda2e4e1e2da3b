import type { Client, StageSummary } from '@school/contract/clients';
import type { Stage } from '@school/contract/lookups';
import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupName } from '../../components/lookups';
import { LoadingState } from '../../components/LoadingState';
import { columnDropId, type ColumnDropData } from './boardDnd';
import type { ProductName } from './CardContent';
import { ClientCard } from './ClientCard';
import { useColumnClients } from './pipelineApi';
import { formatMoney } from '../../lib/format';
import styles from './Pipeline.module.css';

/** A first guess of a card's height; each card is measured once it is on screen. */
const CARD_ESTIMATE = 132;
const CARD_GAP = 8;
/** Ask for the next page this many cards before the loaded ones run out. */
const LOAD_AHEAD = 15;

/** A card that should take the focus once it shows in the given column (it was just moved). */
export interface FocusTarget {
  clientId: number;
  stageId: number;
}

interface PipelineColumnProps {
  stage: Stage;
  index: number;
  stages: readonly Stage[];
  summary: StageSummary | undefined;
  search: string;
  now: number;
  productName: ProductName;
  focusTarget: FocusTarget | null;
  onFocused: () => void;
  onMove: (client: Client, from: Stage, to: Stage) => void;
}

/**
 * One stage of the board (docs/clients.md, Pipeline): its header figures come from /bystage, its cards
 * are read page by page and only those in view are rendered, so 10 000 clients stay responsive.
 */
export function PipelineColumn({
  stage,
  index,
  stages,
  summary,
  search,
  now,
  productName,
  focusTarget,
  onFocused,
  onMove,
}: PipelineColumnProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const dropData: ColumnDropData = { stageId: stage.id, stageName: lookupName(stage, t), index };
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(stage.id), data: dropData });
  const query = useColumnClients(stage.id, search);
  const clients = useMemo(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: clients.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (position) => clients[position]?.id ?? position,
    gap: CARD_GAP,
    overscan: 4,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();

  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= clients.length - LOAD_AHEAD) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, clients.length]);

  // A card just moved here is brought into view, so it can take the focus (ClientCard).
  const focusClientId = focusTarget?.stageId === stage.id ? focusTarget.clientId : null;
  const focusIndex = clients.findIndex((client) => client.id === focusClientId);
  useEffect(() => {
    if (focusIndex >= 0) virtualizer.scrollToIndex(focusIndex);
  }, [focusIndex, virtualizer]);

  const total = summary?.count ?? clients.length;
  const colour = { '--stage-color': stage.color } as CSSProperties;

  let body;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError && clients.length === 0) {
    body = (
      <div className={styles.columnMessage}>
        <p>{t('pipeline.columnError')}</p>
        <button type="button" className={styles.textButton} onClick={() => void query.refetch()}>
          {t('messages.retry')}
        </button>
      </div>
    );
  } else if (clients.length === 0) {
    body = <p className={styles.columnMessage}>{t('messages.emptyList')}</p>;
  } else {
    body = (
      <ul className={styles.cards} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const client = clients[item.index];
          if (!client) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.slot}
              style={{ transform: `translateY(${item.start}px)` }}
              aria-setsize={total}
              aria-posinset={item.index + 1}
            >
              <ClientCard
                client={client}
                stage={stage}
                stages={stages}
                now={now}
                productName={productName}
                takeFocus={client.id === focusClientId}
                onFocused={onFocused}
                onMove={(moved, to) => onMove(moved, stage, to)}
              />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section
      ref={setNodeRef}
      className={styles.column}
      style={colour}
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      data-over={isOver || undefined}
    >
      <header className={styles.columnHeader}>
        <h2 id={headingId} className={styles.columnTitle}>
          <span className={styles.swatch} aria-hidden="true" />
          {lookupName(stage, t)}
        </h2>
        {summary && (
          <dl className={styles.figures}>
            <div>
              <dt className="visually-hidden">{t('pipeline.clientsLabel')}</dt>
              <dd>{t('pipeline.clientCount', { count: summary.count })}</dd>
            </div>
            <div>
              <dt className="visually-hidden">{t('pipeline.sumLabel')}</dt>
              <dd className={styles.sum}>{formatMoney(summary.sum, i18n.language)}</dd>
            </div>
          </dl>
        )}
      </header>
      <div ref={scrollRef} className={styles.scroller}>
        {body}
        {isFetchingNextPage && <LoadingState />}
      </div>
    </section>
  );
}
