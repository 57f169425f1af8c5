import { Accordion, Alert, Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RunStepFieldsFragment, ToolCallStatus } from '../gql/graphql';
import { Markdown } from '../markdown/Markdown';
import classes from '../thread/Thread.module.css';
import { countOf } from '../common/count';

const STATUS: Record<ToolCallStatus, { label: string; color: string; explanation: string }> = {
  OK: { label: 'Succeeded', color: 'teal', explanation: 'The tool ran and answered.' },
  FAILED: { label: 'Failed', color: 'red', explanation: 'The tool ran and failed, or could not be reached.' },
  BLOCKED: { label: 'Blocked', color: 'orange', explanation: 'An isolated run never executes a tool that is not read-only: the call was recorded, not made, and the model was told so.' },
};

function argumentShown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ArgumentsTable({ args }: { args: unknown }) {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return args == null ? (
      <Text size="sm" c="dimmed">
        Called without arguments.
      </Text>
    ) : (
      <Code block>{JSON.stringify(args, null, 2)}</Code>
    );
  }
  const entries = Object.entries(args as Record<string, unknown>);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Called without arguments.
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">Argument</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Td ff="monospace">{name}</Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {argumentShown(value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function argumentCount(args: unknown): number {
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? Object.keys(args).length : args == null ? 0 : 1;
}

/** A tool call: its name, status and read-only flag, expanding to its arguments and what the tool answered. */
function ToolCallItem({ step }: { step: RunStepFieldsFragment }) {
  const status = step.status ? STATUS[step.status] : null;
  const count = argumentCount(step.arguments);
  return (
    <Accordion.Item value={String(step.position)}>
      <Accordion.Control icon={<IconTool size={16} aria-hidden />}>
        <Group gap="xs">
          <Code>{step.toolName}</Code>
          {status && (
            <Badge size="sm" variant="light" color={status.color}>
              {status.label}
            </Badge>
          )}
          {step.readOnly === true && (
            <Badge size="sm" variant="outline" color="gray">
              Read-only
            </Badge>
          )}
          {step.readOnly === null && (
            <Badge size="sm" variant="outline" color="gray">
              Not declared
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {countOf(count, 'argument', 'arguments')}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          {status && step.status !== 'OK' && (
            <Text size="sm" c={step.status === 'FAILED' ? 'red.8' : 'orange.9'}>
              {status.explanation}
            </Text>
          )}
          <ArgumentsTable args={step.arguments} />
          {step.result != null && step.result !== '' && (
            <Stack gap={4}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
                What the tool answered
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {step.result}
              </Code>
            </Stack>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

type StepGroup = { kind: 'tools'; steps: RunStepFieldsFragment[] } | { kind: 'text'; step: RunStepFieldsFragment };

/** Consecutive tool calls share one list; each text step stands alone. */
function grouped(steps: readonly RunStepFieldsFragment[]): StepGroup[] {
  const groups: StepGroup[] = [];
  for (const step of steps) {
    const last = groups[groups.length - 1];
    if (step.kind === 'TOOL_CALL') {
      if (last?.kind === 'tools') last.steps.push(step);
      else groups.push({ kind: 'tools', steps: [step] });
    } else {
      groups.push({ kind: 'text', step });
    }
  }
  return groups;
}

/**
 * A reply as the agent wrote it, step by step: tool calls (expanding to their
 * arguments, failed and blocked ones said so), then the answer in Markdown.
 * `afterLastStep` sits once under the last step: the reply's own controls.
 */
export function RunSteps({
  steps,
  status,
  error,
  agentName,
  afterLastStep,
}: {
  steps: readonly RunStepFieldsFragment[];
  status: 'SUCCEEDED' | 'FAILED';
  error: string | null | undefined;
  agentName: string;
  afterLastStep?: ReactNode;
}) {
  return (
    <Stack gap="xs" className={classes.step}>
      {grouped(steps).map((group) =>
        group.kind === 'tools' ? (
          <Accordion key={`tools-${group.steps[0]?.position}`} multiple variant="contained" chevronPosition="left" aria-label="Tool calls">
            {group.steps.map((step) => (
              <ToolCallItem key={step.position} step={step} />
            ))}
          </Accordion>
        ) : (
          <div key={`text-${group.step.position}`} className={`${classes.bubble} ${classes.agent}`} role="group" aria-label={`${agentName}: answer`}>
            <Markdown>{group.step.text ?? ''}</Markdown>
          </div>
        ),
      )}
      {steps.length === 0 && status === 'SUCCEEDED' && (
        <Text size="sm" c="dimmed">
          No step was kept: there is no transcript of this reply.
        </Text>
      )}
      {status === 'FAILED' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The run failed">
          {error || 'It ended without an answer, and no reason was recorded.'}
        </Alert>
      )}
      {afterLastStep}
    </Stack>
  );
}
