import { estimationGroupInput } from '@school/contract/bot';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { IconButton } from '../../components/IconButton';
import { askConfirm } from '../../components/feedback/confirm';
import { showNotice } from '../../components/feedback/notices';
import { EntityForm } from '../../components/form/EntityForm';
import { deleteFailureMessage } from '../../components/list/deleteFailure';
import { deleteGroup, saveGroup, type EstimationGroup } from './botApi';
import styles from './Bot.module.css';

/** Estimation groups (docs/data-model.md): the points of the buttons in a group are added up per run. */
export function EstimationGroups({
  conversationId,
  groups,
  onChanged,
}: {
  conversationId: number;
  groups: readonly EstimationGroup[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const remove = async (group: EstimationGroup) => {
    const name = t('records.estimationGroup', { name: group.name });
    const yes = await askConfirm({
      title: t('list.deleteRecord', { record: name }),
      message: t('messages.confirmDelete'),
      confirmLabel: t('list.deleteConfirm'),
    });
    if (!yes) return;
    try {
      await deleteGroup(group.id);
      showNotice({ text: t('list.deleted', { record: name }) });
    } catch (error) {
      const key = deleteFailureMessage(error);
      if (key !== null) showNotice({ text: t(key), tone: 'error' });
    } finally {
      onChanged();
    }
  };
  return (
    <section className={`${controls.card} ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('bot.groups')}</h2>
      {groups.length === 0 ? (
        <p className={styles.muted}>{t('bot.noGroups')}</p>
      ) : (
        <ul className={styles.groupList}>
          {groups.map((group) => (
            <li key={group.id}>
              <span>{group.name}</span>
              <IconButton
                label={t('list.delete', { name: group.name })}
                icon={Trash2}
                iconSize={14}
                onClick={() => void remove(group)}
              />
            </li>
          ))}
        </ul>
      )}
      <EntityForm
        mode="create"
        schema={estimationGroupInput.omit({ conversation: true })}
        fields={[{ name: 'name', label: 'fields.name' }]}
        defaultValues={{ name: '' }}
        submitLabel={t('bot.addGroup')}
        label={t('bot.newGroup')}
        onSubmit={(body) => saveGroup({ ...body, conversation: conversationId })}
        onSaved={onChanged}
      />
    </section>
  );
}
