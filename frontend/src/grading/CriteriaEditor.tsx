import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBulb, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from 'urql';
import { checkJsonFromApi, describeCheck } from '../cases/checks';
import type { CriterionTrustFieldsFragment } from '../gql/graphql';
import { type CriterionFormValue, type GradingFormValues, newCriterionId, readsAsQuestion } from './gradingForm';
import { TrustLine } from './JudgeTrust';
import { SuggestRuleQuery } from './operations';

/**
 * When a rule can check what a criterion says - a length, valid JSON, a quoted
 * opening, a bulleted list - says so, and **Add the rule** adds that check to
 * the ones every case gets. The suggestion reads the words; no model is called.
 */
function RuleSuggestion({ text, added, disabled, onAdd }: { text: string; added: (check: unknown) => boolean; disabled: boolean; onAdd: (check: unknown) => void }) {
  const [criterion] = useDebouncedValue(text.trim(), 300);
  const [{ data }] = useQuery({ query: SuggestRuleQuery, variables: { criterion }, pause: criterion === '' });
  const suggested = criterion === '' ? null : (data?.suggestRule ?? null);
  if (suggested === null || suggested === undefined) return null;
  const rule = checkJsonFromApi(suggested);
  const already = added(rule);
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <IconBulb size={16} aria-hidden color="var(--mantine-color-yellow-7)" />
      <Text size="xs" style={{ flex: 1 }}>
        A rule can check this, at no cost and the same way every time: <strong>{describeCheck(rule)}</strong>.
      </Text>
      {already ? (
        <Text size="xs" c="teal.9" fw={600}>
          <IconCheck size={12} aria-hidden /> In the default checks
        </Text>
      ) : (
        <Button size="compact-xs" variant="light" disabled={disabled} onClick={() => onAdd(rule)}>
          Add the rule
        </Button>
      )}
    </Group>
  );
}

/** **Your criteria**: the rubric the judge grades every case on, each criterion best phrased as a yes-or-no question. */
export function CriteriaEditor({
  form,
  criteria,
  disabled,
  hasDefaultCheck,
  onAddRule,
  trust,
}: {
  form: UseFormReturnType<GradingFormValues>;
  criteria: CriterionFormValue[];
  disabled: boolean;
  hasDefaultCheck: (check: unknown) => boolean;
  onAddRule: (check: unknown) => void;
  /** Per saved criterion id: how far the judge's grades of it agree with people. */
  trust: ReadonlyMap<string, CriterionTrustFieldsFragment>;
}) {
  const add = () => {
    const id = newCriterionId(`criterion ${criteria.length + 1}`, criteria.map((criterion) => criterion.id));
    form.insertListItem('judge.criteria', { key: `new-${id}`, id, text: '' });
  };
  return (
    <Stack gap="sm">
      {criteria.map((criterion, index) => {
        const number = index + 1;
        const text = criterion.text;
        return (
          <Paper key={criterion.key} withBorder p="sm" radius="md">
            <Stack gap={6}>
              <Group align="flex-start" wrap="nowrap" gap="xs">
                <Textarea
                  label={`Criterion ${number}`}
                  placeholder="Does the answer give the refund window in days?"
                  autosize
                  minRows={1}
                  maxRows={6}
                  disabled={disabled}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`judge.criteria.${index}.text`)}
                  error={form.errors[`judge.criteria.${index}.text`] ?? form.errors[`judge.criteria.${index}.id`] ?? form.errors[`judge.criteria.${index}`]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={`Remove criterion ${number}`}
                  disabled={disabled}
                  onClick={() => form.removeListItem('judge.criteria', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {text.trim() !== '' && !readsAsQuestion(text) && (
                <Text size="xs" c="dimmed">
                  A judge grades a yes-or-no question most consistently: try phrasing this one as a question.
                </Text>
              )}
              <RuleSuggestion text={text} added={hasDefaultCheck} disabled={disabled} onAdd={onAddRule} />
              <TrustLine trust={trust.get(criterion.id)} />
            </Stack>
          </Paper>
        );
      })}
      {form.errors['judge.criteria'] && (
        <Text size="sm" c="red" role="alert">
          {form.errors['judge.criteria']}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={add} disabled={disabled}>
          Add a criterion
        </Button>
      </Group>
    </Stack>
  );
}
