import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { sourceLabel, tagColor } from '../cases/labels';
import type { DatasetCoverageQuery } from '../gql/graphql';

type Coverage = DatasetCoverageQuery['dataset']['coverage'];

/** Cases by tag, most first, with how many of each last failed: the numbers the gaps are read from. */
export function CasesByTag({ byTag, untagged }: { byTag: Coverage['byTag']; untagged: number }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="coverage-by-tag-title">
      <Title order={2} fz="md" mb="sm" id="coverage-by-tag-title">
        Cases by tag
      </Title>
      {byTag.length === 0 ? (
        <Text size="sm" c="dimmed">
          No case of the newest version carries a tag.
        </Text>
      ) : (
        <Table fz="sm" aria-labelledby="coverage-by-tag-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tag</Table.Th>
              <Table.Th ta="right">Cases</Table.Th>
              <Table.Th ta="right">Failed their latest score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byTag.map((row) => (
              <Table.Tr key={row.tag}>
                <Table.Td>
                  <Badge variant="light" color={tagColor(row.tag)} size="sm">
                    {row.tag}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{row.cases}</Table.Td>
                <Table.Td ta="right" c={row.failing > 0 ? 'red.9' : undefined} fw={row.failing > 0 ? 600 : undefined}>
                  {row.failing}
                </Table.Td>
              </Table.Tr>
            ))}
            {untagged > 0 && (
              <Table.Tr data-testid="coverage-untagged">
                <Table.Td>
                  <Text size="sm" fs="italic">
                    No tag
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{untagged}</Table.Td>
                {/* A case without a tag is in no gap, so its failures are not counted here. */}
                <Table.Td ta="right" c="dimmed">
                  —
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Cases by where they came from - written, imported, from a conversation, generated - most first. */
export function CasesBySource({ bySource }: { bySource: Coverage['bySource'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="coverage-by-source-title">
      <Title order={2} fz="md" mb="sm" id="coverage-by-source-title">
        Cases by source
      </Title>
      <Table fz="sm" aria-labelledby="coverage-by-source-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th ta="right">Cases</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bySource.map((row) => {
            const label = sourceLabel(row.source);
            return (
              <Table.Tr key={row.source}>
                <Table.Td title={label.description}>{label.text}</Table.Td>
                <Table.Td ta="right">{row.cases}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
