import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { AnswerCard } from './AnswerCard';
import { EvalReviewCandidatesQuery } from './resultsOperations';

/**
 * What the run sends to review once it has rerun what flipped: the
 * regressions it confirmed and the answers the judge failed on with an
 * error, one score per case and agent. A finished run's "Review results"
 * shortcut opens Results → Review answers on the run's answers, where they
 * are decided.
 */
export function ReviewCandidates({ runId, over }: { runId: string; over: boolean }) {
  const [{ data, error, fetching }] = useQuery({ query: EvalReviewCandidatesQuery, variables: { id: runId }, requestPolicy: over ? 'cache-and-network' : 'network-only' });
  const problem = problemFrom(error);
  if (problem) return <ProblemAlert problem={problem} title="What waits for review could not be read" />;
  if (!data && fetching) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading what waits for review" />
      </Center>
    );
  }
  const scores = data?.evalRunReviewCandidates ?? [];
  return (
    <Stack gap="md" role="region" aria-label="To review">
      <Text size="sm" c="dimmed">
        Confirmed regressions and answers the judge failed on with an error, one per case and agent{over ? '' : ', as far as the run has come'}.
      </Text>
      {scores.length === 0 ? (
        <Text size="sm">Nothing from this run waits for review.</Text>
      ) : (
        scores.map((score) => (
          <Stack key={score.id} gap={4}>
            <Text size="sm" fw={500}>
              {score.case ? (score.case.masked ? 'The question is hidden from you.' : score.case.input) : 'The case is gone.'}
            </Text>
            <AnswerCard title={score.agentName ?? 'Agent'} score={score} highlight={score.outcome === 'FAIL' ? 'regression' : undefined} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
