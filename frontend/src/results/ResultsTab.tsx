import { Badge, Tabs, VisuallyHidden } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { EvalRunPage } from '../evals/EvalRunPage';
import { TestRuns } from '../evals/TestRuns';
import { resultsSearch } from '../datasets/workspaceParams';
import { useWorkspaceParams } from '../datasets/useWorkspaceParams';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { ReviewAnswers } from '../review/ReviewAnswers';
import { reviewSearch, showsReview } from '../review/reviewParams';
import { useDatasetQueue } from '../review/useQueueCounts';

type ResultsView = 'runs' | 'review';

/**
 * Results: the dataset's test runs (`?tab=results`), one run's page
 * (`&run={id}`), the start dialog (`&start=1`, with `&agent={id}` chosen, as an agent's
 * "Test on a dataset" opens it), and Review answers
 * (`&view=review`), every graded answer with the queue's count live on its
 * tab. Each is an address, so Back and a link lead there, and leaving the
 * dialog with changed choices asks first.
 */
export function ResultsTab({ dataset }: { dataset: DatasetHeaderFieldsFragment }) {
  const { params, go } = useWorkspaceParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queue = useDatasetQueue(dataset.id);
  if (params.run !== null) return <EvalRunPage runId={params.run} dataset={dataset} onBack={() => go({ run: null, startEval: false })} />;
  const view: ResultsView = showsReview(location.search) ? 'review' : 'runs';
  const waiting = queue.counts?.waiting ?? 0;
  return (
    <Tabs value={view} onChange={(value) => void navigate({ search: value === 'review' ? reviewSearch() : resultsSearch() })} variant="pills" keepMounted={false}>
      <Tabs.List aria-label="Results" mb="md">
        <Tabs.Tab value="runs">Test runs</Tabs.Tab>
        <Tabs.Tab
          value="review"
          rightSection={
            waiting > 0 ? (
              <Badge size="sm" variant="filled" color="indigo.9">
                <span data-testid="review-tab-count">{waiting}</span>
                <VisuallyHidden> waiting for review</VisuallyHidden>
              </Badge>
            ) : undefined
          }
        >
          Review answers
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="runs">
        <TestRuns
          dataset={dataset}
          startOpen={params.startEval}
          startAgentId={params.startEval ? new URLSearchParams(location.search).get('agent') : null}
          onOpenStart={() => go({ startEval: true })}
          onCloseStart={() => go({ startEval: false })}
          onStarted={(run) => go({ run, startEval: false }, { replace: true })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="review">
        <ReviewAnswers dataset={dataset} />
      </Tabs.Panel>
    </Tabs>
  );
}
