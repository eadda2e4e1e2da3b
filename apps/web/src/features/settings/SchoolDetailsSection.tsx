import { api } from '@school/contract/paths';
import { schoolDetails, schoolDetailsUpdate, type SchoolDetails } from '@school/contract/school';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardRetry, CardSection } from '../../components/CardSection';
import { EntityForm } from '../../components/form/EntityForm';
import { toFormValues, type FieldSpec } from '../../components/form/fields';
import { HistorySection } from '../../components/history/HistorySection';
import { LoadingState } from '../../components/LoadingState';
import { useMayDo } from '../../lib/access';
import { setSchoolCurrency } from '../../lib/currency';
import { request } from '../../lib/http';
import styles from './SettingsScreen.module.css';

const SCHOOL_KEY = ['school-details'] as const;
/** The one record's id, under which its history is kept (docs/history.md). */
const SCHOOL_ID = 1;

/**
 * Settings → School details (docs/screens.md, Settings; ADR 040): the school's name, address,
 * tax id, the bank account learners pay to, the currency and the VAT exemption wording. An admin
 * changes them (with the version read, ADR 038); a manager reads them; a teacher does not see
 * the section (docs/roles.md).
 */
export function SchoolDetailsSection() {
  const { t } = useTranslation();
  const mayRead = useMayDo('school', 'read');
  const mayChange = useMayDo('school', 'update');
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: SCHOOL_KEY,
    enabled: mayRead,
    queryFn: ({ signal }) => request(api.schoolDetails, { schema: schoolDetails, signal }),
  });
  if (!mayRead) return null;

  const fields: readonly FieldSpec[] = [
    { name: 'name', label: 'fields.name' },
    { name: 'address', label: 'fields.address', kind: 'textarea', wide: true },
    { name: 'taxId', label: 'fields.taxId' },
    { name: 'iban', label: 'fields.iban' },
    {
      name: 'currency',
      label: 'fields.currency',
      kind: 'select',
      options: [
        { value: 'PLN', label: t('settings.school.pln') },
        { value: 'EUR', label: t('settings.school.eur') },
      ],
    },
    { name: 'vatExemption', label: 'fields.vatExemption', kind: 'textarea', wide: true },
  ];
  const valuesOf = (record: SchoolDetails) => toFormValues(fields, record);

  return (
    <>
      <CardSection
        headingId="school-heading"
        title={t('settings.school.title')}
        intro={t(mayChange ? 'settings.school.intro' : 'settings.school.readOnly')}
      >
        {details.data === undefined ? (
          details.isError ? (
            <CardRetry onRetry={() => void details.refetch()} />
          ) : (
            <LoadingState />
          )
        ) : mayChange ? (
          <div className={styles.schoolForm}>
            <EntityForm
              mode="edit"
              label={t('settings.school.title')}
              schema={schoolDetailsUpdate}
              fields={fields}
              defaultValues={valuesOf(details.data)}
              submitLabel={t('form.saveChanges')}
              onSubmit={async (body) => {
                const saved = await request(api.schoolDetails, {
                  method: 'PUT',
                  body,
                  schema: schoolDetails,
                });
                // every screen writes amounts in the currency saved, from now on
                setSchoolCurrency(saved.currency);
                return saved;
              }}
              // the version read goes with the save; a 409 shows what changed meanwhile (ADR 038)
              versioned={{
                version: details.data.version,
                load: async () => {
                  const current = await request(api.schoolDetails, { schema: schoolDetails });
                  queryClient.setQueryData(SCHOOL_KEY, current);
                  return { values: valuesOf(current), version: current.version };
                },
              }}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: SCHOOL_KEY })}
              onDoneOk={() => undefined}
            />
          </div>
        ) : (
          <SchoolDetailsRead details={details.data} fields={fields} />
        )}
      </CardSection>
      {/* who changed the details and when (docs/history.md) */}
      <HistorySection entity="school" id={SCHOOL_ID} scope={SCHOOL_KEY} />
    </>
  );
}

/** A manager's view: the details as they are, to read. */
function SchoolDetailsRead({
  details,
  fields,
}: {
  details: SchoolDetails;
  fields: readonly FieldSpec[];
}) {
  const { t } = useTranslation();
  const shown = (name: string) => {
    const value = String(details[name as keyof SchoolDetails]);
    const option = fields.find((f) => f.name === name)?.options?.find((o) => o.value === value);
    return option?.label ?? (value || '—');
  };
  return (
    <dl className={styles.schoolRead}>
      {fields.map((field) => (
        <div key={field.name}>
          <dt>{t(field.label)}</dt>
          <dd>{shown(field.name)}</dd>
        </div>
      ))}
    </dl>
  );
}
