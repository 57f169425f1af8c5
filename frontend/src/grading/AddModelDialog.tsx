import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { ModelConnectionFieldsFragment, ModelProviderKind } from '../gql/graphql';
import { AddModelConnectionMutation } from './operations';

interface Values {
  name: string;
  provider: ModelProviderKind;
  models: string[];
  baseUrl: string;
  apiKey: string;
}

const START: Values = { name: '', provider: 'OPENAI', models: [], baseUrl: '', apiKey: '' };

/**
 * **Add model**: a provider, the models it offers and its key, saved as one of
 * the organization's model connections. The key is stored encrypted and never
 * shown again.
 */
export function AddModelDialog({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: (connection: ModelConnectionFieldsFragment) => void }) {
  const [, addConnection] = useMutation(AddModelConnectionMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: START,
    validate: {
      name: (value) => (value.trim() === '' ? 'Name the connection, such as “OpenAI production”.' : null),
      models: (value) => (value.length === 0 ? 'Name at least one model it offers. Press Enter after each.' : null),
    },
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
    const result = await addConnection({
      input: {
        name: values.name.trim(),
        provider: values.provider,
        models: values.models,
        baseUrl: values.baseUrl.trim() || null,
        apiKey: values.apiKey || null,
      },
    });
    setSaving(false);
    const connection = result.data?.addModelConnection.connection;
    if (!connection) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return;
    }
    close();
    onAdded(connection);
  });

  return (
    <Modal opened={opened} onClose={close} title="Add model" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="The model was not added" />}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Provider
            </Text>
            <SegmentedControl
              aria-label="Provider"
              data={[
                { value: 'OPENAI', label: 'OpenAI-compatible' },
                { value: 'ANTHROPIC', label: 'Anthropic' },
              ]}
              {...form.getInputProps('provider')}
            />
            <Text size="xs" c="dimmed">
              OpenAI-compatible covers OpenAI and servers that speak its API, such as vLLM, Ollama, llama.cpp and LiteLLM.
            </Text>
          </Stack>
          <TextInput label="Name" required data-autofocus placeholder="OpenAI production" {...form.getInputProps('name')} />
          <TagsInput label="Models" description="The model names it offers. Press Enter after each." required placeholder="gpt-4o-mini" {...form.getInputProps('models')} />
          <TextInput label="Base URL" description="Leave empty for the provider's own API." placeholder="http://localhost:11434/v1" {...form.getInputProps('baseUrl')} />
          <PasswordInput label="API key" description="Stored encrypted; only a hint of it is ever shown again." autoComplete="off" {...form.getInputProps('apiKey')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Add model
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
