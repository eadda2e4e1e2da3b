import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import controls from '../controls.module.css';

interface LabelledInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** shown beside the input (a spinner, a button), in a row of class `rowClassName` */
  after?: ReactNode;
  rowClassName?: string;
}

/** A text input outside a form of records, with its label (a search box, a link to copy). */
export function LabelledInput({ label, after, rowClassName, ...input }: LabelledInputProps) {
  const id = useId();
  const control = <input id={id} className={controls.input} {...input} />;
  return (
    <>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      {after === undefined ? (
        control
      ) : (
        <div className={rowClassName}>
          {control}
          {after}
        </div>
      )}
    </>
  );
}
