import {
  conversationInput,
  conversationUpdate,
  ESTIMATION_NONE,
  type Conversation,
} from '@school/contract/bot';
import { api } from '@school/contract/paths';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../components/form/fields';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column } from '../../components/list/types';
import { useLookupLabels } from '../../components/lookups';
import { formatMoney } from '../../lib/format';
import { BotStatusNote } from './BotStatusNote';
import { conversationsResource } from './botApi';
import styles from './Bot.module.css';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'fields.name' },
  {
    name: 'typeId',
    label: 'fields.conversationType',
    kind: 'select',
    lookup: api.lookup('conversationtypes'),
  },
  { name: 'level', label: 'fields.level', kind: 'select', lookup: api.lookup('levels') },
  {
    name: 'estimationFunction',
    label: 'fields.estimationFunction',
    kind: 'select',
    lookup: api.lookup('estimationfunctions'),
  },
  { name: 'price', label: 'fields.price', kind: 'decimal' },
  { name: 'description', label: 'fields.description', kind: 'textarea' },
];

/** The edit form also publishes (isPresent): the server refuses a graph with problems. */
const EDIT_FIELDS: readonly FieldSpec[] = [
  ...FIELDS,
  { name: 'isPresent', label: 'fields.isPresent', kind: 'checkbox' },
];

const toValues = (row: Conversation) => ({
  name: row.name,
  typeId: row.typeId === null ? '' : String(row.typeId),
  level: row.level === null ? '' : String(row.level),
  estimationFunction: String(row.estimationFunction),
  price: String(row.price),
  description: row.description,
  isPresent: row.isPresent === 1,
});

/** /conversations (docs/screens.md): the bot's conversations, public or personal (docs/screens.md, Bot screens). */
export function ConversationsScreen() {
  const { t, i18n } = useTranslation();
  const [isPublic, setIsPublic] = useState<0 | 1>(1);
  const resource = useMemo(() => conversationsResource(isPublic), [isPublic]);
  const typeName = useLookupLabels(api.lookup('conversationtypes'));
  const levelName = useLookupLabels(api.lookup('levels'));
  const columns = useMemo<readonly Column<Conversation>[]>(
    () => [
      { key: 'name', label: 'fields.name', sort: 'name', value: (row) => row.name },
      { key: 'typeId', label: 'fields.conversationType', value: (row) => typeName(row.typeId) },
      { key: 'level', label: 'fields.level', value: (row) => levelName(row.level) },
      {
        key: 'isPresent',
        label: 'fields.isPresent',
        value: (row) => t(row.isPresent === 1 ? 'bot.published' : 'bot.draft'),
      },
      {
        key: 'price',
        label: 'fields.price',
        value: (row) => formatMoney(row.price, i18n.language),
        csv: (row) => row.price,
        align: 'end',
      },
    ],
    [t, i18n.language, typeName, levelName],
  );

  const toggle = (
    <div className={styles.toggle} role="group" aria-label={t('bot.kind')}>
      {([1, 0] as const).map((value) => (
        <button
          key={value}
          type="button"
          className={styles.toggleButton}
          aria-pressed={isPublic === value}
          onClick={() => setIsPublic(value)}
        >
          {t(value === 1 ? 'bot.public' : 'bot.personal')}
        </button>
      ))}
    </div>
  );

  return (
    <ListScreen
      key={isPublic}
      title={t('titles.conversations')}
      caption={t(isPublic === 1 ? 'bot.publicCaption' : 'bot.personalCaption')}
      fileName="conversations"
      resource={resource}
      columns={columns}
      // the toolbar keeps to one row (count, kind, export); the note speaks of the whole list
      intro={
        <div className={styles.listNote}>
          <BotStatusNote />
        </div>
      }
      tools={toggle}
      create={{
        label: t('bot.newConversation'),
        schema: conversationInput,
        fields: FIELDS,
        defaults: { price: '0', estimationFunction: String(ESTIMATION_NONE) },
        fixed: { isPublic },
      }}
      edit={{
        title: t('bot.editConversation'),
        schema: conversationUpdate,
        fields: EDIT_FIELDS,
        toValues,
      }}
      actions={{ delete: true, open: (row) => `/conversations/${row.id}` }}
    />
  );
}
