import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import controls from './controls.module.css';
import { Modal } from './Modal';
import { Spinner } from './Spinner';
import styles from './QrDialog.module.css';

/** What a share dialog is given: the name of what is shared and its link. */
export interface ShareDialogProps {
  name: string;
  link: string;
  onClose: () => void;
}

/**
 * The link as a QR code, large enough for the classroom screen, and a PNG to download (a game's
 * link, a learner's page).
 */
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
        <p className={styles.link}>{link}</p>
      </div>
    </Modal>
  );
}
