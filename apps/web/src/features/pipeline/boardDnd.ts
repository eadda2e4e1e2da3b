import type { Client } from '@school/contract/clients';
import {
  pointerWithin,
  rectIntersection,
  type Active,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type Over,
} from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { fullName } from './pipelineFormat';

/** What a dragged card carries. */
export interface CardDragData {
  client: Client;
  stageId: number;
  stageName: string;
}

/** What a column (a drop target) carries; `index` is its place on the board. */
export interface ColumnDropData {
  stageId: number;
  stageName: string;
  index: number;
}

export const cardDragId = (clientId: number) => `client-${clientId}`;
export const columnDropId = (stageId: number) => `stage-${stageId}`;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

export function cardData(active: Pick<Active, 'data'> | null): CardDragData | null {
  const data = record(active?.data.current);
  const client = record(data?.client);
  if (!data || !client || typeof data.stageId !== 'number') return null;
  return data as unknown as CardDragData;
}

export function columnData(over: Pick<Over, 'data'> | null): ColumnDropData | null {
  const data = record(over?.data.current);
  if (!data || typeof data.stageId !== 'number' || typeof data.index !== 'number') return null;
  return data as unknown as ColumnDropData;
}

/** The pointer decides where a card lands; the keyboard (no pointer) uses the card's rectangle. */
export const boardCollisions: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/**
 * Left and right arrows carry a picked-up card to the previous or next column in one step (the
 * default moves 25 px a press). Up and down keep it where it is: columns are full height.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') return currentCoordinates;
  const { active, collisionRect, droppableContainers, droppableRects, over } = context;
  if (step === 0 || !active || !collisionRect) return undefined;

  const columns = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const data = columnData(container);
      return data ? [{ id: container.id, index: data.index }] : [];
    })
    .sort((a, b) => a.index - b.index);
  const source = cardData(active);
  const currentId = over?.id ?? (source ? columnDropId(source.stageId) : null);
  const position = columns.findIndex((column) => column.id === currentId);
  const target = position < 0 ? undefined : columns[position + step];
  const rect = target ? droppableRects.get(target.id) : undefined;
  if (!rect) return currentCoordinates;

  const lowest = rect.top + Math.max(0, rect.height - collisionRect.height);
  return {
    x: rect.left + (rect.width - collisionRect.width) / 2,
    y: Math.min(Math.max(currentCoordinates.y, rect.top), lowest),
  };
};

/**
 * dnd-kit's live-region messages, in the user's language. A card starts over its own column;
 * that is not news, and announcing it would replace the "picked up" message before it is read.
 */
export function boardAnnouncements(t: TFunction): Announcements {
  let lastColumn: number | null = null;
  const describe = (active: Active, over: Over | null) => {
    const card = cardData(active);
    const column = columnData(over);
    return {
      name: card ? fullName(card.client) : '',
      from: card?.stageName ?? '',
      stage: column?.stageName ?? '',
      column,
      sameColumn: column !== null && column.stageId === card?.stageId,
    };
  };
  return {
    onDragStart: ({ active }) => {
      const { name, from } = describe(active, null);
      lastColumn = cardData(active)?.stageId ?? null;
      return t('pipeline.dnd.pickedUp', { name, stage: from });
    },
    onDragOver: ({ active, over }) => {
      const { name, stage, column } = describe(active, over);
      const overColumn = column?.stageId ?? null;
      if (overColumn === lastColumn) return undefined;
      lastColumn = overColumn;
      return column ? t('pipeline.dnd.over', { name, stage }) : t('pipeline.dnd.notOver', { name });
    },
    onDragEnd: ({ active, over }) => {
      const { name, stage, from, column, sameColumn } = describe(active, over);
      if (!column || sameColumn) return t('pipeline.dnd.droppedBack', { name, stage: from });
      return t('pipeline.dnd.dropped', { name, stage });
    },
    onDragCancel: ({ active }) => {
      const { name, from } = describe(active, null);
      return t('pipeline.dnd.cancelled', { name, stage: from });
    },
  };
}
