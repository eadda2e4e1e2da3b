import type { Client } from '@school/contract/clients';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { formatPercent, fullName, timeInStage, type TimeInStage } from './pipelineFormat';
import styles from './Card.module.css';

/** The card's short age ("3 d") and the full sentence read out and shown on hover. */
function inStageText(t: TFunction, time: TimeInStage): { short: string; long: string } {
  const count = { count: time.count };
  switch (time.unit) {
    case 'days':
      return { short: t('pipeline.ageDays', count), long: t('pipeline.inStageDays', count) };
    case 'hours':
      return { short: t('pipeline.ageHours', count), long: t('pipeline.inStageHours', count) };
    case 'minutes':
      return { short: t('pipeline.ageMinutes', count), long: t('pipeline.inStageMinutes', count) };
    case 'justNow':
      return { short: t('pipeline.ageJustNow'), long: t('pipeline.inStageJustNow') };
  }
}

/** A product's name as the user reads it (the board's useLookupNames, read once for all cards). */
export type ProductName = (product: { id: number; name: string }) => string;

/** What a card shows (docs/screens.md, Pipeline): used by the card and by its drag overlay. */
export function CardContent({
  client,
  now,
  productName,
}: {
  client: Client;
  now: number;
  productName: ProductName;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const time = timeInStage(client, now);
  const age = time && inStageText(t, time);

  return (
    <>
      <div className={styles.cardName}>{fullName(client)}</div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className="visually-hidden">{t('pipeline.price')}</dt>
          <dd className={styles.price}>
            {client.price === null ? t('pipeline.noPrice') : formatMoney(client.price, locale)}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className="visually-hidden">{t('pipeline.probability')}</dt>
          <dd className={styles.probability}>
            {client.probability === null
              ? t('pipeline.noProbability')
              : formatPercent(client.probability, locale)}
          </dd>
        </div>
        <div className={styles.factWide}>
          <dt className="visually-hidden">{t('pipeline.product')}</dt>
          <dd>{client.product ? productName(client.product) : t('pipeline.noProduct')}</dd>
        </div>
      </dl>
      {time && age && (
        <p className={styles.age}>
          <time dateTime={time.since} title={age.long}>
            <span aria-hidden="true">{age.short}</span>
            <span className="visually-hidden">{age.long}</span>
          </time>
        </p>
      )}
    </>
  );
}
