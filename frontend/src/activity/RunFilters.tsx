import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from 'urql';
import { AgentsQuery } from '../agents/operations';
import type { RatingFilter } from '../gql/graphql';
import { type ActivityParams, isFiltered, type Tristate } from './activityParams';

const RATING_WORDS: { value: RatingFilter; label: string }[] = [
  { value: 'DOWN', label: 'Rated down' },
  { value: 'UP', label: 'Rated up' },
  { value: 'RATED', label: 'Rated' },
  { value: 'UNRATED', label: 'Not rated' },
];

function tristateData(yes: string, no: string) {
  return [
    { value: 'yes', label: yes },
    { value: 'no', label: no },
  ];
}

/** The runs table's filters: agent, rating, the days they started, isolated and eval runs. */
export function RunFilters({ params, onChange }: { params: ActivityParams; onChange: (patch: Partial<ActivityParams>) => void }) {
  const [{ data }] = useQuery({ query: AgentsQuery, variables: { first: 100 } });
  const agents = data?.agents.edges.map((edge) => ({ value: edge.node.id, label: edge.node.name })) ?? [];
  if (params.agentId && !agents.some((agent) => agent.value === params.agentId)) agents.push({ value: params.agentId, label: 'An agent not listed' });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Agent"
        placeholder="Any agent"
        data={agents}
        value={params.agentId}
        onChange={(agentId) => onChange({ agentId })}
        searchable
        clearable
        nothingFoundMessage="No agent matches"
        w={220}
      />
      <Select
        label="Rating"
        placeholder="Any rating"
        data={RATING_WORDS}
        value={params.rating}
        onChange={(rating) => onChange({ rating: rating as RatingFilter | null })}
        clearable
        w={150}
      />
      <TextInput label="Started from" type="date" value={params.since ?? ''} onChange={(event) => onChange({ since: event.currentTarget.value || null })} w={160} />
      <TextInput label="Started until" type="date" value={params.until ?? ''} onChange={(event) => onChange({ until: event.currentTarget.value || null })} w={160} />
      <Select
        label="Isolated"
        placeholder="Isolated or not"
        data={tristateData('Isolated only', 'Not isolated')}
        value={params.isolated}
        onChange={(value) => onChange({ isolated: value as Tristate })}
        clearable
        w={160}
      />
      <Select
        label="Traffic"
        placeholder="Eval runs and people"
        data={tristateData('Eval runs only', 'People only')}
        value={params.eval}
        onChange={(value) => onChange({ eval: value as Tristate })}
        clearable
        w={180}
      />
      {isFiltered(params) && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange({ agentId: null, rating: null, since: null, until: null, isolated: null, eval: null })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
