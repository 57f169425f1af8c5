import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { CombinedError } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';

export interface NewSharedResource {
  name: string;
  description: string;
  private: boolean;
}

/** The words of one kind of shared resource (a dataset, a knowledge base) in its Create dialog. */
export interface SharedResourceWords {
  /** "dataset", "knowledge base": in the title, the name's refusal and the failure's title. */
  noun: string;
  namePlaceholder: string;
  describes: string;
  privateMeans: string;
}

const START: NewSharedResource = { name: '', description: '', private: false };

/**
 * Create a shared resource: a name, a description and whether it starts private. ``create``
 * sends it and answers the new id, or the error that refused it; the dialog shows the
 * refusal on its fields and closes on success.
 */
export function CreateSharedDialog({
  opened,
  onClose,
  onCreated,
  words,
  create,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
  words: SharedResourceWords;
  create: (values: NewSharedResource) => Promise<{ id?: string; error?: CombinedError }>;
}) {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm<NewSharedResource>({
    mode: 'controlled',
    initialValues: START,
    validate: { name: (value) => (value.trim() === '' ? `Give the ${words.noun} a name.` : null) },
  });

  const close = () => {
    form.setValues(START);
    form.clearErrors();
    setProblem(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setProblem(null);
    const result = await create({ name: values.name.trim(), description: values.description.trim(), private: values.private });
    setSaving(false);
    if (!result.id) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return;
    }
    close();
    onCreated(result.id);
  });

  return (
    <Modal opened={opened} onClose={close} title={`Create ${words.noun}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} unplaced={unplaced} title={`Could not create the ${words.noun}`} />}
          <TextInput label="Name" required data-autofocus placeholder={words.namePlaceholder} {...form.getInputProps('name')} />
          <Textarea label="Description" description={words.describes} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
          <Switch label="Start private" description={words.privateMeans} {...form.getInputProps('private', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
