import type { Client } from '@school/contract/clients';
import type { Stage } from '@school/contract/lookups';
import { useDraggable } from '@dnd-kit/core';
import { EllipsisVertical } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupName } from '../../components/lookups';
import { cardDragId, type CardDragData } from './boardDnd';
import { CardContent, type ProductName } from './CardContent';
import { CardMenu } from './CardMenu';
import { fullName } from './pipelineFormat';
import styles from './Card.module.css';

interface ClientCardProps {
  client: Client;
  /** The column the card is in. */
  stage: Stage;
  stages: readonly Stage[];
  now: number;
  productName: ProductName;
  /** The card should take focus when it appears (it was just moved here). */
  takeFocus: boolean;
  onFocused: () => void;
  onMove: (client: Client, to: Stage) => void;
}

/**
 * A client on the board. The card body is the drag handle: focusable, Space or Enter picks it
 * up (dnd-kit's keyboard sensor). The menu button sits beside it, not inside it, so no control
 * is nested in another.
 */
export function ClientCard({
  client,
  stage,
  stages,
  now,
  productName,
  takeFocus,
  onFocused,
  onMove,
}: ClientCardProps) {
  const { t } = useTranslation();
  const name = fullName(client);
  const data: CardDragData = { client, stageId: stage.id, stageName: lookupName(stage, t) };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(client.id),
    data,
  });
  const cardRef = useRef<HTMLDivElement | null>(null);
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    if (!takeFocus) return;
    bodyRef.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);

  return (
    <div
      ref={(element) => {
        setNodeRef(element);
        cardRef.current = element;
      }}
      className={styles.card}
      data-dragging={isDragging || undefined}
      // Catches Escape bubbling up from the card's menu; the wrapper itself is not a control.
      role="presentation"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        event.stopPropagation();
        setMenuOpen(false);
        menuButton.current?.focus();
      }}
    >
      <div
        ref={(element) => {
          setActivatorNodeRef(element);
          bodyRef.current = element;
        }}
        className={styles.cardBody}
        {...attributes}
        {...listeners}
        aria-roledescription={t('pipeline.dnd.roleDescription')}
      >
        <CardContent client={client} now={now} productName={productName} />
      </div>
      <button
        ref={menuButton}
        type="button"
        className={styles.menuButton}
        aria-label={t('pipeline.openMenu', { name })}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <EllipsisVertical size={18} aria-hidden="true" />
      </button>
      {menuOpen && (
        <CardMenu
          id={menuId}
          client={client}
          current={stage}
          stages={stages}
          containerRef={cardRef}
          onClose={closeMenu}
          onMove={(to) => {
            setMenuOpen(false);
            onMove(client, to);
          }}
        />
      )}
    </div>
  );
}
