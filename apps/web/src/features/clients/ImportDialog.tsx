import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { Modal } from '../../components/Modal';
import { ImportFlow } from './ImportFlow';

/** The toolbar's import button and its dialog; each opening starts from a fresh file choice. */
export function ImportDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('clients.import.open');
  return (
    <>
      <button
        type="button"
        className={controls.iconButton}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Upload size={16} aria-hidden="true" />
      </button>
      <Modal open={open} title={t('clients.import.title')} onClose={() => setOpen(false)}>
        <ImportFlow />
      </Modal>
    </>
  );
}
