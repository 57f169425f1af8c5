import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type EvalCommandIds, evalCommand, missingIdsSentence } from './evalCommand';

function Copy({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${what}`}>
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * A page's id, to copy into the CLI or the API, and the `casebook eval`
 * command line with the ids the page knows filled in.
 */
export function IdsForCommands({ what, id, command }: { what: string; id: string; command: EvalCommandIds }) {
  const line = evalCommand(command);
  const missing = missingIdsSentence(command);
  return (
    <Stack gap={2} role="group" aria-label={`${what} id and command`} data-testid="ids-for-commands">
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {what} id
        </Text>
        <Code style={{ overflowWrap: 'anywhere' }} data-testid="copyable-id">{id}</Code>
        <Copy value={id} what={`the ${what.toLowerCase()} id`} />
      </Group>
      <Group gap={4} wrap="nowrap" align="center">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          From a terminal
        </Text>
        <Code style={{ overflowWrap: 'anywhere' }} data-testid="eval-command">
          {line}
        </Code>
        <Copy value={line} what="the command" />
      </Group>
      {missing && (
        <Text size="xs" c="dimmed">
          {missing}
        </Text>
      )}
    </Stack>
  );
}
