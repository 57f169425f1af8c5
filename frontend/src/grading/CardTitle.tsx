import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ScoringCoverageQuery } from '../gql/graphql';
import { countOf } from '../common/count';

/** What the setup on screen covers; null until the API has answered. */
export type Coverage = ScoringCoverageQuery['dataset']['scoring']['coverage'] | null;

/** "2 of 3 cases have …": how many cases hold what a scorer reads. */
export function casesThat(count: number | undefined, coverage: Coverage, what: string): string | null {
  if (!coverage || count === undefined) return null;
  return `${count} of ${countOf(coverage.caseCount, 'case', 'cases')} ${what}`;
}

/** A Settings card's title, what the card is for, and whether it holds an unsaved change. */
export function CardTitle({ title, description, changed }: { title: string; description: string; changed: boolean }) {
  return (
    <Stack gap={2} mb="md">
      <Group gap="xs">
        <Title order={2}>{title}</Title>
        {changed && (
          <Badge color="yellow" variant="light">
            Unsaved changes
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
