import { api } from '@school/contract/paths';
import { icalFeed, myIcalFeed } from '@school/contract/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import { askConfirm } from '../../components/feedback/confirm';
import { showNotice } from '../../components/feedback/notices';
import { useCopy } from '../../components/list/useRowActions';
import { LinkActions } from '../../components/LinkActions';
import { LoadingState } from '../../components/LoadingState';
import { request } from '../../lib/http';
import styles from './SettingsScreen.module.css';
import { CardError, CardSection } from '../../components/CardSection';

const FEED_KEY = ['ical-feed'];

/**
 * The user's own calendar feed: a secret address their calendar app subscribes to, holding the
 * lessons they teach. A new address ends the old one (the dialog says so).
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const feed = useQuery({
    queryKey: FEED_KEY,
    // null: no address made yet
    queryFn: ({ signal }) => request(api.myIcal, { schema: myIcalFeed, signal }),
  });
  const make = useMutation({
    mutationFn: () => request(api.myIcal, { method: 'POST', body: {}, schema: icalFeed }),
    onSuccess: (made) => {
      queryClient.setQueryData(FEED_KEY, made);
      showNotice({ text: t('settings.calendar.made') });
    },
    onError: () => showNotice({ text: t('messages.error'), tone: 'error' }),
  });

  const renew = async () => {
    const yes = await askConfirm({
      title: t('settings.calendar.renewTitle'),
      message: t('settings.calendar.renewMessage'),
      confirmLabel: t('settings.calendar.renew'),
    });
    if (yes) make.mutate();
  };

  return (
    <CardSection
      headingId="calendar-heading"
      title={t('settings.calendar.title')}
      intro={t('settings.calendar.intro')}
    >
      {feed.isPending ? (
        <LoadingState />
      ) : feed.isError ? (
        <CardError>{t('messages.error')}</CardError>
      ) : feed.data ? (
        <>
          <p className={styles.feedUrl}>{feed.data.url}</p>
          <LinkActions
            copyLabel={t('settings.calendar.copy')}
            renewLabel={t('settings.calendar.renew')}
            onCopy={() => feed.data && void copy(feed.data.url)}
            onRenew={() => void renew()}
            renewing={make.isPending}
          />
        </>
      ) : (
        <button
          type="button"
          className={controls.button}
          disabled={make.isPending}
          onClick={() => make.mutate()}
        >
          {t('settings.calendar.make')}
        </button>
      )}
    </CardSection>
  );
}
