import { Code, Link2, QrCode, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { useCopy } from '../../components/list/useRowActions';
import type { GameProblem } from './gamesApi';
import { shareValue } from './gamesApi';
import { QrDialog } from './QrDialog';
import { StudentLinkDialog } from './StudentLinkDialog';
import styles from './Games.module.css';

/**
 * Copy the player's link, the embed snippet or a student's link that records their result, or
 * show the link as a QR code; a game that cannot be played says why instead.
 */
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
  const forStudent = t('games.copyStudentLink', { name: row.name });
  const [open, setOpen] = useState<'qr' | 'student' | null>(null);
  /** Opens a dialog when the game can be played; else says why not. */
  const show = (dialog: 'qr' | 'student') => {
    const value = shareValue(t, row, row.link);
    if (typeof value === 'string') setOpen(dialog);
    else void copy(value);
  };
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
        onClick={() => show('qr')}
      >
        <QrCode size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={controls.iconButton}
        aria-label={forStudent}
        title={forStudent}
        aria-haspopup="dialog"
        onClick={() => show('student')}
      >
        <UserRound size={16} aria-hidden="true" />
      </button>
      {open === 'qr' && <QrDialog name={row.name} link={row.link} onClose={() => setOpen(null)} />}
      {open === 'student' && (
        <StudentLinkDialog name={row.name} link={row.link} onClose={() => setOpen(null)} />
      )}
    </span>
  );
}
