import { createContext, useContext, useId, type InputHTMLAttributes } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { Selector } from '../Selector';
import { LocaleDateTimeInput, useNativeDateTime } from './DateTimeInput';
import { translateFieldMessage } from './fieldMessages';
import { isRequired, maxLengthOf, type FieldKind, type FieldSpec, type FormSchema } from './fields';
import styles from './Form.module.css';

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * Browser hints per kind. Staff type other people's data, so the browser must not fill in
 * their own name, login or saved password (autoComplete off / new-password).
 */
const INPUTS: Record<Exclude<FieldKind, 'textarea' | 'checkbox' | 'select'>, InputProps> = {
  text: { type: 'text', autoComplete: 'off' },
  email: { type: 'text', inputMode: 'email', autoComplete: 'off', spellCheck: false },
  tel: { type: 'tel', autoComplete: 'off' },
  password: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
  number: { type: 'number', step: 1, inputMode: 'numeric' },
  decimal: { type: 'number', step: 0.01, min: 0, inputMode: 'decimal' },
  signedDecimal: { type: 'number', step: 0.01 },
  date: { type: 'date' },
  time: { type: 'time' },
  color: { type: 'color' },
};

/**
 * Whether the form holds a new record. The single-option auto-select (docs/interface.md, Selector) fills a blank
 * selector for the user; on a record that exists it would change a saved value unasked.
 */
export const NewRecordContext = createContext(false);

interface FormFieldProps {
  schema: FormSchema;
  field: FieldSpec;
}

/** A labelled control with its required marker and its message (client or server). */
export function FormField({ schema, field }: FormFieldProps) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext();
  const id = useId();
  const kind = field.kind ?? 'text';
  const nativeDateTime = useNativeDateTime();
  const required = isRequired(schema, field);
  const error = formState.errors[field.name];
  const errorId = `${id}-error`;
  const message = error
    ? translateFieldMessage(
        t,
        typeof error.message === 'string' ? error.message : undefined,
        typeof error.type === 'string' ? error.type : undefined,
      )
    : null;
  const a11y = {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const label = (
    <label className={controls.label} htmlFor={id}>
      {t(field.label)}
    </label>
  );
  const errorLine = message !== null && (
    <p id={errorId} className={styles.fieldError}>
      {message}
    </p>
  );

  if (kind === 'checkbox') {
    return (
      <div className={`${styles.field} ${styles.checkField}`}>
        <input type="checkbox" {...a11y} required={false} {...register(field.name)} />
        {label}
        {errorLine}
      </div>
    );
  }

  const maxLength = maxLengthOf(schema, field.name);
  return (
    <div className={`${styles.field} ${field.wide || kind === 'textarea' ? styles.wide : ''}`}>
      <div className={styles.labelRow}>
        {label}
        {/* Outside the label, so the accessible name stays the field's name alone. */}
        {required && (
          <span className={styles.requiredMark} aria-hidden="true">
            {t('form.requiredMark')}
          </span>
        )}
      </div>
      {kind === 'select' && field.options ? (
        <select className={controls.input} {...a11y} {...register(field.name)}>
          {!required && <option value="">{t('selector.choose')}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : kind === 'select' ? (
        <SelectField field={field} a11y={a11y} />
      ) : kind === 'textarea' ? (
        <textarea
          className={`${controls.input} ${styles.textarea}`}
          rows={3}
          maxLength={maxLength}
          {...a11y}
          {...register(field.name)}
        />
      ) : (kind === 'date' || kind === 'time') && !nativeDateTime ? (
        <LocaleField kind={kind} field={field} a11y={a11y} />
      ) : (
        <input
          className={kind === 'color' ? styles.color : controls.input}
          {...INPUTS[kind]}
          maxLength={maxLength}
          {...a11y}
          {...register(field.name)}
        />
      )}
      {errorLine}
    </div>
  );
}

interface LocaleFieldProps {
  kind: 'date' | 'time';
  field: FieldSpec;
  a11y: InputProps;
}

/**
 * A date or time in the chosen language's form where the browser's native field would use
 * another (docs/interface.md, Languages). The form holds the ISO value; a text that is no date
 * or time stays in the form as typed, so the schema refuses it with the field's message.
 */
function LocaleField({ kind, field, a11y }: LocaleFieldProps) {
  const { control } = useFormContext();
  const { field: bound } = useController({ name: field.name, control });
  return (
    <LocaleDateTimeInput
      kind={kind}
      className={controls.input}
      name={field.name}
      {...a11y}
      value={typeof bound.value === 'string' ? bound.value : ''}
      onValueChange={(value, text) => bound.onChange(value ?? text)}
      onBlur={bound.onBlur}
      inputRef={bound.ref}
    />
  );
}

interface SelectFieldProps {
  field: FieldSpec;
  a11y: { id: string; required: boolean; 'aria-describedby': string | undefined };
}

function SelectField({ field, a11y }: SelectFieldProps) {
  const { control } = useFormContext();
  const { field: bound, fieldState } = useController({ name: field.name, control });
  const isNew = useContext(NewRecordContext);
  return (
    <Selector
      id={a11y.id}
      name={field.name}
      url={field.lookup ?? ''}
      optionValue={field.optionValue ?? 'id'}
      value={bound.value}
      onChange={bound.onChange}
      onBlur={bound.onBlur}
      selectRef={bound.ref}
      required={a11y.required}
      invalid={fieldState.invalid}
      describedBy={a11y['aria-describedby']}
      autoSelectSingle={isNew}
      autoSelectFirst={isNew && field.firstByDefault === true}
    />
  );
}
