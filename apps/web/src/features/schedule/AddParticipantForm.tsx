import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { Selector } from '../../components/Selector';
import styles from './Schedule.module.css';

/** One "add" form of the participants: a selector (students or groups) and its Add button. */
export function AddParticipantForm({
  label,
  name,
  url,
  adding,
  onAdd,
}: {
  label: string;
  name: string;
  /** where the selector reads its choices */
  url: string;
  /** an add is under way (of this form or the other) */
  adding: boolean;
  /** adds the chosen id; true once added (the choice is then cleared) */
  onAdd: (id: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    if (await onAdd(value)) setValue('');
  };
  return (
    <form className={styles.addForm} onSubmit={(event) => void submit(event)}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.addControls}>
        <Selector
          id={id}
          name={name}
          url={url}
          value={value}
          onChange={setValue}
          autoSelectSingle={false}
        />
        <button type="submit" className={controls.secondaryButton} disabled={adding || !value}>
          {t('schedule.add')}
        </button>
      </div>
    </form>
  );
}
