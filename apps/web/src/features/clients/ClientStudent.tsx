import { api, withQuery } from '@school/contract/paths';
import { student } from '@school/contract/students';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { showNotice } from '../../components/feedback/notices';
import { request } from '../../lib/http';
import styles from './Clients.module.css';

const CLIENT_STUDENT_QUERY_KEY = 'client-student';

/**
 * A won client becomes a student without typing it twice: 'Make a student' creates one from
 * the client and opens it; once made, the client's page links to it instead.
 */
export function ClientStudent({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const made = useQuery({
    queryKey: [CLIENT_STUDENT_QUERY_KEY, clientId],
    // read each time the page opens: the student may have been made or deleted meanwhile
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const found = await request(withQuery(api.students, { client: clientId, limit: 1 }), {
        schema: z.array(student),
        signal,
      });
      return found[0] ?? null;
    },
  });
  if (made.isPending || made.isError) return null;

  if (made.data) {
    return (
      <p className={styles.student}>
        <GraduationCap size={16} aria-hidden="true" />
        {t('clients.student')}{' '}
        <Link to={`/students/${made.data.id}`}>{t('clients.openStudent')}</Link>
      </p>
    );
  }
  const make = async () => {
    setBusy(true);
    try {
      const created = await request(api.clientStudent(clientId), {
        method: 'POST',
        body: {},
        schema: student,
      });
      queryClient.setQueryData([CLIENT_STUDENT_QUERY_KEY, clientId], created);
      void navigate(`/students/${created.id}`);
    } catch {
      showNotice({ text: t('messages.error'), tone: 'error' });
      setBusy(false);
    }
  };
  return (
    <p className={styles.student}>
      <button
        type="button"
        className={controls.secondaryButton}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void make()}
      >
        <GraduationCap size={16} aria-hidden="true" />
        {t('clients.makeStudent')}
      </button>
    </p>
  );
}
