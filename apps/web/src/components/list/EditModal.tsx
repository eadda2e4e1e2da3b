import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { showNotice } from '../feedback/notices';
import { Modal } from '../Modal';
import { RowEditForm } from './RowEditForm';
import { invalidateResource } from './useInfiniteList';
import type { EditConfig, Row } from './types';
import styles from './EditModal.module.css';

/** Edit modal (docs/interface.md, Edit dialog): closed, editing a row, or in one of the row's menu actions. */
export type EditModalState<R> =
  { mode: 'none' } | { mode: 'edit'; row: R } | { mode: 'menu'; row: R; action: string };

interface EditModalProps<R extends Row> {
  path: string;
  title: string;
  config: EditConfig<R>;
  state: EditModalState<R>;
  onStateChange: (state: EditModalState<R>) => void;
}

export function EditModal<R extends Row>({
  path,
  title,
  config,
  state,
  onStateChange,
}: EditModalProps<R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const close = () => onStateChange({ mode: 'none' });

  if (state.mode === 'none') return <Modal open={false} title={title} onClose={close} />;

  const { row } = state;
  const menu = (config.menu ?? []).filter((action) => action.available?.(row) ?? true);
  const action = state.mode === 'menu' ? menu.find((item) => item.key === state.action) : undefined;
  const back = () => onStateChange({ mode: 'edit', row });

  return (
    <Modal open title={action ? action.label : title} onClose={close}>
      {action ? (
        <>
          <button type="button" className={styles.back} onClick={back}>
            <ArrowLeft size={16} aria-hidden="true" />
            {t('modal.back')}
          </button>
          {action.render(row, back)}
        </>
      ) : (
        <>
          <RowEditForm
            path={path}
            row={row}
            label={title}
            config={config}
            submitLabel={t('form.saveChanges')}
            onSaved={() => {
              invalidateResource(queryClient, path);
              // The modal closes at once; the same words as the done panel, in the notices.
              showNotice({ text: t('messages.success') });
              close();
            }}
            onDoneOk={close}
          />
          {menu.length > 0 && (
            <div className={styles.menu} role="group" aria-label={t('modal.more')}>
              {menu.map((item) => (
                <button
                  key={item.key}
                  type="button"
                  className={controls.secondaryButton}
                  onClick={() => onStateChange({ mode: 'menu', row, action: item.key })}
                >
                  {item.label}
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
