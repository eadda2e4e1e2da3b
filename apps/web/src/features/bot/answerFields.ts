import { api } from '@school/contract/paths';
import type { FieldSpec } from '../../components/form/fields';
import type { Answer, EstimationGroup } from './botApi';

/** A long text cut to `max` characters with an ellipsis. */
export const short = (text: string, max = 50) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The form of an answer (a message of the bot), new or edited. */
export const ANSWER_FIELDS: readonly FieldSpec[] = [
  { name: 'text', label: 'fields.text', kind: 'textarea' },
  {
    name: 'answerTypeId',
    label: 'fields.answerType',
    kind: 'select',
    lookup: api.lookup('answertypes'),
  },
  { name: 'isLast', label: 'fields.isLast', kind: 'checkbox' },
];

/** The form of a button of answer `from`: the next answer is chosen among the others. */
export function buttonFields(
  from: Answer,
  answers: readonly Answer[],
  groups: readonly EstimationGroup[],
): readonly FieldSpec[] {
  // docs/api.md, Bot: the next-answer selector shows the answers' texts
  const nextOptions = answers
    .filter((a) => a.id !== from.id)
    .map((a) => ({ value: String(a.id), label: short(a.text) }));
  return [
    { name: 'text', label: 'fields.buttonText' },
    { name: 'nextId', label: 'fields.nextId', kind: 'select', options: nextOptions },
    { name: 'url', label: 'fields.url' },
    { name: 'point', label: 'fields.point', kind: 'decimal' },
    {
      name: 'estimationGroup',
      label: 'fields.estimationGroup',
      kind: 'select',
      options: groups.map((g) => ({ value: String(g.id), label: g.name })),
    },
    {
      name: 'clasification',
      label: 'fields.clasification',
      kind: 'select',
      lookup: api.lookup('clasifications'),
    },
    { name: 'isRight', label: 'fields.isRight', kind: 'checkbox' },
  ];
}
