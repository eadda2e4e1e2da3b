import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';
import styles from './Modal.module.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** alertdialog for a question that interrupts the work (a delete confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** wide: for a dialog holding a form and a table (a lesson with its participants) */
  size?: 'normal' | 'wide';
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> (showModal makes the page behind it inert). Escape
 * closes it and focus goes back to the control that opened it. Where showModal is missing
 * (old browsers, jsdom) the same keyboard behaviour is kept by hand.
 */
export function Modal({ open, title, onClose, role, size = 'normal', children }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return undefined;
    const opener = document.activeElement;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // The first field, not the close button: the user opened the dialog to work in it.
    (bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog)?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.closest('[hidden]'),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${size === 'wide' ? styles.wide : ''}`}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: let React state close it, so state and the element never disagree.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      {open && (
        <>
          <div className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <IconButton label={t('modal.close')} icon={X} iconSize={18} onClick={onClose} />
          </div>
          <div ref={bodyRef} className={styles.body}>
            {children}
          </div>
        </>
      )}
    </dialog>
  );
}
