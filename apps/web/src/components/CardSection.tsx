import type { ReactNode } from 'react';
import { LoadError } from './LoadError';
import { useTranslation } from 'react-i18next';
import card from './cardSection.module.css';
import controls from './controls.module.css';

interface CardSectionProps {
  /** the heading's id: the heading names the section for assistive technology */
  headingId: string;
  title: string;
  /** the line under the heading, when the card has one */
  intro?: string;
  children: ReactNode;
}

/** A card of a settings-like screen (Settings, Profile): its heading, intro and content. */
export function CardSection({ headingId, title, intro, children }: CardSectionProps) {
  return (
    <section className={`${controls.card} ${card.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={card.heading}>
        {title}
      </h2>
      {intro !== undefined && <p className={card.intro}>{intro}</p>}
      {children}
    </section>
  );
}

/** The card's failure line, read out at once. */
export function CardError({ children }: { children: ReactNode }) {
  return (
    <p className={card.error} role="alert">
      {children}
    </p>
  );
}

/** The card's failure to load, with a button that asks again. */
export function CardRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError text={t('messages.error')} onRetry={onRetry} className={card.error} />;
}

/** The card's table: its columns' headers, an Actions column last, and its rows. */
export function CardTable({
  headers,
  children,
}: {
  headers: readonly string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={card.tableWrap}>
      <table className={card.table}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            <th scope="col" className={card.actionsHeader}>
              {t('settings.actions')}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
