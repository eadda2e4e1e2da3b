import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TFunction } from 'i18next';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { GAME_KINDS, type SetCard } from './gamesApi';
import styles from './Games.module.css';

interface Props {
  rows: SetCard[];
  /** Moves the game at `from` to place `to` (both from 0); `by` says what keeps the focus. */
  onMove: (from: number, to: number, by: 'drag' | 'button') => void;
  onRemove: (card: SetCard) => void;
}

/**
 * A set's games in play order: each moves by dragging its handle (pointer, or Space and the
 * arrow keys on the focused handle) or by its up and down buttons.
 */
export function SetOrderList({ rows, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useMemo(
    () => ({
      announcements: orderAnnouncements(t, rows),
      screenReaderInstructions: { draggable: t('games.dnd.instructions') },
    }),
    [t, rows],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.id === active.id);
    const to = rows.findIndex((r) => r.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to, 'drag');
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
        <ol className={styles.setList}>
          {rows.map((card, index) => (
            <SetOrderItem
              key={card.id}
              card={card}
              index={index}
              last={index === rows.length - 1}
              onMove={onMove}
              onRemove={onRemove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SetOrderItem({
  card,
  index,
  last,
  onMove,
  onRemove,
}: {
  card: SetCard;
  index: number;
  last: boolean;
  onMove: Props['onMove'];
  onRemove: Props['onRemove'];
}) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: card.id });
  const kind = GAME_KINDS[card.type as 1 | 2 | 3 | 4];
  return (
    <li
      ref={setNodeRef}
      className={`${styles.setItem}${isDragging ? ` ${styles.dragging}` : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        data-handle={card.id}
        className={styles.handle}
        {...attributes}
        {...listeners}
        label={t('games.dragGame', { name: card.name })}
        icon={GripVertical}
      />
      <span className={styles.position}>{index + 1}</span>
      <span className={styles.setName}>
        {card.name}
        {kind && <span className={styles.muted}> · {t(kind.title)}</span>}
      </span>
      <IconButton
        data-card={card.id}
        data-dir={-1}
        label={t('games.moveUp', { name: card.name })}
        icon={ArrowUp}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1, 'button')}
      />
      <IconButton
        data-card={card.id}
        data-dir={1}
        label={t('games.moveDown', { name: card.name })}
        icon={ArrowDown}
        disabled={last}
        onClick={() => onMove(index, index + 1, 'button')}
      />
      <IconButton
        label={t('games.removeFromSet', { name: card.name })}
        icon={Trash2}
        variant="danger"
        onClick={() => onRemove(card)}
      />
    </li>
  );
}

/** What a screen reader hears while a game is carried: its name and the place it is over. */
function orderAnnouncements(t: TFunction, rows: readonly SetCard[]): Announcements {
  const name = (id: UniqueIdentifier) => rows.find((r) => r.id === id)?.name ?? '';
  const place = (id: UniqueIdentifier | undefined) => rows.findIndex((r) => r.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      t('games.dnd.picked', { name: name(active.id), position: place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('games.dnd.over', { name: name(active.id), position: place(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('games.moved', { name: name(active.id), position: place(over.id) })
        : t('games.dnd.cancelled', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('games.dnd.cancelled', { name: name(active.id) }),
  };
}
