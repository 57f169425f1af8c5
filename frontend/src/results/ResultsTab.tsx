import { EmptyState, List, Paper, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/**
 * Results: the dataset's test runs and answer review. Both arrive with a later
 * release; until then this place says what will appear here, and shows no data.
 */
export function ResultsTab() {
  return (
    <Paper withBorder radius="md" py={48} px="xl">
      <EmptyState
        icon={<IconChartBar size={28} stroke={1.5} />}
        variant="light"
        title="Results arrive with a later release"
        description="This is where you will test agents on this dataset and review how they answered."
      >
        <Stack gap="xs" maw={620} mx="auto" mt="sm">
          <Text size="sm" fw={600}>
            What will appear here
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Test runs: choose an agent, check the estimated cost, and follow each run live over a version of the cases.</List.Item>
            <List.Item>Review answers: every graded answer with its question, agent, result, model, date and source, and the criteria it passed or failed.</List.Item>
            <List.Item>The review queue, where answers wait for a person to decide on them.</List.Item>
          </List>
        </Stack>
      </EmptyState>
    </Paper>
  );
}
