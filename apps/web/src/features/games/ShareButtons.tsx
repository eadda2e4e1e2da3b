import { Code, Link2, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { useCopy } from '../../components/list/useRowActions';
import type { GameProblem } from './gamesApi';
import { shareValue } from './gamesApi';
import { QrDialog } from './QrDialog';
import styles from './Games.module.css';

/** Copy the player's link, or the embed snippet; a game that cannot be played says why. */
export function ShareButtons({
  row,
}: {
  row: {
    name: string;
    link: string;
    embed: string;
    playable: boolean;
    problems?: readonly GameProblem[];
  };
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const link = t('games.copyLink', { name: row.name });
  const embed = t('games.copyEmbed', { name: row.name });
  const qr = t('games.showQr', { name: row.name });
  const [showQr, setShowQr] = useState(false);
  return (
    <span className={styles.share}>
      <button
        type="button"
        className={controls.iconButton}
        aria-label={link}
        title={link}
        onClick={() => void copy(shareValue(t, row, row.link))}
      >
        <Link2 size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={controls.iconButton}
        aria-label={embed}
        title={embed}
        onClick={() => void copy(shareValue(t, row, row.embed))}
      >
        <Code size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={controls.iconButton}
        aria-label={qr}
        title={qr}
        aria-haspopup="dialog"
        onClick={() => {
          const value = shareValue(t, row, row.link);
          if (typeof value === 'string') setShowQr(true);
          else void copy(value);
        }}
      >
        <QrCode size={16} aria-hidden="true" />
      </button>
      {showQr && <QrDialog name={row.name} link={row.link} onClose={() => setShowQr(false)} />}
    </span>
  );
}
