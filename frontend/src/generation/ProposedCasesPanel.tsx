import { Group, Paper } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useClient } from 'urql';
import type { GenerationFieldsFragment } from '../gql/graphql';
import { GenerationProgress } from './GenerationProgress';
import { ProposedCaseCountQuery } from './operations';
import { ProposedCasesView } from './ProposedCasesView';

/**
 * The proposals view under Cases: Generate cases, the progress of the
 * generation started here, and the drafts waiting for a decision - read again
 * once that generation finishes.
 */
export function ProposedCasesPanel({
  datasetId,
  generation,
  generateButton,
  onCloseGeneration,
  onShowCases,
  onOpenCase,
}: {
  datasetId: string;
  generation: GenerationFieldsFragment | null;
  generateButton: ReactNode;
  onCloseGeneration: () => void;
  onShowCases: () => void;
  onOpenCase: (caseId: string) => void;
}) {
  const client = useClient();
  const [finishedCount, setFinishedCount] = useState(0);
  // The drafts and their count badge are read again: no mutation of this console announced them.
  const finished = useCallback(() => {
    setFinishedCount((count) => count + 1);
    void client.query(ProposedCaseCountQuery, { id: datasetId }, { requestPolicy: 'network-only' }).toPromise();
  }, [client, datasetId]);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="flex-end" mb="sm">
        {generateButton}
      </Group>
      {generation && <GenerationProgress key={generation.id} started={generation} onFinished={finished} onDismiss={onCloseGeneration} />}
      <ProposedCasesView datasetId={datasetId} refreshKey={finishedCount} onShowCases={onShowCases} onOpenCase={onOpenCase} />
    </Paper>
  );
}
