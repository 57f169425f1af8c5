import { Button, CloseButton, Group, Paper, Stepper, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';

const STEPS = [
  {
    label: 'Cases',
    title: 'A case is one question',
    body: 'Each case holds the message your agent answers and what a good answer looks like: a reference answer, an answer known to be wrong, the tools it should call, or rules the answer must follow. A case needs at least one of these, or it could never fail.',
  },
  {
    label: 'Versions',
    title: 'Every change is a new version',
    body: 'Adding, editing or removing a case, or importing a file, creates a new version. A version never changes, so two evals over the same version saw the same questions, and a difference in their results comes from the agent.',
  },
  {
    label: 'Grading',
    title: 'Settings says how answers are graded',
    body: 'Checks and expected tool calls cost nothing and grade the same way every time; a judge model grades criteria you write and compares answers with the reference. You can set this up once you have a few cases.',
  },
  {
    label: 'First case',
    title: 'Write the first case, field by field',
    body: 'The form walks you through the question, what a good answer says, and the labels that group results. Start with one question and the one thing a right answer has to get right.',
  },
] as const;

/** The walk a first dataset offers, ending on writing its first case field by field. */
export function GuidedWalk({ onWriteFirstCase, onDismiss }: { onWriteFirstCase: () => void; onDismiss: () => void }) {
  const [active, setActive] = useState(0);
  const last = active === STEPS.length - 1;
  const step = STEPS[active] ?? STEPS[0];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="guided-walk-title" bg="var(--mantine-color-casebook-light)">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} id="guided-walk-title">
            Your first dataset
          </Title>
          <Text size="sm" c="dimmed">
            Four steps from an empty dataset to its first case.
          </Text>
        </div>
        <CloseButton aria-label="Skip the guided walk" onClick={onDismiss} />
      </Group>
      <Stepper active={active} onStepClick={setActive} size="sm" mb="md">
        {STEPS.map((entry) => (
          <Stepper.Step key={entry.label} label={entry.label} />
        ))}
      </Stepper>
      <Title order={3} mb={4}>
        {step.title}
      </Title>
      <Text size="sm" maw={760} mb="md">
        {step.body}
      </Text>
      <Group gap="sm">
        {active > 0 && (
          <Button variant="default" onClick={() => setActive(active - 1)}>
            Back
          </Button>
        )}
        {last ? (
          <Button leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={onWriteFirstCase}>
            Write the first case
          </Button>
        ) : (
          <Button onClick={() => setActive(active + 1)}>Next</Button>
        )}
      </Group>
    </Paper>
  );
}
