import { Code, Link2, QrCode, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import type { Column } from '../../components/list/types';
import { useCopy } from '../../components/list/useRowActions';
import type { GameProblem } from './gamesApi';
import { QrDialog } from '../../components/QrDialog';
import { StudentLinkDialog } from './StudentLinkDialog';
import styles from './Games.module.css';

/** A game or a set as its share buttons need it. */
interface ShareRow {
  name: string;
  link: string;
  embed: string;
  playable: boolean;
  problems?: readonly GameProblem[];
}

/**
 * Copy the player's link, the embed snippet or a student's link that records their result, or
 * show the link as a QR code. A game that cannot be played (no cards; a set without games) has
 * no share buttons: there is nothing to share yet, and its status says why (docs/interface.md,
 * Panels: a control appears only where it does something).
 */
export function ShareButtons({ row }: { row: ShareRow }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const [open, setOpen] = useState<'qr' | 'student' | null>(null);
  if (!row.playable) return null;
  const buttons = [
    {
      label: t('games.copyLink', { name: row.name }),
      icon: Link2,
      run: () => void copy(row.link),
    },
    {
      label: t('games.copyEmbed', { name: row.name }),
      icon: Code,
      run: () => void copy(row.embed),
    },
    {
      label: t('games.showQr', { name: row.name }),
      icon: QrCode,
      run: () => setOpen('qr'),
      opensDialog: true,
    },
    {
      label: t('games.copyStudentLink', { name: row.name }),
      icon: UserRound,
      run: () => setOpen('student'),
      opensDialog: true,
    },
  ];
  return (
    <span className={styles.share}>
      {buttons.map(({ label, icon, run, opensDialog }) => (
        <IconButton
          key={label}
          label={label}
          icon={icon}
          aria-haspopup={opensDialog ? 'dialog' : undefined}
          onClick={run}
        />
      ))}
      {open === 'qr' && <QrDialog name={row.name} link={row.link} onClose={() => setOpen(null)} />}
      {open === 'student' && (
        <StudentLinkDialog name={row.name} link={row.link} onClose={() => setOpen(null)} />
      )}
    </span>
  );
}

/** The share column of a list of games or sets: its value (CSV) is the player's link. */
export function shareColumn<T extends ShareRow>(): Column<T> {
  return {
    key: 'share',
    label: 'fields.share',
    value: (row) => row.link,
    render: (row) => <ShareButtons row={row} />,
  };
}
