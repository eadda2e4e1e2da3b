import { useId } from 'react';
import controls from './controls.module.css';
import layout from './layout.module.css';
import { Selector } from './Selector';

interface PickFormProps {
  /** The label above the choice ("Add a game to the set"). */
  label: string;
  /** The lookup's field name and address (Selector). */
  name: string;
  url: string;
  value: string;
  onChange: (value: string) => void;
  submitLabel: string;
  /** The chosen item is being added: the button waits. */
  busy: boolean;
  /** Called on submit once something is chosen. */
  onPick: () => void;
  className?: string;
}

/** One item picked from a lookup and added with a button (a game to a set, a bot conversation). */
export function PickForm({
  label,
  name,
  url,
  value,
  onChange,
  submitLabel,
  busy,
  onPick,
  className,
}: PickFormProps) {
  const selectId = useId();
  return (
    <form
      className={className ? `${layout.pickForm} ${className}` : layout.pickForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onPick();
      }}
    >
      <label className={controls.label} htmlFor={selectId}>
        {label}
      </label>
      <div className={layout.pickControls}>
        <Selector
          id={selectId}
          name={name}
          url={url}
          value={value}
          onChange={onChange}
          autoSelectSingle={false}
        />
        <button type="submit" className={controls.secondaryButton} disabled={busy || !value}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
