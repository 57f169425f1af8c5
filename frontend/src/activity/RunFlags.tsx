import { Badge, Group, Tooltip } from '@mantine/core';
import type { RunRowFieldsFragment } from '../gql/graphql';

/** What sets a run apart: it failed, its writes were blocked, it answered a test, nothing of it was kept. */
export function RunFlags({ run }: { run: Pick<RunRowFieldsFragment, 'status' | 'isolated' | 'eval' | 'hasTranscript'> }) {
  return (
    <Group gap={4}>
      {run.status === 'FAILED' && (
        <Badge size="sm" color="red" variant="light">
          Failed
        </Badge>
      )}
      {run.isolated && (
        <Tooltip label="Writes were blocked: tools not declared read-only never ran.">
          <Badge size="sm" color="orange" variant="light" tabIndex={0}>
            Isolated
          </Badge>
        </Tooltip>
      )}
      {run.eval && (
        <Tooltip label="It answered a test (an eval run), not a person.">
          <Badge size="sm" color="indigo" variant="light" tabIndex={0}>
            Eval
          </Badge>
        </Tooltip>
      )}
      {!run.hasTranscript && (
        <Badge size="sm" color="gray" variant="outline">
          No transcript
        </Badge>
      )}
    </Group>
  );
}
