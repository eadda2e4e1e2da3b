import type { CLIENT_CSV_COLUMNS, ImportPreview, ImportProblem } from '@school/contract/clients';
import type { TFunction } from 'i18next';

type Column = Exclude<(typeof CLIENT_CSV_COLUMNS)[number], 'id'>;

/** The label of each column an imported row may be refused for. */
const LABELS = {
  firstName: 'fields.firstName',
  lastName: 'fields.lastName',
  email: 'fields.email',
  tel: 'fields.tel',
  price: 'fields.price',
  probability: 'fields.probability',
  dLastContact: 'fields.dLastContact',
  stage: 'fields.stage',
  product: 'fields.product',
  source: 'fields.source',
  category: 'fields.category',
  language: 'fields.language',
  project: 'fields.project',
  responsible: 'fields.responsible',
  dateBirth: 'fields.dateBirth',
  position: 'fields.position',
  address: 'fields.address',
  age: 'fields.age',
  facebook: 'fields.facebook',
  telegramUsername: 'fields.telegramUsername',
  timezone: 'fields.timezone',
} as const satisfies Record<Column, string>;

const isColumn = (field: string): field is Column => Object.hasOwn(LABELS, field);

function problemText(t: TFunction, { code, params }: ImportProblem): string {
  const num = (name: string) => Number(params[name]);
  switch (code) {
    case 'required':
      return t('validation.required');
    case 'tooLong':
      return t('validation.maxLength', { max: num('max') });
    case 'tooSmall':
      return t('clients.import.problem.tooSmall', { min: num('min') });
    case 'tooBig':
      return t('clients.import.problem.tooBig', { max: num('max') });
    case 'format':
      return t('clients.import.problem.format');
    case 'notNumber':
      return t('clients.import.problem.notNumber');
    case 'notWholeNumber':
      return t('validation.wholeNumber');
    case 'unknown':
      return t('clients.import.problem.unknown', { value: String(params.value ?? '') });
    case 'sameClient':
      return t('clients.import.problem.sameClient', { line: num('line') });
    case 'invalid':
      return t('validation.invalid');
  }
}

/** A refused row's problems in the chosen language, each after its column's label. */
export function rowErrorText(t: TFunction, error: ImportPreview['errors'][number]): string {
  const text = error.problems
    .map((problem) => {
      const message = problemText(t, problem);
      if (!isColumn(problem.field)) return message;
      return t('clients.import.problem.withField', {
        field: t(LABELS[problem.field]),
        problem: message,
      });
    })
    .join(' ');
  return t('clients.import.errorLine', { line: error.line, message: text || error.message });
}
