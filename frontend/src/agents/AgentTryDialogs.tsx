import { Alert, Button, Code, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { countOf, formatNumber } from '../common/count';
import { resultsSearch } from '../datasets/workspaceParams';
import { RunnableDatasetsQuery, SendAgentTestRequestMutation } from './operations';

/** **Send a test request**: one signed, isolated question to a webhook agent; its answer and latency, or why it failed. */
export function TestRequestDialog({ agentId, agentName, onClose }: { agentId: string; agentName: string; onClose: () => void }) {
  const [{ data, fetching, error }, send] = useMutation(SendAgentTestRequestMutation);
  useEffect(() => {
    void send({ agentId });
  }, [agentId, send]);
  const outcome = data?.sendAgentTestRequest;
  const problem = problemFrom(error);
  return (
    <Modal opened onClose={onClose} title={`Test request to ${agentName}`} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One question, signed with the agent’s secret and marked isolated, as a chat sends it. Nothing is recorded.
        </Text>
        <div role="status" aria-live="polite">
          {fetching && <Text size="sm">Sending…</Text>}
          {outcome?.ok && (
            <Alert color="teal" variant="light" title={`Answered${outcome.latencyMs != null ? ` in ${formatNumber(Math.round(outcome.latencyMs))} ms` : ''}`}>
              <Stack gap={4}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {outcome.answer || '(no text)'}
                </Text>
                {outcome.toolCalls > 0 && (
                  <Text size="xs" c="dimmed">
                    It reported {countOf(outcome.toolCalls, 'tool call')}.
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
          {outcome && !outcome.ok && (
            <Alert color="red" variant="light" title="The agent did not answer">
              <Code>{outcome.error}</Code>
            </Alert>
          )}
        </div>
        {problem && <ProblemAlert problem={problem} title="The test request was not sent" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void send({ agentId })} loading={fetching}>
            Send again
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** **Test on a dataset**: choose a dataset, then its Run evals dialog opens with this agent chosen. */
export function TestOnDatasetDialog({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [{ data, fetching, error }] = useQuery({ query: RunnableDatasetsQuery });
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const datasets = data?.datasets.edges.map((edge) => edge.node) ?? [];
  const problem = problemFrom(error);
  return (
    <Modal opened onClose={onClose} title="Test on a dataset" size="md">
      <Stack gap="sm">
        {problem && <ProblemAlert problem={problem} />}
        {data && datasets.length === 0 ? (
          <Text size="sm">No dataset you may see yet: create one in Datasets, with the questions this agent should answer.</Text>
        ) : (
          <Select
            label="Dataset"
            description="Its Run evals dialog opens with this agent chosen."
            placeholder={fetching ? 'Loading datasets…' : 'Choose a dataset'}
            data={datasets.map((dataset) => ({ value: dataset.id, label: dataset.name }))}
            value={datasetId}
            onChange={setDatasetId}
            searchable
            nothingFoundMessage="No dataset has that name"
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!datasetId}
            onClick={() => datasetId && void navigate(`/datasets/${encodeURIComponent(datasetId)}${resultsSearch({ startEval: true })}&agent=${encodeURIComponent(agentId)}`)}
          >
            Open Run evals
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
