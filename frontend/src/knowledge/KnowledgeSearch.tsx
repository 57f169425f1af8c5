import { Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { SearchKnowledgeQuery } from './operations';

const PAGE_SIZE = 20;

function Hits({ baseId, query, onOpenDocument }: { baseId: string; query: string; onOpenDocument: (documentId: string) => void }) {
  const pages = useKeysetPages(query);
  const [{ data, error, fetching }] = useQuery({ query: SearchKnowledgeQuery, variables: { query, baseIds: [baseId], first: PAGE_SIZE, after: pages.after } });
  const problem = problemFrom(error);
  if (problem) return <ProblemAlert problem={problem} title="The search failed" />;
  if (!data || fetching) return <Loader size="sm" aria-label="Searching" />;
  const connection = data.searchKnowledge;
  if (connection.edges.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        No passage matches “{query}”.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ol" aria-label="Search hits" p={0} m={0} style={{ listStyle: 'none' }}>
        {connection.edges.map(({ node: hit }, index) => (
          <Paper component="li" key={`${hit.document.id}:${hit.passage.ordinal}`} withBorder radius="sm" p="sm">
            <Group gap="xs" mb={4} wrap="nowrap" justify="space-between">
              <Text size="sm">
                <Text span c="dimmed">
                  {pages.pageIndex * PAGE_SIZE + index + 1}.{' '}
                </Text>
                <Anchor component="button" type="button" fw={600} onClick={() => onOpenDocument(hit.document.id)}>
                  {hit.document.title}
                </Anchor>
                {hit.passage.heading && (
                  <Text span c="dimmed">
                    {' '}
                    · {hit.passage.heading.split(' > ').join(' › ')}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" title="PostgreSQL's ts_rank: higher is better; a heading match weighs more">
                rank {hit.rank.toFixed(3)}
              </Text>
            </Group>
            <Text size="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {hit.passage.text}
            </Text>
          </Paper>
        ))}
      </Stack>
      <KeysetPager
        what="hits"
        pageIndex={pages.pageIndex}
        pageSize={PAGE_SIZE}
        shown={connection.edges.length}
        total={null}
        hasNextPage={connection.pageInfo.hasNextPage}
        onPrevious={pages.previous}
        onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
      />
    </Stack>
  );
}

/** Search this base as agents will: words, "a phrase", or, -word; the passages found best first. */
export function KnowledgeSearch({ baseId, onOpenDocument }: { baseId: string; onOpenDocument: (documentId: string) => void }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  return (
    <Stack gap="sm">
      <form
        role="search"
        aria-label="Search this knowledge base"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label="Search passages"
            description={'Words, "a phrase", or, -word: as a web search reads them.'}
            placeholder="refund -shipping"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" disabled={typed.trim() === ''}>
            Search
          </Button>
        </Group>
      </form>
      {query !== '' && <Hits baseId={baseId} query={query} onOpenDocument={onOpenDocument} />}
    </Stack>
  );
}
