import type { Client } from '@school/contract/clients';
import type { Stage } from '@school/contract/lookups';
import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupName } from '../../components/lookups';
import { useNavigate } from 'react-router';
import { fullName } from './pipelineFormat';
import styles from './Card.module.css';

interface CardMenuProps {
  id: string;
  client: Client;
  /** The stage of the column the card is in. */
  current: Stage;
  stages: readonly Stage[];
  /** The card around the menu: a press outside it closes the menu. */
  containerRef: RefObject<HTMLElement | null>;
  onMove: (to: Stage) => void;
  onClose: () => void;
}

/**
 * docs/screens.md: the card menu, a go-to-client button and a stage selector. A small non-modal dialog
 * (it holds a select, which a role="menu" may not): focus starts on its first control, Escape
 * (handled by the card) or a press outside closes it.
 */
export function CardMenu({
  id,
  client,
  current,
  stages,
  containerRef,
  onMove,
  onClose,
}: CardMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectId = useId();
  const firstControl = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    firstControl.current?.focus();
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [containerRef, onClose]);

  return (
    <div
      id={id}
      role="dialog"
      aria-label={t('pipeline.menu', { name: fullName(client) })}
      className={styles.menu}
    >
      <button
        ref={firstControl}
        type="button"
        className={styles.menuAction}
        onClick={() => void navigate(`/clients/${client.id}`)}
      >
        <ArrowRight size={16} aria-hidden="true" />
        {t('pipeline.goToClient')}
      </button>
      <label htmlFor={selectId} className={styles.menuLabel}>
        {t('pipeline.stage')}
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={current.id}
        onChange={(event) => {
          const target = stages.find((stage) => String(stage.id) === event.target.value);
          if (target && target.id !== current.id) onMove(target);
        }}
      >
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {lookupName(stage, t)}
          </option>
        ))}
      </select>
    </div>
  );
}
