import { Alert, Card, Group, Input, NumberInput, Select, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ModelConnectionFieldsFragment } from '../gql/graphql';
import { CardTitle, type Coverage, casesThat } from './CardTitle';
import { embeddingThreshold, type GradingFormValues, LOCAL_EMBEDDING_MODEL, type ModelChoiceValue, type StructuredFormValue } from './gradingForm';
import { AddModelButton, connectionGroups, fromOption, type ModelGroup, modelOption, withChosen } from './ModelSelect';
import { ScorerSection } from './ScorerSection';

/** What the server says about the saved settings, beside what the form holds. */
export interface StructuredServerFacts {
  /** What scores say when no embedding model is set; null while one is saved. */
  exactOnlyNotice: string | null;
  localEmbeddingsInstalled: boolean;
}

/** Said when the saved settings name an embedding model, so the server's notice is not at hand. */
const EXACT_ONLY_WORDS = 'Without an embedding model, text is compared by exact matching only: alternative spellings count as mismatches.';

function optionOf(choice: ModelChoiceValue | typeof LOCAL_EMBEDDING_MODEL | null): string | null {
  if (choice === null || typeof choice === 'string') return choice;
  return choice.modelConnectionId && choice.model ? modelOption(choice.modelConnectionId, choice.model) : null;
}

function choiceOf(option: string | null): ModelChoiceValue | null {
  if (option === null) return null;
  const { connectionId, model } = fromOption(option);
  return { modelConnectionId: connectionId, model };
}

/** What grading one answer costs with the models on screen. */
function costsOf(structured: StructuredFormValue): string {
  const paidEmbeddings = structured.embeddingModel !== null && structured.embeddingModel !== LOCAL_EMBEDDING_MODEL;
  if (structured.judgeModel !== null) return paidEmbeddings ? 'Embeddings and a judge run' : 'A run of its judge';
  return paidEmbeddings ? 'Embeddings per answer' : 'Costs nothing';
}

function unverifiedWords(coverage: NonNullable<Coverage>): string {
  const count = coverage.unverifiedReferences;
  if (coverage.structured === 0) return 'A case is graded once its reference answer is JSON and verified.';
  if (count === 0) return 'Every one of them is verified.';
  return `${count} of them ${count === 1 ? 'is' : 'are'} not verified: not graded until verified.`;
}

/** The first of the messages the API left on a model choice or on any part of it. */
function choiceError(errors: Record<string, React.ReactNode>, path: string): React.ReactNode {
  return errors[path] ?? errors[`${path}.modelConnectionId`] ?? errors[`${path}.model`];
}

/**
 * **JSON answers**: the structured reference scorer - each value of a JSON
 * answer against the case's verified JSON reference, exactly, then by
 * similarity, then by a judge - with its strictness, pass mark and models, set
 * on the dataset so every agent is scored the same way.
 */
export function StructuredCard({
  form,
  coverage,
  changed,
  disabled,
  connections,
  server,
  canAddModel,
  onConnectionAdded,
}: {
  form: UseFormReturnType<GradingFormValues>;
  coverage: Coverage;
  changed: boolean;
  disabled: boolean;
  connections: readonly ModelConnectionFieldsFragment[];
  server: StructuredServerFacts;
  canAddModel: boolean;
  onConnectionAdded: (connection: ModelConnectionFieldsFragment) => void;
}) {
  const { structured } = form.getValues();
  const { errors } = form;
  const installed = server.localEmbeddingsInstalled;
  const local: ModelGroup = {
    group: 'On this server',
    items: [{ value: LOCAL_EMBEDDING_MODEL, label: installed ? 'Local MiniLM (offline)' : 'Local MiniLM (offline) · not installed', disabled: !installed }],
  };
  const embeddingValue = optionOf(structured.embeddingModel);
  const embeddingData = withChosen([local, ...connectionGroups(connections, (connection) => (connection.provider === 'ANTHROPIC' ? 'computes no embeddings' : null))], embeddingValue);
  const judgeValue = optionOf(structured.judgeModel);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="structured-card-title">
      <div id="structured-card-title">
        <CardTitle
          title="JSON answers"
          description="For agents that answer in JSON. Strictness and models are set here, on the dataset, so every agent is scored the same way."
          changed={changed}
        />
      </div>
      <ScorerSection
        form={form}
        scorer="structured"
        name="Structured reference"
        compares="Each value of the answer against the case's verified JSON reference: exact first, then by similarity, then by the judge. Lists are matched as sets."
        costs={costsOf(structured)}
        reads={casesThat(coverage?.structured, coverage, 'have a JSON reference answer')}
        readsNote={
          coverage && (
            <Text size="sm" c={coverage.unverifiedReferences > 0 ? 'red.9' : 'dimmed'} data-testid="unverified-structured">
              {unverifiedWords(coverage)}
            </Text>
          )
        }
        disabled={disabled}
      >
        {errors.structured && (
          <Text size="sm" c="red.8" role="alert">
            {errors.structured}
          </Text>
        )}
        <Input.Wrapper
          labelElement="div"
          label={`Strictness: ${structured.strictness.toFixed(2)}`}
          description={`Values written differently count as equal from a similarity of ${embeddingThreshold(structured.strictness).toFixed(2)}. Dates and yes/no values always match exactly.`}
          error={errors['structured.strictness']}
        >
          <Group gap="sm" wrap="nowrap" mt={6}>
            <Text size="sm" c="dimmed">
              Lenient
            </Text>
            <Slider
              style={{ flex: 1 }}
              min={0}
              max={1}
              step={0.05}
              precision={2}
              value={structured.strictness}
              onChange={(value) => form.setFieldValue('structured.strictness', value)}
              label={null}
              thumbLabel="Strictness"
              thumbValueText={(value) => `${value.toFixed(2)}: equal from a similarity of ${embeddingThreshold(value).toFixed(2)}`}
              disabled={disabled}
            />
            <Text size="sm" c="dimmed">
              Strict
            </Text>
          </Group>
        </Input.Wrapper>
        <NumberInput
          label="Pass mark"
          description="Passes at this quality or above, from 0 to 1"
          min={0}
          max={1}
          step={0.05}
          decimalScale={2}
          w={300}
          disabled={disabled}
          {...form.getInputProps('structured.passAt')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Embedding model"
            description={
              installed
                ? 'Lets a value written differently count as equal. Local MiniLM runs on this server, offline, at no cost.'
                : 'Lets a value written differently count as equal. Local MiniLM is not installed on this server: it comes with the local-embeddings extra.'
            }
            placeholder="None: exact matching only"
            data={embeddingData}
            value={embeddingValue}
            onChange={(next) => form.setFieldValue('structured.embeddingModel', next === LOCAL_EMBEDDING_MODEL ? LOCAL_EMBEDDING_MODEL : choiceOf(next))}
            searchable
            clearable
            nothingFoundMessage="No saved model matches"
            disabled={disabled}
            error={choiceError(errors, 'structured.embeddingModel')}
            maxDropdownHeight={320}
          />
          <Select
            label="Judge model (optional)"
            description="Grades free text and numbers that differ. Without one, free text earns its similarity and a different number is a mismatch."
            placeholder="No judge"
            data={withChosen(connectionGroups(connections), judgeValue)}
            value={judgeValue}
            onChange={(next) => form.setFieldValue('structured.judgeModel', choiceOf(next))}
            searchable
            clearable
            nothingFoundMessage="No saved model matches"
            disabled={disabled}
            error={choiceError(errors, 'structured.judgeModel')}
            maxDropdownHeight={320}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Embeddings need an OpenAI-compatible connection; a model added here or on the Judge card is offered in every model list.
          </Text>
          <AddModelButton canAddModel={canAddModel} disabled={disabled} onAdded={onConnectionAdded} />
        </Group>
        {structured.embeddingModel === null && (
          <Alert color={structured.enabled ? 'yellow' : 'gray'} variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Exact matching only" data-testid="exact-only-notice">
            <Stack gap={4}>
              <Text size="sm">{server.exactOnlyNotice ?? EXACT_ONLY_WORDS}</Text>
              <Text size="sm">Choose an embedding model so that a valid alternative spelling counts as a match.</Text>
            </Stack>
          </Alert>
        )}
      </ScorerSection>
    </Card>
  );
}
