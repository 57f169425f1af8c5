import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import { CreateDatasetMutation } from './operations';

interface Values {
  name: string;
  description: string;
  private: boolean;
}

const START: Values = { name: '', description: '', private: false };

/** Create: a name, a description and whether it starts private. The new dataset opens at once. */
export function CreateDatasetDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const [, createDataset] = useMutation(CreateDatasetMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: START,
    validate: { name: (value) => (value.trim() === '' ? 'Give the dataset a name.' : null) },
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
    const result = await createDataset(
      { input: { name: values.name.trim(), description: values.description.trim(), private: values.private } },
      { additionalTypenames: ['Dataset', 'DatasetConnection'] },
    );
    setSaving(false);
    const created = result.data?.createDataset.dataset;
    if (!created) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return;
    }
    close();
    onCreated(created.id);
  });

  return (
    <Modal opened={opened} onClose={close} title="Create dataset" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="Could not create the dataset" />}
          <TextInput label="Name" required data-autofocus placeholder="Refund questions" {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            description="What the dataset tests, for the next person who opens it."
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <Switch
            label="Start private"
            description="A private dataset is visible to you and the people you share it with. Otherwise everyone in the organization can see it; you can change this later."
            {...form.getInputProps('private', { type: 'checkbox' })}
          />
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
