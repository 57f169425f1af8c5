import { Badge, Group, SegmentedControl } from '@mantine/core';
import { useQuery } from 'urql';
import { ProposedCaseCountQuery } from './operations';

/**
 * Cases or Proposed cases, for members who may edit the dataset: the count
 * badge says how many drafts wait, those from chats the reader may not read
 * included.
 */
export function ProposedSwitch({ datasetId, proposed, onChange }: { datasetId: string; proposed: boolean; onChange: (proposed: boolean) => void }) {
  const [{ data }] = useQuery({ query: ProposedCaseCountQuery, variables: { id: datasetId }, requestPolicy: 'cache-and-network' });
  const waiting = data?.dataset.proposedCaseCount ?? 0;
  return (
    <SegmentedControl
      aria-label="Cases or proposed cases"
      mb="md"
      value={proposed ? 'proposed' : 'cases'}
      onChange={(value) => onChange(value === 'proposed')}
      data={[
        { value: 'cases', label: 'Cases' },
        {
          value: 'proposed',
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              Proposed cases
              <Badge size="sm" variant={waiting > 0 ? 'filled' : 'light'} color={waiting > 0 ? 'orange' : 'gray'} data-testid="proposed-count">
                {waiting}
              </Badge>
            </Group>
          ),
        },
      ]}
    />
  );
}
