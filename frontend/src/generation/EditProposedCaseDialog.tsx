import { Button, Group, Modal, Stack, TagsInput, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { type ApiProblem, fieldMessage, type FieldProblem } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { ProposedCaseFieldsFragment } from '../gql/graphql';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';
import { type DraftEdit, draftEdit, editProblems, editValuesOf } from './proposedEdit';

/**
 * Edit first: the draft's question, reference answer and tags, then Accept
 * with the edit - one new version. Its other fields (checks, expected calls,
 * links) are kept as drafted. An unsaved edit is guarded like any case's.
 */
export function EditProposedCaseDialog({
  draft,
  onAccept,
  onClose,
}: {
  draft: ProposedCaseFieldsFragment;
  /** Accepts with the edit; resolves the API's refusal, or null once accepted. */
  onAccept: (edit: DraftEdit) => Promise<ApiProblem | null>;
  onClose: () => void;
}) {
  const [opened] = useState(() => editValuesOf(draft));
  const [values, setValues] = useState(opened);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const leaving = useRef(false);
  const local: FieldProblem[] = editProblems(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(opened);

  const accept = async (): Promise<boolean> => {
    if (local.length > 0) return false;
    setSaving(true);
    const refused = await onAccept(draftEdit(draft.id, opened, values));
    setSaving(false);
    setProblem(refused);
    if (refused) return false;
    leaving.current = true;
    onClose();
    return true;
  };

  const { confirmClose } = useUnsavedChanges({
    id: `proposed-case:${draft.id}`,
    label: 'The edited draft',
    get dirty() {
      return dirty && !leaving.current;
    },
    canSave: local.length === 0,
    save: accept,
    discard: () => {
      leaving.current = true;
      onClose();
    },
  });
  const close = async () => {
    if (!(await confirmClose())) return;
    leaving.current = true;
    onClose();
  };

  return (
    <Modal opened onClose={() => void close()} title="Edit the draft, then accept it" size="lg" centered>
      <Stack gap="md">
        <Textarea
          label="Question"
          autosize
          minRows={2}
          value={values.input}
          onChange={(event) => setValues({ ...values, input: event.currentTarget.value })}
          error={fieldMessage('input', local, problem)}
        />
        <Textarea
          label="Reference answer"
          description="What a good answer says; leave it empty for none."
          autosize
          minRows={2}
          value={values.referenceAnswer}
          onChange={(event) => setValues({ ...values, referenceAnswer: event.currentTarget.value })}
          error={fieldMessage('referenceAnswer', local, problem)}
        />
        <TagsInput label="Tags" value={values.tags} onChange={(tags) => setValues({ ...values, tags })} error={fieldMessage('tags', local, problem)} />
        {problem && <ProblemAlert problem={problem} title="The draft was not accepted" onClose={() => setProblem(null)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void close()}>
            Cancel
          </Button>
          <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void accept()} loading={saving} disabled={local.length > 0}>
            Accept with these changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
