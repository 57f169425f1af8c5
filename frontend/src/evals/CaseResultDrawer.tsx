import { Anchor, Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { ReviewStateLine } from '../review/DecisionBar';
import { ReviewScoreQuery } from '../review/operations';
import { CaseAsked, GradedAnswer, ScorerFindings } from '../review/ReviewEvidence';
import { useReviewActions } from '../review/useReviewActions';
import { agentAtVersion } from '../agents/versionLabel';
import { DecidedOutcome } from './AnswerCard';
import { useVersionLabel } from './RunVersionLabels';

export interface OpenResult {
  scoreId: string;
  agentName: string;
}

/**
 * One case and agent of the run as Review shows it: the case it answered
 * (linked, at the revision it answered), the full answer with the judge's
 * quotes marked, every scorer's result, the tool calls with their arguments,
 * where it stands in review (who decided, when), the Activity run that gave
 * the answer, and Send to review.
 */
export function CaseResultDrawer({ open, datasetId, latestVersion, canSend, readsRuns, onClose }: { open: OpenResult | null; datasetId: string; latestVersion: number; canSend: boolean; readsRuns: boolean; onClose: () => void }) {
  const [{ data, error, fetching }] = useQuery({ query: ReviewScoreQuery, variables: { id: open?.scoreId ?? '' }, pause: !open, requestPolicy: 'cache-and-network' });
  const actions = useReviewActions();
  const score = open && data?.score.id === open.scoreId ? data.score : null;
  const problem = problemFrom(error);
  const label = useVersionLabel(score?.agentName, score?.agentVersion);
  return (
    <Drawer opened={open !== null} onClose={onClose} position="right" size="xl" title={open ? `${open.agentName}'s answer` : ''}>
      {problem ? (
        <ProblemAlert problem={problem} title="The answer could not be read" />
      ) : !score ? (
        fetching && (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading the answer" />
          </Center>
        )
      ) : (
        <Stack gap="lg" data-testid="case-result-drawer">
          <Stack gap={6}>
            <DecidedOutcome score={score} size="md" />
            {score.agentName && (
              <Text size="sm" data-testid="answered-by">
                Answered by {score.agentVersion ? agentAtVersion(score.agentName, score.agentVersion, label) : score.agentName}
              </Text>
            )}
            <ReviewStateLine review={score.review} outcome={score.outcome} />
            <Group gap="sm">
              {score.sourceRunId && readsRuns && (
                <Anchor component={Link} to={`/activity/runs/${encodeURIComponent(score.sourceRunId)}`} size="sm">
                  <Group gap={4}>
                    <IconExternalLink size={14} aria-hidden />
                    The Activity run that answered
                  </Group>
                </Anchor>
              )}
              {canSend && score.review.state === 'NOT_QUEUED' && (
                <Button size="compact-sm" variant="light" leftSection={<IconInbox size={14} aria-hidden />} onClick={() => void actions.send(datasetId, score.id)}>
                  Send to review
                </Button>
              )}
            </Group>
          </Stack>
          <CaseAsked score={score} datasetId={datasetId} latestVersion={latestVersion} />
          <GradedAnswer score={score} />
          <ScorerFindings score={score} />
          {score.evidenceMasked && (
            <Text size="xs" c="dimmed">
              The outcome and review state are shown; the answer and its evidence are not yours to read.
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
