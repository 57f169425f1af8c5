import { Alert, Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowForwardUp } from '@tabler/icons-react';
import { ProblemAlert } from '../api/ProblemAlert';
import { isFollowUp } from '../chat/followUp';
import { CasePreview } from './CasePreview';
import type { KeepAs } from './twoWrites';
import type { AddToDatasetState } from './useAddToDataset';
import { countOf } from '../common/count';

const KEEP_AS_WORDS: Record<KeepAs, string> = {
  REFERENCE: 'The reference answer: what the agent should answer. The tools it called that change something become expected tool calls.',
  COUNTER_EXAMPLE: 'The counter-example: an answer the agent should not give.',
};

/**
 * What Add to dataset asks, wherever it opens: the dataset (or the name of the
 * first one, visible to the organization), what the answer is kept as (unless
 * the caller decided it: the chat's thumbs-down keeps a counter-example), and
 * the earlier turns - asked only when there are some, starting from **Only
 * this question** - then the case as it will be added.
 */
export function AddToDatasetFields({ state, keepAsFixed = false }: { state: AddToDatasetState; keepAsFixed?: boolean }) {
  if (state.draftProblem) return <ProblemAlert problem={state.draftProblem} title="This answer cannot be added" />;
  if (state.datasetsProblem) return <ProblemAlert problem={state.datasetsProblem} title="The datasets could not be listed" />;
  if (state.draftLoading || !state.draft) return state.draftLoading ? <Loader size="sm" aria-label="Loading the case to add" /> : <Text size="sm">This reply answers no question, so it makes no case.</Text>;
  const draft = state.draft;
  const followUp = isFollowUp(draft.question, draft.history.length);
  return (
    <Stack gap="md">
      {draft.conversationOwnerName && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`${draft.conversationOwnerName}’s private conversation`}>
          This conversation is private to {draft.conversationOwnerName}. Copied into a case, its text is shown to the dataset's readers who may read runs.
        </Alert>
      )}
      {state.startsDataset ? (
        <TextInput
          label="New dataset"
          description="You have no dataset to add to yet: this starts one, visible to your organization."
          value={state.newDatasetName}
          onChange={(event) => state.setNewDatasetName(event.currentTarget.value)}
          required
        />
      ) : (
        <Select
          label="Dataset"
          placeholder="Choose a dataset you may edit"
          data={state.datasets.map((dataset) => ({ value: dataset.id, label: dataset.name }))}
          value={state.datasetId}
          onChange={(value) => state.setDatasetId(value)}
          searchable
          nothingFoundMessage="No dataset you may edit matches"
          allowDeselect={false}
          description={state.dataset ? `Added as a new version: version ${state.dataset.latestVersion + 1}.` : undefined}
        />
      )}
      {!keepAsFixed && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="keep-as-label">
            Keep the answer as
          </Text>
          <SegmentedControl
            aria-labelledby="keep-as-label"
            value={state.keepAs}
            onChange={(value) => state.setKeepAs(value as KeepAs)}
            data={[
              { value: 'REFERENCE', label: 'Reference answer' },
              { value: 'COUNTER_EXAMPLE', label: 'Counter-example' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {KEEP_AS_WORDS[state.keepAs]}
          </Text>
        </Stack>
      )}
      {state.hasHistory && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="history-label">
            The turns before the question
          </Text>
          <SegmentedControl
            aria-labelledby="history-label"
            value={state.withHistory ? 'with' : 'only'}
            onChange={(value) => state.setWithHistory(value === 'with')}
            data={[
              { value: 'only', label: 'Only this question' },
              { value: 'with', label: 'With the conversation' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {countOf(draft.history.length, 'message', 'messages')} of the conversation came before it.
          </Text>
          {followUp && (
            <Text size="sm" c="indigo.8" role="note">
              <IconArrowForwardUp size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> This question is a follow-up: it opens on “and” or “what about”, so it may make sense only With the conversation.
            </Text>
          )}
        </Stack>
      )}
      <CasePreview draft={draft} keepAs={state.keepAs} withHistory={state.withHistory} />
    </Stack>
  );
}
