import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import controls from '../controls.module.css';
import { versionConflictOf, versionOf, type VersionConflict } from './conflict';
import { ConflictNotice } from './ConflictNotice';
import { FeedbackPanel } from './FeedbackPanel';
import { FormField, NewRecordContext } from './FormField';
import { isRequired, toBody, type FieldSpec, type FormSchema, type FormValues } from './fields';
import { useFormStatus } from './useFormStatus';
import styles from './Form.module.css';

/** A success does not wait for OK: the done panel goes back to none by itself after this. */
export const DONE_RESET_MS = 3000;

export interface EntityFormProps {
  /**
   * create: a new record (a selector with one option picks it, docs/interface.md, Validation); edit: a record that
   * exists, whose empty fields stay empty until the user fills them.
   */
  mode: 'create' | 'edit';
  /** The contract's schema of the body (its rules: docs/interface.md, Validation; the server applies the same). */
  schema: FormSchema;
  fields: readonly FieldSpec[];
  defaultValues: FormValues;
  submitLabel: string;
  /** Sends the body (the form fields by name); rejects with the http wrapper's errors. */
  onSubmit: (body: FormValues) => Promise<unknown>;
  /** After a successful save: refresh what shows the saved data (docs/interface.md, Form status). */
  onSaved?: () => void;
  /** OK in the done state; without it the form comes back empty for the next entry. */
  onDoneOk?: () => void;
  /** Accessible name of the form. */
  label: string;
  /**
   * An edit of a record with a version (docs/api.md, Versions and conflicts; ADR 038): the
   * version its values were loaded at, sent with every save, and how to load the record as it
   * now is when a save is refused because it changed meanwhile.
   */
  versioned?: {
    version: number;
    load: () => Promise<{ values: FormValues; version: number | undefined }>;
  };
  children?: ReactNode;
}

/** The fields whose value differs from what the form was loaded with: the user's changes. */
const changedNames = (values: FormValues, loaded: FormValues) =>
  Object.keys(values).filter(
    (name) => JSON.stringify(values[name]) !== JSON.stringify(loaded[name]),
  );

/**
 * A form over the status machine (docs/interface.md, Form status). The form stays mounted while hidden, so after error,
 * timeout or forbidden, OK brings back exactly what the user typed.
 */
export function EntityForm({
  mode,
  schema,
  fields,
  defaultValues,
  submitLabel,
  onSubmit,
  onSaved,
  onDoneOk,
  label,
  versioned,
  children,
}: EntityFormProps) {
  const { t } = useTranslation();
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const { status, message, run, reset } = useFormStatus();
  // Remounts the fields after a reset, so selectors pick a single option again (docs/interface.md, Validation).
  const [generation, setGeneration] = useState(0);
  const [focusField, setFocusField] = useState<string | null>(null);
  const [unknownFields, setUnknownFields] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const names = new Set(fields.map((field) => field.name));
  const [version, setVersion] = useState(versioned?.version);
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const [loading, setLoading] = useState(false);
  // the values as loaded (or last saved): what the user changed is measured against them
  const loaded = useRef(defaultValues);

  useEffect(() => {
    if (status !== 'none' || focusField === null) return;
    // By the element: after a reset the fields were mounted anew and the form's refs are stale.
    const element = formRef.current?.elements.namedItem(focusField);
    if (element instanceof HTMLElement) element.focus();
    else form.setFocus(focusField);
    setFocusField(null);
  }, [status, focusField, form]);

  const applyServerFields = (serverFields: Record<string, string>) => {
    const unknown: string[] = [];
    for (const [name, text] of Object.entries(serverFields)) {
      if (names.has(name)) form.setError(name, { type: 'server', message: text });
      else unknown.push(`${name}: ${text}`);
    }
    setUnknownFields(unknown.length > 0 ? unknown.join('; ') : null);
    setFocusField(fields.find((field) => field.name in serverFields)?.name ?? null);
  };

  const submit = form.handleSubmit(async (values) => {
    setUnknownFields(null);
    setConflict(null);
    const refused: { conflict: VersionConflict | null } = { conflict: null };
    const body = version === undefined ? toBody(values) : { ...toBody(values), version };
    const saved = await run(async () => {
      try {
        const answer = await onSubmit(body);
        const next = versionOf(answer);
        if (next !== undefined) setVersion(next);
        return answer;
      } catch (error) {
        refused.conflict = versionConflictOf(error);
        throw error;
      }
    }, applyServerFields);
    setConflict(refused.conflict);
    if (!saved) return;
    onSaved?.();
    if (!onDoneOk) {
      form.reset(defaultValues);
      setGeneration((n) => n + 1);
    } else loaded.current = values;
  });

  /** After a conflict: the record as it now is, with (keep) or without the user's changes on it. */
  const reload = async (keep: boolean) => {
    if (!versioned) return;
    setLoading(true);
    try {
      const mine = form.getValues();
      const changed = changedNames(mine, loaded.current);
      const current = await versioned.load();
      loaded.current = current.values;
      form.reset(current.values);
      if (keep) for (const name of changed) form.setValue(name, mine[name], { shouldDirty: true });
      setVersion(current.version);
      setConflict(null);
      // the refusal's message goes with its notice
      reset();
      setGeneration((n) => n + 1);
      setFocusField(fields[0]?.name ?? null);
    } catch (error) {
      console.error(error);
    } finally {
      setLoading(false);
    }
  };

  const onOk = () => {
    if (status === 'done') {
      if (onDoneOk) onDoneOk();
      // The cleared form is back for the next entry, typed into straight away.
      else setFocusField(fields[0]?.name ?? null);
    }
    reset();
  };
  const onOkRef = useRef(onOk);
  onOkRef.current = onOk;

  useEffect(() => {
    if (status !== 'done') return undefined;
    const timer = setTimeout(() => onOkRef.current(), DONE_RESET_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const formMessage =
    message === null || conflict !== null ? null : 'key' in message ? t(message.key) : message.text;
  const anyRequired = fields.some((field) => isRequired(schema, field));

  return (
    <>
      <FeedbackPanel status={status} onOk={onOk} />
      <NewRecordContext value={mode === 'create'}>
        <FormProvider {...form}>
          <form
            ref={formRef}
            className={styles.form}
            aria-label={label}
            hidden={status !== 'none'}
            onSubmit={(event) => void submit(event)}
          >
            {anyRequired && <p className={styles.hint}>{t('form.requiredHint')}</p>}
            <div key={generation} className={styles.grid}>
              {fields.map((field) => (
                <FormField key={field.name} schema={schema} field={field} />
              ))}
            </div>
            {children}
            {conflict && (
              <ConflictNotice
                conflict={conflict}
                fields={fields}
                busy={loading}
                onReload={() => void reload(false)}
                onKeep={() => void reload(true)}
              />
            )}
            {(formMessage !== null || unknownFields !== null) && (
              <p className={styles.formError} role="alert">
                {[formMessage, unknownFields].filter(Boolean).join(' ')}
              </p>
            )}
            <div className={styles.actions}>
              <button type="submit" className={controls.button}>
                {submitLabel}
              </button>
            </div>
          </form>
        </FormProvider>
      </NewRecordContext>
    </>
  );
}
