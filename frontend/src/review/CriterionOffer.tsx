import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import type { CriterionScope } from '../gql/graphql';
import { MakeCriterionFromNoteMutation } from './operations';

const CRITERION_MAX = 1_000;

/**
 * The note left with a decision is often the rule the judge missed: offered
 * as a judge criterion for this case alone (a `judge` check, in a new version
 * of the dataset) or for every case (in the rubric, which switches the judge
 * on). The words start as the note's and can be reworded first.
 */
export function CriterionOffer({ scoreId, note, baseVersion }: { scoreId: string; note: string; baseVersion: number }) {
  const [text, setText] = useState(note);
  const [{ fetching }, make] = useMutation(MakeCriterionFromNoteMutation);
  const trimmed = text.trim();
  const tooLong = trimmed.length > CRITERION_MAX;

  const submit = async (scope: CriterionScope) => {
    const result = await make(
      { input: { scoreId, scope, text: trimmed === note.trim() ? null : trimmed, baseVersion: scope === 'THIS_CASE' ? baseVersion : null } },
      { additionalTypenames: ['Dataset', 'Case', 'ScoringConfig'] },
    );
    const problem = problemFrom(result.error);
    if (problem || !result.data) {
      if (problem) notifyProblem(problem, 'The criterion was not added');
      return;
    }
    const made = result.data.makeCriterionFromNote;
    notifications.show({
      color: 'teal',
      title: 'Judge criterion added',
      message:
        made.scope === 'THIS_CASE'
          ? `The case has it as a judge check in version ${made.version ?? ''}.`
          : 'Every case is graded on it: it is in your criteria, and the judge is on.',
    });
  };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Make the note a judge criterion" data-testid="criterion-offer">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconGavel size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Make the note a judge criterion
          </Text>
        </Group>
        <Textarea
          label="Criterion"
          description="Best phrased as a yes-or-no question."
          autosize
          minRows={1}
          maxRows={4}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={tooLong ? `At most ${CRITERION_MAX.toLocaleString('en')} characters.` : undefined}
        />
        <Group gap="xs">
          <Button size="xs" variant="light" disabled={trimmed === '' || tooLong} loading={fetching} onClick={() => void submit('THIS_CASE')}>
            For this case alone
          </Button>
          <Button size="xs" variant="light" disabled={trimmed === '' || tooLong} loading={fetching} onClick={() => void submit('EVERY_CASE')}>
            For every case
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          This case alone: a judge check in a new version of the dataset. Every case: a criterion of your rubric, which switches the judge on.
        </Text>
      </Stack>
    </Paper>
  );
}
