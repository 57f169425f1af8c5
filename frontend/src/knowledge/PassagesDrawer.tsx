import { Drawer, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { headingWords } from './documentFile';
import { KnowledgePassagesQuery } from './operations';

const PAGE_SIZE = 50;

/**
 * A document's passages in order, each under its heading path: what search
 * finds and agents will read. Opened from the address (`?document={id}`), so
 * its title comes with its passages.
 */
export function PassagesDrawer({ documentId, onClose }: { documentId: string; onClose: () => void }) {
  const pages = useKeysetPages(documentId);
  const [{ data, error }] = useQuery({ query: KnowledgePassagesQuery, variables: { documentId, first: PAGE_SIZE, after: pages.after } });
  const problem = problemFrom(error);
  const document = data?.node && data.node.__typename === 'KnowledgeDocument' ? data.node : null;
  const connection = document?.passages;
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" closeButtonProps={{ 'aria-label': 'Close passages' }} title={document ? `Passages of “${document.title}”` : 'Passages'}>
      {problem && <ProblemAlert problem={problem} />}
      {!data && !problem && <Loader size="sm" aria-label="Loading passages" />}
      {data && !connection && <Text size="sm">This document was deleted, or is not one you may read.</Text>}
      {connection && (
        <Stack gap="sm">
          <Stack gap="sm" component="ol" aria-label="Passages" p={0} m={0} style={{ listStyle: 'none' }}>
            {connection.edges.map(({ node: passage }) => (
              <Paper component="li" key={passage.ordinal} withBorder radius="sm" p="sm">
                <Text size="xs" c="dimmed" fw={600} mb={4}>
                  {passage.ordinal + 1}. {headingWords(passage.headingPath)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {passage.text}
                </Text>
              </Paper>
            ))}
          </Stack>
          <KeysetPager
            what="passages"
            pageIndex={pages.pageIndex}
            pageSize={PAGE_SIZE}
            shown={connection.edges.length}
            total={connection.totalCount}
            hasNextPage={connection.pageInfo.hasNextPage}
            onPrevious={pages.previous}
            onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
          />
        </Stack>
      )}
    </Drawer>
  );
}
