import type { ImportPreview, ImportProblem } from '@school/contract/imports';
import i18next, { type TFunction } from 'i18next';
import type { Dictionary } from '../../i18n/i18n';

type FieldName = keyof Dictionary['fields'];

/**
 * Files are imported into clients and students only: their `name` column is a student's first
 * name, labelled with a person's words (docs/interface.md, A person's name).
 */
const PERSON_COLUMNS: Partial<Record<string, FieldName>> = { name: 'firstName' };

/** A column of a file by its field's label ("E-mail"), or its header when it has none. */
export function columnLabel(t: TFunction, column: string): string {
  const field = PERSON_COLUMNS[column] ?? column;
  return i18next.exists(`fields.${field}`) ? t(`fields.${field as FieldName}`) : column;
}

function problemText(t: TFunction, { code, params }: ImportProblem): string {
  const num = (name: string) => Number(params[name]);
  switch (code) {
    case 'required':
      return t('validation.required');
    case 'tooLong':
      return t('validation.maxLength', { count: num('max') });
    case 'tooSmall':
      return t('import.problem.tooSmall', { min: num('min') });
    case 'tooBig':
      return t('import.problem.tooBig', { max: num('max') });
    case 'format':
      return t('import.problem.format');
    case 'notNumber':
      return t('import.problem.notNumber');
    case 'notWholeNumber':
      return t('validation.wholeNumber');
    case 'unknown':
      return t('import.problem.unknown', { value: String(params.value ?? '') });
    case 'sameRecord':
      return t('import.problem.sameRecord', { line: num('line') });
    case 'invalid':
      return t('validation.invalid');
  }
}

/** A refused row's problems in the chosen language, each after its column's label. */
export function rowErrorText(t: TFunction, error: ImportPreview['errors'][number]): string {
  const text = error.problems
    .map((problem) => {
      const message = problemText(t, problem);
      if (problem.field === 'row') return message;
      return t('import.problem.withField', {
        field: columnLabel(t, problem.field),
        problem: message,
      });
    })
    .join(' ');
  return t('import.errorLine', { line: error.line, message: text || error.message });
}
