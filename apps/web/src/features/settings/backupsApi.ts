import { backupJob, backupList, type BackupJob } from '@school/contract/backups';
import { api } from '@school/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/http';

const BACKUPS_KEY = ['backups'] as const;
const CURRENT_KEY = ['backups', 'current'] as const;
/** How often a running backup's progress is asked for. */
export const BACKUP_POLL_MS = 500;

export function useBackups() {
  return useQuery({
    queryKey: BACKUPS_KEY,
    queryFn: ({ signal }) => request(api.backups, { schema: backupList, signal }),
  });
}

/** The job of the backup started here, followed while it runs (ADR 028). */
export function useBackupJob(started: BackupJob | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: CURRENT_KEY,
    enabled: started !== null,
    initialData: started ?? undefined,
    queryFn: async ({ signal }) => {
      const job = await request(api.backupsCurrent, { schema: backupJob, signal });
      if (job.state === 'done')
        await queryClient.invalidateQueries({ queryKey: BACKUPS_KEY, exact: true });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? BACKUP_POLL_MS : false),
  });
}

export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(api.backups, { method: 'POST', body: {}, schema: backupJob }),
    onSuccess: async (job) => {
      queryClient.setQueryData(CURRENT_KEY, job);
      if (job.state !== 'running') {
        await queryClient.invalidateQueries({ queryKey: BACKUPS_KEY, exact: true });
      }
    },
  });
}
