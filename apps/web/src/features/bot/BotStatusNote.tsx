import { useTranslation } from 'react-i18next';
import { useBotStatus } from './botApi';
import styles from './Bot.module.css';

/** Says when the Telegram bot is off (no BOT_TOKEN): conversations can be written, not run. */
export function BotStatusNote() {
  const { t } = useTranslation();
  const status = useBotStatus();
  if (!status.data || status.data.enabled) return null;
  return (
    <p className={styles.note} role="note">
      {t('bot.off')}
    </p>
  );
}
