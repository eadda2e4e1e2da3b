import { useTranslation } from 'react-i18next';
import type { Dictionary } from '../i18n/i18n';
import { formatMoney } from '../lib/format';
import styles from './InfoPieces.module.css';

type InfoKey = keyof Dictionary['info'];

/** The pieces whose value is an amount (zł) or a percentage. */
const MONEY = new Set(['earned', 'unpaid', 'toPay']);
const PERCENT = new Set(['attendanceRate']);

/**
 * Info pieces (docs/data-model.md): a row of figures (lessons, hours, earned...), each named in the chosen
 * language by its id, else by the name the server gave.
 */
export function InfoPieces({
  pieces,
  label,
}: {
  pieces: readonly { id: string; name: string; value: number }[];
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const valueOf = (id: string, value: number) => {
    if (MONEY.has(id)) return formatMoney(value, i18n.language);
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
    return PERCENT.has(id) ? `${number} %` : number;
  };
  return (
    <dl className={styles.pieces} aria-label={label}>
      {pieces.map((piece) => (
        <div key={piece.id} className={styles.piece}>
          <dt className={styles.name}>
            {i18n.exists(`info.${piece.id}`) ? t(`info.${piece.id as InfoKey}`) : piece.name}
          </dt>
          <dd className={styles.value}>{valueOf(piece.id, piece.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
