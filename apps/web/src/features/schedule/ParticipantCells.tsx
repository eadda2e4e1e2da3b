import { useState } from 'react';
import controls from '../../components/controls.module.css';

/** A choice cell edited in place: saved as soon as another option is chosen. */
export function SelectCell({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: number; label: string }[];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <select
      className={controls.input}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A text cell edited in place: saved when it loses focus or on Enter, if it changed. */
export function TextCell({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // the server's value changed (after a save or a refresh): show it
    setSeen(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onSave(text.trim());
  };
  return (
    <input
      className={controls.input}
      aria-label={label}
      value={text}
      maxLength={2000}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
