import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../components/layout.module.css';
import { PickControls } from '../../components/PickForm';
import styles from './Participants.module.css';

/** One "add" form of the participants: a selector (students or groups) and its Add button. */
export function AddParticipantForm({
  label,
  name,
  url,
  adding,
  onAdd,
  omit,
}: {
  label: string;
  name: string;
  /** where the selector reads its choices */
  url: string;
  /** an add is under way (of this form or the other) */
  adding: boolean;
  /** adds the chosen id; true once added (the choice is then cleared) */
  onAdd: (id: string) => Promise<boolean>;
  /** ids not offered: the students in the lesson already */
  omit?: ReadonlySet<string>;
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
    <form className={layout.pickForm} onSubmit={(event) => void submit(event)}>
      <PickControls
        id={id}
        label={label}
        name={name}
        url={url}
        value={value}
        onChange={setValue}
        submitLabel={t('schedule.add')}
        busy={adding}
        controlsClassName={styles.addControls}
        omit={omit}
      />
    </form>
  );
}
