import { ActionIcon, Anchor, Button, Card, Group, Loader, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowRight, IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import { reviewPath } from '../review/reviewParams';
import { queueSentence } from '../review/reviewWords';
import { useQueueSummary } from '../review/useQueueCounts';
import { countOf } from '../common/count';

/**
 * **Waiting for review**: the queue across the datasets the reader can see,
 * live - how many results did not pass, were not graded or passed, and in
 * which datasets, each opening on its Results → Review answers. See all opens
 * the dataset holding the most.
 */
export function WaitingForReviewCard({ onRemove }: { onRemove: () => void }) {
  const summary = useQueueSummary();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="waiting-for-review-title" data-testid="waiting-for-review-card">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="waiting-for-review-title">
          Waiting for review
        </Title>
        <Group gap="xs" wrap="nowrap">
          {summary?.busiest && (
            <Button component={Link} to={reviewPath(summary.busiest.id)} size="xs" variant="light" rightSection={<IconArrowRight size={14} aria-hidden />}>
              See all
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Waiting for review: card options">
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onRemove}>Remove from the dashboard</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {!summary ? (
        <Loader size="sm" aria-label="Loading the review queue" />
      ) : (
        <Stack gap="sm">
          <Group gap="xl" data-testid="waiting-totals">
            <Stack gap={0}>
              <Text fz={28} fw={700} c="red.9" data-testid="waiting-not-passed">
                {summary.notPassed}
              </Text>
              <Text size="sm" c="dimmed">
                did not pass
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text fz={28} fw={700} data-testid="waiting-not-graded">
                {summary.notGraded}
              </Text>
              <Text size="sm" c="dimmed">
                not graded
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text fz={28} fw={700} c="teal.9" data-testid="waiting-passed">
                {summary.passed}
              </Text>
              <Text size="sm" c="dimmed">
                passed
              </Text>
            </Stack>
          </Group>
          <Text size="sm" aria-live="polite" data-testid="waiting-sentence">
            {queueSentence(summary)}
            {summary.waiting > 0 ? `, in ${countOf(summary.datasets.length, 'dataset', 'datasets')}` : ''}.
          </Text>
          {summary.datasets.length > 0 && (
            <Table fz="sm" aria-label="Waiting per dataset" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dataset</Table.Th>
                  <Table.Th ta="right">Did not pass</Table.Th>
                  <Table.Th ta="right">Not graded</Table.Th>
                  <Table.Th ta="right">Passed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.datasets.map((row) => (
                  <Table.Tr key={row.dataset.id} data-testid="waiting-dataset-row">
                    <Table.Td>
                      <Anchor component={Link} to={reviewPath(row.dataset.id)}>
                        {row.dataset.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{row.notPassed}</Table.Td>
                    <Table.Td ta="right">{row.notGraded}</Table.Td>
                    <Table.Td ta="right">{row.passed}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Card>
  );
}
