import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatExact } from '../../common/time';
import type { CaseFieldsFragment } from '../../gql/graphql';
import { sourceLabel, tagColor } from '../labels';

function Fact({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Where a case came from: its run's page in Activity, when it names one, or what a generated case was drafted from. */
function CameFrom({ link }: { link: CaseFieldsFragment['sourceLink'] }) {
  if (!link) return null;
  let from: React.ReactNode = 'A recorded conversation';
  if (link.runId) {
    from = (
      <Anchor component={Link} to={`/activity/runs/${encodeURIComponent(link.runId)}`} size="sm">
        Its run in Activity
      </Anchor>
    );
  } else if (link.knowledgeDocumentId) {
    from = 'A passage of a knowledge document';
  } else if (link.questionMessageId) {
    from = 'A question people asked, which it varies';
  }
  return <Fact name="Came from">{from}</Fact>;
}

/** The case's note and tags, and where and when it was written. */
export function CaseFacts({ data }: { data: CaseFieldsFragment }) {
  const source = sourceLabel(data.source);
  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-label="Note">
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
          Note
        </Title>
        {data.note ? (
          <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-yellow-0)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} fs={data.masked ? 'italic' : undefined}>
              {data.note}
            </Text>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            No note says why this case exists.
          </Text>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-label="Tags">
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
          Tags
        </Title>
        {data.tags.length > 0 ? (
          <Group gap={6}>
            {data.tags.map((tag) => (
              <Badge key={tag} variant="light" color={tagColor(tag)}>
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No tags.
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Fact name="Source">
          <Badge variant="light" color={source.color} title={source.description}>
            {source.text}
          </Badge>
        </Fact>
        <Fact name="Revision">
          {data.revision}, made in v{data.changedInVersion}
        </Fact>
        <Fact name="Created">{formatExact(data.createdAt) || '-'}</Fact>
        <Fact name="Last revised">{formatExact(data.revisedAt) || '-'}</Fact>
        <CameFrom link={data.sourceLink} />
      </SimpleGrid>
    </Stack>
  );
}
