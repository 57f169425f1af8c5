import { Card, Code, Stack, Text, Title } from '@mantine/core';
import { CommandLine } from '../common/CommandLine';
import { useSession } from '../session/SessionProvider';
import { EXEC_EXAMPLE, LOCAL_KEY_SCOPES, localEvalCommand } from './localCommands';

/** A local agent's page: how its own code answers its eval runs, with the command lines that do it, its id filled in. */
export function LocalAgentHowTo({ agentId }: { agentId: string }) {
  const { apiUrl } = useSession();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="local-how-to-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="local-how-to-title">
          Answer it from your code
        </Title>
        <Text size="sm">
          Casebook never calls a local agent: its eval runs wait for your code to claim their questions, answer them where the code runs — a laptop, a CI runner — and send the
          answers back, graded here like any agent’s. The Python client’s <Code>evaluate()</Code>, <Code>casebook eval</Code> with <Code>--task</Code> (a Python function) or{' '}
          <Code>--exec</Code> (a command in any language, one JSON line in and one out per question), and the pytest plugin all do it.
        </Text>
        <CommandLine label="Start a run and answer it with a Python function" command={localEvalCommand({ agentId, apiUrl })} testId="local-eval-command" />
        <CommandLine label="The same with a command in any language" command={localEvalCommand({ agentId, apiUrl, answerer: { exec: EXEC_EXAMPLE } })} />
        <Text size="xs" c="dimmed">
          Put a dataset’s id for <Code>{'<DATASET_ID>'}</Code> and set <Code>CASEBOOK_API_KEY</Code> to an API key with the scopes {LOCAL_KEY_SCOPES.join(', ')}. A run started from the
          console waits the same way: its page gives the command that answers it.
        </Text>
      </Stack>
    </Card>
  );
}
