import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import type { CombinedError } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';

export interface SharedDetails {
  name: string;
  description: string;
}

/** What one kind of shared resource (a dataset, a knowledge base) says in its Edit details dialog. */
export interface EditDetailsWords {
  /** "dataset", "knowledge base": in the name's refusal and the unsaved-changes label. */
  noun: string;
  /** A line under the fields, when saving means something worth saying. */
  note?: string;
}

/**
 * **Edit details** of a shared resource: its name and description. ``update`` sends
 * them and answers whether they were stored, or the error that refused them; the
 * dialog shows a refusal on its fields. Closing it with a change asks first.
 */
export function EditSharedDetailsDialog({
  resource,
  guardId,
  words,
  update,
  onClose,
}: {
  resource: { id: string } & SharedDetails;
  /** Names the unsaved change among the others the console keeps. */
  guardId: string;
  words: EditDetailsWords;
  update: (details: SharedDetails) => Promise<{ saved: boolean; error?: CombinedError }>;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [start] = useState<SharedDetails>({ name: resource.name, description: resource.description });
  // What a save last stored; read by the guard, outside render.
  const initial = useRef<SharedDetails>(start);
  const form = useForm<SharedDetails>({
    mode: 'controlled',
    initialValues: start,
    validate: { name: (value) => (value.trim() === '' ? `A ${words.noun} needs a name.` : null) },
  });
  const values = form.getValues();

  const save = async (): Promise<boolean> => {
    if (form.validate().hasErrors) return false;
    setSaving(true);
    setProblem(null);
    const current = form.getValues();
    const result = await update({ name: current.name.trim(), description: current.description.trim() });
    setSaving(false);
    if (!result.saved) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return false;
    }
    initial.current = current;
    return true;
  };

  const { confirmClose } = useUnsavedChanges({
    id: guardId,
    label: `The ${words.noun}’s details`,
    // Read live by the guard (the form's values update at once), so a save or discard lets the close that follows pass.
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
          {words.note && (
            <Text size="sm" c="dimmed">
              {words.note}
            </Text>
          )}
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
