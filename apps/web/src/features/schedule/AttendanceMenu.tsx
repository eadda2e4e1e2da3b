import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttendanceChoice } from '../../components/attendance';
import styles from './Participants.module.css';

/** Whether a status charges the student, in words beside the choice (docs/money.md); nothing until known. */
export function ChargeHint({ choice, id }: { choice: AttendanceChoice; id?: string }) {
  const { t } = useTranslation();
  if (choice.charge === null) return null;
  return (
    <span id={id} className={styles.chargeHint} data-charged={choice.charge}>
      {t(choice.charge ? 'schedule.marks.charged' : 'schedule.marks.notCharged')}
    </span>
  );
}

interface AttendanceMenuProps {
  id: string;
  /** the menu's name ("Other statuses of Anna Kowal") */
  label: string;
  /** the button that opened it: the focus goes back there when it closes */
  buttonId: string;
  choices: readonly AttendanceChoice[];
  value: number;
  onChoose: (value: number) => void;
  onClose: () => void;
}

/**
 * The other attendance statuses of a phone card (WAI-ARIA menu button): a menu of radio items,
 * the chosen one checked, each saying whether it charges. The focus starts on the chosen item
 * (else the first); arrows, Home and End move it, Enter or Space chooses, Escape closes and
 * Tab leaves; a press outside closes it.
 */
export function AttendanceMenu({
  id,
  label,
  buttonId,
  choices,
  value,
  onChoose,
  onClose,
}: AttendanceMenuProps) {
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
  ];

  useEffect(() => {
    const all = items();
    (all.find((item) => item.getAttribute('aria-checked') === 'true') ?? all[0])?.focus();
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (menu.current?.contains(target) || document.getElementById(buttonId)?.contains(target)) {
        return;
      }
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [buttonId, onClose]);

  const closeToButton = () => {
    onClose();
    document.getElementById(buttonId)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = ((moves[event.key] ?? 0) + all.length) % all.length;
      all[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeToButton();
    } else if (event.key === 'Tab') {
      onClose();
    }
  };

  return (
    <ul
      id={id}
      ref={menu}
      role="menu"
      aria-label={label}
      className={styles.menu}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice) => {
        const choose = () => {
          onChoose(choice.value);
          document.getElementById(buttonId)?.focus();
        };
        return (
          <li
            key={choice.value}
            role="menuitemradio"
            aria-checked={choice.value === value}
            tabIndex={-1}
            className={styles.menuItem}
            onClick={choose}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                choose();
              }
            }}
          >
            <span>{choice.label}</span>
            <ChargeHint choice={choice} />
          </li>
        );
      })}
    </ul>
  );
}
