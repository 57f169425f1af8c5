import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';

/** The fields the first case's walk goes through, in order. */
export type GuidedField = 'input' | 'referenceAnswer' | 'counterExample' | 'tags' | 'note' | 'save';

export const GUIDED_STEPS: readonly { field: GuidedField; title: string; text: string }[] = [
  { field: 'input', title: 'The question', text: 'Write the message the agent answers. One question per case: the one thing a right answer has to get right.' },
  { field: 'referenceAnswer', title: 'What a good answer says', text: 'The reference answer. It may use Markdown. A reference or a counter-example is usually enough to test against.' },
  { field: 'counterExample', title: 'An answer known to be wrong', text: 'Optional: the counter-example, such as the answer that disappointed somebody. The judge checks that an answer does not repeat it.' },
  { field: 'tags', title: 'Labels', text: 'Optional: tags group results, such as billing or refusal. Press Enter after each.' },
  { field: 'note', title: 'Why the case exists', text: 'Optional: the note is for the next reader - what went wrong, or what the case guards.' },
  { field: 'save', title: 'Save it', text: 'Saving adds the case as the dataset’s first version. Tool calls, checks and earlier turns can be added later, in the sections below.' },
];

/** Walks the form of the first case field by field: says what each field is for and puts the cursor in it. */
export function FieldGuide({ step, onStep, onFinish }: { step: number; onStep: (step: number) => void; onFinish: () => void }) {
  const current = GUIDED_STEPS[step] ?? GUIDED_STEPS[0];
  if (!current) return null;
  const last = step === GUIDED_STEPS.length - 1;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-casebook-light)" role="region" aria-label="Field by field">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            Field by field · step {step + 1} of {GUIDED_STEPS.length}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={onFinish}>
            Stop the walk
          </Button>
        </Group>
        <Progress value={((step + 1) / GUIDED_STEPS.length) * 100} size="xs" aria-hidden />
        <Text fw={600} size="sm">
          {current.title}
        </Text>
        <Text size="sm">{current.text}</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={step === 0} onClick={() => onStep(step - 1)}>
            Previous field
          </Button>
          {!last && (
            <Button size="xs" onClick={() => onStep(step + 1)}>
              Next field
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
