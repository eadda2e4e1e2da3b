import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBlock } from '../../components/HeaderBlock';
import { LoadingState } from '../../components/LoadingState';
import { useStages, useStageSummaries } from './pipelineApi';
import { PipelineBoard } from './PipelineBoard';
import type { FocusTarget } from './PipelineColumn';
import { useDebounced } from './useBoardTimers';
import { useMoveClient, type MoveRequest } from './useMoveClient';
import styles from './Pipeline.module.css';

/** Typing pauses this long before the board asks the server again. */
const SEARCH_DELAY_MS = 300;

/** /pipeline: the sales board, a column per stage (docs/screens.md; docs/clients.md, Pipeline). */
export function PipelineScreen() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DELAY_MS);
  const stages = useStages();
  const summaries = useStageSummaries(search);
  const move = useMoveClient(search);
  // After a move the card takes the focus in its new column (its old one is gone), or back in
  // its old column after Undo or a failed move.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const clearFocusTarget = useCallback(() => setFocusTarget(null), []);

  const handleMove = (request: MoveRequest) => {
    const clientId = request.client.id;
    setFocusTarget({ clientId, stageId: request.to });
    move(request, { onReturned: () => setFocusTarget({ clientId, stageId: request.from }) });
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
      {content}
    </>
  );
}
