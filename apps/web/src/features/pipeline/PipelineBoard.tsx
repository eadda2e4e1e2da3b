import type { Client, StageSummary } from '@school/contract/clients';
import type { Stage } from '@school/contract/lookups';
import { api } from '@school/contract/paths';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupName, useLookupNames } from '../../components/lookups';
import {
  boardAnnouncements,
  boardCollisions,
  cardData,
  columnData,
  columnKeyboardCoordinates,
  type CardDragData,
} from './boardDnd';
import { BoardEdges } from './BoardEdges';
import { CardContent } from './CardContent';
import { PipelineColumn, type FocusTarget } from './PipelineColumn';
import { useNow } from '../../lib/useNow';
import type { MoveRequest } from './useMoveClient';
import cardStyles from './Card.module.css';
import styles from './Pipeline.module.css';

/** A press becomes a drag only after the pointer travels this far, so clicks stay clicks. */
const DRAG_DISTANCE_PX = 6;

interface PipelineBoardProps {
  stages: readonly Stage[];
  summaries: readonly StageSummary[] | undefined;
  search: string;
  focusTarget: FocusTarget | null;
  onFocused: () => void;
  onMove: (request: MoveRequest) => void;
}

/** The columns side by side; cards move between them by drag and drop or the card menu. */
export function PipelineBoard({
  stages,
  summaries,
  search,
  focusTarget,
  onFocused,
  onMove,
}: PipelineBoardProps) {
  const { t } = useTranslation();
  const now = useNow();
  // a seeded product in the chosen language (docs/data-model.md, Lookups), read once for all cards
  const productName = useLookupNames(api.lookup('products'));
  const [dragged, setDragged] = useState<CardDragData | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
    // An instant scroll: a smooth one is cut short while the board re-renders, leaving the card
    // short of the next column when that column is off screen.
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      scrollBehavior: 'auto',
    }),
  );
  const accessibility = useMemo(
    () => ({
      announcements: boardAnnouncements(t),
      screenReaderInstructions: { draggable: t('pipeline.dnd.instructions') },
    }),
    [t],
  );

  const move = (client: Client, from: Stage, to: Stage) =>
    onMove({ client, from: from.id, to: to.id, toName: lookupName(to, t) });

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const card = cardData(active);
    const column = columnData(over);
    if (!card || !column || column.stageId === card.stageId) return;
    onMove({
      client: card.client,
      from: card.stageId,
      to: column.stageId,
      toName: column.stageName,
    });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisions}
      accessibility={accessibility}
      onDragStart={({ active }: DragStartEvent) => setDragged(cardData(active))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div className={styles.boardBox}>
        <div ref={boardRef} className={styles.board}>
          {stages.map((stage, index) => (
            <PipelineColumn
              key={stage.id}
              stage={stage}
              index={index}
              stages={stages}
              summary={summaries?.find((summary) => summary.id === stage.id)}
              search={search}
              now={now}
              productName={productName}
              focusTarget={focusTarget}
              onFocused={onFocused}
              onMove={move}
            />
          ))}
        </div>
        <BoardEdges board={boardRef} columns={stages.length} />
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className={cardStyles.overlayCard}>
            <CardContent client={dragged.client} now={now} productName={productName} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
