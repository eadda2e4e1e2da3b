import type { Client } from '@school/contract/clients';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { formatPercent, fullName, timeInStage, type TimeInStage } from './pipelineFormat';
import styles from './Card.module.css';

function inStageText(t: TFunction, time: TimeInStage): string {
  if (time.unit === 'days') return t('pipeline.inStageDays', { count: time.count });
  if (time.unit === 'hours') return t('pipeline.inStageHours', { count: time.count });
  return t('pipeline.inStageJustNow');
}

/** What a card shows (SPEC §2 Pipeline): used by the card and by its drag overlay. */
export function CardContent({ client, now }: { client: Client; now: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const time = timeInStage(client.stageChangedAt, now);

  return (
    <>
      <p className={styles.cardName}>{fullName(client)}</p>
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
          <dd>{client.product?.name ?? t('pipeline.noProduct')}</dd>
        </div>
      </dl>
      {time && (
        <p className={styles.age}>
          <time dateTime={client.stageChangedAt}>{inStageText(t, time)}</time>
        </p>
      )}
    </>
  );
}
