import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { LabelBadge } from '../cases/CasesTable';
import { type Twin, TwinDialog } from '../cases/form/TwinDialog';
import { expectationLabels, tagColor } from '../cases/labels';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import type { ProposedCaseFieldsFragment } from '../gql/graphql';
import { EditProposedCaseDialog } from './EditProposedCaseDialog';
import { sourceName } from './generationChoices';
import { acceptedWords, DRAFT_TWIN_WORDS, draftKnowledgeBase, draftLinkWords, twinCases } from './generationWords';
import { AcceptProposedCasesMutation, DismissProposedCasesMutation, ProposedCasesQuery } from './operations';
import type { DraftEdit } from './proposedEdit';
import { countOf } from '../common/count';

const PAGE_SIZE = 20;
// Dataset too: the count of drafts waiting, and the dataset's newest version, change.
const CHANGES = { additionalTypenames: ['Dataset', 'Case', 'ProposedCase', 'DatasetVersion'] };

function DraftCard({ draft, busy, onAccept, onEdit, onDismiss }: { draft: ProposedCaseFieldsFragment; busy: boolean; onAccept: () => void; onEdit: () => void; onDismiss: () => void }) {
  const link = draftLinkWords(draft);
  const base = draftKnowledgeBase(draft);
  const labels = expectationLabels({ ...draft, referenceVerified: false });
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Draft: ${draft.input}`} data-testid="proposed-case">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" size="sm" color="orange">
                {sourceName(draft.source)}
              </Badge>
              {labels.map((label) => (
                <LabelBadge key={label.kind} {...label} />
              ))}
              {draft.tags.map((tag) => (
                <Badge key={tag} variant="light" size="sm" color={tagColor(tag)}>
                  {tag}
                </Badge>
              ))}
            </Group>
            <Text fw={600}>{draft.input}</Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} onClick={onAccept} disabled={busy} aria-label={`Accept: ${draft.input}`}>
              Accept
            </Button>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit} disabled={busy} aria-label={`Edit first: ${draft.input}`}>
              Edit first
            </Button>
            <Button size="xs" variant="default" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={onDismiss} disabled={busy} aria-label={`Dismiss: ${draft.input}`}>
              Dismiss
            </Button>
          </Group>
        </Group>
        {link && (
          <Text size="sm" c="dimmed">
            {link}
            {base && (
              <>
                {' in '}
                <Anchor component={Link} to={base.path} size="sm">
                  {base.name}
                </Anchor>
              </>
            )}
          </Text>
        )}
        {draft.referenceAnswer && (
          <Text size="sm">
            <Text span fw={500}>
              Reference answer:{' '}
            </Text>
            {draft.referenceAnswer}
          </Text>
        )}
        {draft.counterExample && (
          <Text size="sm">
            <Text span fw={500}>
              Counter-example:{' '}
            </Text>
            {draft.counterExample}
          </Text>
        )}
        {draft.note && (
          <Text size="sm" c="dimmed">
            {draft.note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Proposed cases: the generator's drafts waiting for a decision, oldest
 * first. Accept one as it is, edit it first, or dismiss it - or the whole page
 * at once. One Accept is one new version; the message says which. A draft
 * asking what a case already asks stops the Accept to say so, with Open it
 * and Accept anyway, as adding a case by hand does. Drafts from chats the
 * reader may not read are counted, not shown.
 */
export function ProposedCasesView({
  datasetId,
  refreshKey,
  onShowCases,
  onOpenCase,
}: {
  datasetId: string;
  refreshKey: number;
  onShowCases: () => void;
  onOpenCase: (caseId: string) => void;
}) {
  const pages = useKeysetPages(`${datasetId}|${refreshKey}`);
  const [{ data, fetching, error }, readAgain] = useQuery({
    query: ProposedCasesQuery,
    variables: { id: datasetId, first: PAGE_SIZE, after: pages.after },
    requestPolicy: 'cache-and-network',
  });
  // A finished generation adds drafts no mutation of this console announced: read them again.
  useEffect(() => {
    if (refreshKey > 0) readAgain({ requestPolicy: 'network-only' });
  }, [refreshKey, readAgain]);
  const [{ fetching: accepting }, accept] = useMutation(AcceptProposedCasesMutation);
  const [{ fetching: dismissing }, dismiss] = useMutation(DismissProposedCasesMutation);
  const [editing, setEditing] = useState<ProposedCaseFieldsFragment | null>(null);
  const [outcome, setOutcome] = useState<{ words: string; accepted: boolean } | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [stopped, setStopped] = useState<{ ids: string[]; edits: DraftEdit[] | null; twins: Twin[] } | null>(null);
  const busy = accepting || dismissing;

  const connection = data?.dataset.proposedCases;
  const drafts = connection?.edges.map((edge) => edge.node) ?? [];
  const waiting = data?.dataset.proposedCaseCount ?? 0;
  const hidden = Math.max(0, waiting - (connection?.totalCount ?? drafts.length));

  const acceptDrafts = async (ids: string[], edits: DraftEdit[] | null = null, allowTwins = false): Promise<ApiProblem | null> => {
    setProblem(null);
    const result = await accept({ ids, edits, allowTwins }, CHANGES);
    const answer = result.data?.acceptProposedCases;
    if (!answer) return problemFrom(result.error);
    if (answer.accepted === 0 && answer.twins.length > 0) {
      // A case already asks what a draft asks: say so, as adding one by hand does.
      setStopped({ ids, edits, twins: twinCases(answer.twins) });
      return null;
    }
    setStopped(null);
    setOutcome({ words: acceptedWords(answer.accepted, answer.version), accepted: true });
    return null;
  };
  const acceptShowing = async (ids: string[]) => setProblem(await acceptDrafts(ids));
  const dismissDrafts = async (ids: string[]) => {
    setProblem(null);
    const result = await dismiss({ ids }, CHANGES);
    const answer = result.data?.dismissProposedCases;
    if (answer) setOutcome({ words: `${countOf(answer.dismissed, 'draft', 'drafts')} dismissed; nothing was added to the dataset.`, accepted: false });
    else setProblem(problemFrom(result.error));
  };
  const pageIds = drafts.map((draft) => draft.id);
  const shownProblem = problem ?? problemFrom(error);

  return (
    <Stack gap="md" component="section" aria-labelledby="proposed-cases-title">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} fz="lg" id="proposed-cases-title">
            Proposed cases
          </Title>
          {fetching && <Loader size="sm" aria-label="Loading proposed cases" />}
        </Group>
        {drafts.length > 0 && (
          <Group gap="xs">
            <Button size="sm" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void acceptShowing(pageIds)} disabled={busy}>
              Accept this page ({drafts.length})
            </Button>
            <Button size="sm" variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={() => void dismissDrafts(pageIds)} disabled={busy}>
              Dismiss this page ({drafts.length})
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Nothing reaches the dataset until you accept it. One Accept is one new version, its cases with the source Generated; a dismissed draft is deleted.
      </Text>
      {outcome && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} withCloseButton closeButtonLabel="Close the message" onClose={() => setOutcome(null)} role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm" data-testid="proposed-outcome">
              {outcome.words}
            </Text>
            {outcome.accepted && (
              <Button size="xs" variant="default" onClick={onShowCases}>
                See the cases
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {shownProblem && <ProblemAlert problem={shownProblem} onClose={() => setProblem(null)} />}
      {hidden > 0 && (
        <Text size="sm" c="dimmed">
          {countOf(hidden, 'draft from chats waits', 'drafts from chats wait')} for a member who may view runs: they paraphrase what people asked.
        </Text>
      )}
      {connection && drafts.length === 0 && hidden === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No drafts wait. Generate cases to propose some.
        </Text>
      )}
      {drafts.map((draft) => (
        <DraftCard
          key={draft.id}
          draft={draft}
          busy={busy}
          onAccept={() => void acceptShowing([draft.id])}
          onEdit={() => setEditing(draft)}
          onDismiss={() => void dismissDrafts([draft.id])}
        />
      ))}
      {connection && (
        <KeysetPager
          what="drafts"
          pageIndex={pages.pageIndex}
          pageSize={PAGE_SIZE}
          shown={drafts.length}
          total={connection.totalCount}
          hasNextPage={connection.pageInfo.hasNextPage}
          onPrevious={pages.previous}
          onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
        />
      )}
      {editing && <EditProposedCaseDialog draft={editing} onAccept={(edit) => acceptDrafts([edit.id], [edit])} onClose={() => setEditing(null)} />}
      <TwinDialog
        twins={stopped?.twins ?? null}
        adding={accepting}
        words={DRAFT_TWIN_WORDS}
        onClose={() => setStopped(null)}
        onOpen={(caseId) => {
          setStopped(null);
          onOpenCase(caseId);
        }}
        onAddAnyway={() => {
          if (stopped) void acceptDrafts(stopped.ids, stopped.edits, true).then(setProblem);
        }}
      />
    </Stack>
  );
}
