import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { retentionDays } from './erasure';
import { SetConversationRetentionMutation } from './operations';

/** How long conversations are kept: on the Personal data and Organization pages. */
export function RetentionCard({ days }: { days: number | null }) {
  const [value, setValue] = useState<string | number>(days ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [{ fetching, error }, save] = useMutation(SetConversationRetentionMutation);
  const apiProblem = problemFrom(error);
  const submit = async () => {
    const read = retentionDays(value);
    setSaved(false);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    const result = await save({ days: read.days }, { additionalTypenames: ['Organization'] });
    if (result.data) setSaved(true);
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Retention">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Retention
        </Title>
        <Text size="sm" c="dimmed">
          Conversations nobody has added to for this many days are deleted every hour. Cases and scores taken from them stay, without their links, as when a
          conversation is deleted by hand. Leave it empty to keep conversations.
        </Text>
        <Group align="flex-end">
          <NumberInput
            label="Delete conversations after (days)"
            value={value}
            onChange={(next) => {
              setValue(next);
              setSaved(false);
            }}
            min={1}
            max={36_500}
            allowDecimal={false}
            allowNegative={false}
            error={problem}
            w={320}
          />
          <Button onClick={() => void submit()} loading={fetching}>
            Save retention
          </Button>
        </Group>
        {saved && (
          <Text size="sm" c="teal" role="status">
            Saved.
          </Text>
        )}
        {apiProblem && <ProblemAlert problem={apiProblem} />}
      </Stack>
    </Paper>
  );
}
