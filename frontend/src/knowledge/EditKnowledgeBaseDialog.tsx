import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { KnowledgeBaseHeaderFieldsFragment } from '../gql/graphql';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';
import { UpdateKnowledgeBaseMutation } from './operations';

interface Values {
  name: string;
  description: string;
}

/** **Edit details**: the name and description. Closing it with a change asks first. */
export function EditKnowledgeBaseDialog({ base, onClose }: { base: KnowledgeBaseHeaderFieldsFragment; onClose: () => void }) {
  const [, updateBase] = useMutation(UpdateKnowledgeBaseMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [start] = useState<Values>({ name: base.name, description: base.description });
  // What a save last stored; read by the guard, outside render.
  const initial = useRef<Values>(start);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: start,
    validate: { name: (value) => (value.trim() === '' ? 'A knowledge base needs a name.' : null) },
  });
  const values = form.getValues();

  const save = async (): Promise<boolean> => {
    if (form.validate().hasErrors) return false;
    setSaving(true);
    setProblem(null);
    const current = form.getValues();
    const result = await updateBase({ input: { id: base.id, name: current.name.trim(), description: current.description.trim() } });
    setSaving(false);
    if (!result.data) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return false;
    }
    initial.current = current;
    return true;
  };

  const { confirmClose } = useUnsavedChanges({
    id: `knowledge-base-details:${base.id}`,
    label: 'The knowledge base’s details',
    // Read live by the guard, so a save or discard lets the close that follows pass.
    get dirty() {
      const now = form.getValues();
      return now.name !== initial.current.name || now.description !== initial.current.description;
    },
    canSave: values.name.trim() !== '',
    createsVersion: false,
    save,
    discard: () => form.setValues(initial.current),
  });

  const close = async () => {
    if (await confirmClose()) onClose();
  };

  return (
    <Modal opened onClose={() => void close()} title="Edit details" size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save().then((saved) => saved && onClose());
        }}
      >
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="Could not save the details" />}
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void close()}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
