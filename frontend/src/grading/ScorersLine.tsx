import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from 'urql';
import type { ScorerSwitchesFieldsFragment } from '../gql/graphql';
import { DatasetScorersQuery } from './operations';

const SCORERS: { key: keyof Omit<ScorerSwitchesFieldsFragment, '__typename'>; name: string }[] = [
  { key: 'checks', name: 'Checks' },
  { key: 'toolCalls', name: 'Expected tool calls' },
  { key: 'judge', name: 'Your criteria' },
  { key: 'reference', name: 'Reference answer' },
  { key: 'structured', name: 'Structured reference' },
];

/** The dataset's scorers in one line: which grade a case, and which must pass. */
export function ScorersLine({ datasetId }: { datasetId: string }) {
  const [{ data }] = useQuery({ query: DatasetScorersQuery, variables: { id: datasetId } });
  const scoring = data?.dataset.scoring;
  if (!scoring) return null;
  const on = SCORERS.filter((scorer) => scoring[scorer.key].enabled);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        Graded by
      </Text>
      {on.length === 0 && (
        <Text size="xs" c="dimmed">
          no scorer yet
        </Text>
      )}
      {on.map((scorer) => (
        <Badge key={scorer.key} size="sm" variant={scoring[scorer.key].mustPass ? 'light' : 'outline'} color="gray">
          {scorer.name}
          {scoring[scorer.key].mustPass ? ' · must pass' : ''}
        </Badge>
      ))}
    </Group>
  );
}
