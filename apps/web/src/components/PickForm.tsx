import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import controls from './controls.module.css';
import { showFailure } from './feedback/notices';
import layout from './layout.module.css';
import { Selector } from './Selector';

interface PickFormProps {
  /** The label above the choice ("Add a game to the set"). */
  label: string;
  /** The lookup's field name and address (Selector). */
  name: string;
  url: string;
  submitLabel: string;
  /** Adds the chosen item (its id); the choice clears once it is added, a failure is told. */
  onPick: (id: string) => Promise<unknown>;
  /** After every try, added or not: the list below reloads. */
  onSettled: () => void;
  className?: string;
}

/** One item picked from a lookup and added with a button (a game to a set, a bot conversation). */
export function PickForm({
  label,
  name,
  url,
  submitLabel,
  onPick,
  onSettled,
  className,
}: PickFormProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    try {
      await onPick(chosen);
      setChosen('');
    } catch (error) {
      showFailure(error, t('messages.error'));
    } finally {
      setBusy(false);
      onSettled();
    }
  };
  return (
    <form
      className={className ? `${layout.pickForm} ${className}` : layout.pickForm}
      onSubmit={(event) => void submit(event)}
    >
      <PickControls
        id={selectId}
        label={label}
        name={name}
        url={url}
        value={chosen}
        onChange={setChosen}
        submitLabel={submitLabel}
        busy={busy}
      />
    </form>
  );
}

/**
 * The label, the lookup's selector and the submit button of a form that adds one chosen item
 * (PickForm, a lesson's participants); the form around it decides what a submit does.
 */
export function PickControls({
  id,
  label,
  name,
  url,
  value,
  onChange,
  submitLabel,
  busy,
  controlsClassName = layout.pickControls,
  omit,
}: {
  id: string;
  label: string;
  name: string;
  url: string;
  value: string;
  onChange: (value: string) => void;
  submitLabel: string;
  /** an add is under way: the button waits */
  busy: boolean;
  controlsClassName?: string;
  /** choices not offered (Selector) */
  omit?: ReadonlySet<string>;
}) {
  return (
    <>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <div className={controlsClassName}>
        <Selector
          id={id}
          name={name}
          url={url}
          value={value}
          onChange={onChange}
          autoSelectSingle={false}
          omit={omit}
        />
        <button type="submit" className={controls.secondaryButton} disabled={busy || !value}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
