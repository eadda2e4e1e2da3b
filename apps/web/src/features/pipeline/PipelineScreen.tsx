import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LoadingState } from '../../components/LoadingState';
import { readMoveFailure } from './moveFailure';
import { MoveFailureAlert } from './MoveFailureAlert';
import { PIPELINE_PATH, useStages, useStageSummaries } from './pipelineApi';
import { PipelineBoard } from './PipelineBoard';
import type { FocusTarget } from './PipelineColumn';
import { fullName } from './pipelineFormat';
import { useDebounced } from './useBoardTimers';
import { useMoveClient, type MoveRequest } from './useMoveClient';
import styles from './Pipeline.module.css';

/** Typing pauses this long before the board asks the server again. */
const SEARCH_DELAY_MS = 300;

/** /pipeline: the sales board, a column per stage (SPEC §2, DESIGN §3 Pipeline). */
export function PipelineScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failure = readMoveFailure(useLocation().state);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DELAY_MS);
  const stages = useStages();
  const summaries = useStageSummaries(search);
  const move = useMoveClient(search);
  // After a move the card takes the focus in its new column (its old one is gone), or back in
  // its old column if the move failed.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [status, setStatus] = useState('');
  const clearFocusTarget = useCallback(() => setFocusTarget(null), []);

  const dismissFailure = () => void navigate(PIPELINE_PATH, { replace: true, state: null });

  const handleMove = (request: MoveRequest) => {
    if (failure) dismissFailure();
    setStatus('');
    const clientId = request.client.id;
    setFocusTarget({ clientId, stageId: request.to });
    move.mutate(request, {
      onSuccess: () =>
        setStatus(t('pipeline.moved', { name: fullName(request.client), stage: request.toName })),
      onError: () => setFocusTarget({ clientId, stageId: request.from }),
    });
  };

  let content;
  if (stages.isPending) {
    content = <LoadingState />;
  } else if (stages.isError) {
    content = (
      <div className={styles.screenMessage} role="alert">
        <p>{t('pipeline.loadError')}</p>
        <button type="button" className={styles.textButton} onClick={() => void stages.refetch()}>
          {t('messages.retry')}
        </button>
      </div>
    );
  } else if (stages.data.length === 0) {
    content = <p className={styles.screenMessage}>{t('pipeline.noStages')}</p>;
  } else {
    content = (
      <PipelineBoard
        stages={stages.data}
        summaries={summaries.data}
        search={search}
        focusTarget={focusTarget}
        onFocused={clearFocusTarget}
        onMove={handleMove}
      />
    );
  }

  return (
    <>
      <HeaderBlock title={t('titles.pipeline')} onSearchChange={setSearchText} />
      {failure && (
        <MoveFailureAlert key={failure.at} failure={failure} onDismiss={dismissFailure} />
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {content}
    </>
  );
}
