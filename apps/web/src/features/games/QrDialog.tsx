import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import styles from './Games.module.css';

/** What a share dialog of a game list is given: the game's name and its player link. */
export interface ShareDialogProps {
  name: string;
  link: string;
  onClose: () => void;
}

/** The link as a QR code, large enough for the classroom screen, and a PNG to download. */
export function QrDialog({ name, link, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['qr', link],
    // the QR library loads when a code is first shown
    queryFn: async () => (await import('qrcode')).toDataURL(link, { width: 480, margin: 2 }),
    staleTime: Infinity,
  });
  return (
    <Modal open title={t('games.qrTitle', { name })} onClose={onClose}>
      <div className={styles.qr}>
        {image.data ? (
          <>
            <img src={image.data} width={320} height={320} alt={t('games.qrAlt', { link })} />
            <a className={controls.button} href={image.data} download={`${name}.png`}>
              {t('games.qrDownload')}
            </a>
          </>
        ) : image.isError ? (
          <p role="alert">{t('messages.error')}</p>
        ) : (
          <Spinner />
        )}
        <p className={styles.hint}>{link}</p>
      </div>
    </Modal>
  );
}
