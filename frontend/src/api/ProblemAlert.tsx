import { Alert, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ApiProblem, type FieldProblem, isPassing } from './errors';
import { CodeText } from '../common/CodeText';

/** A field the form could not show the message on: its path names it. */
function FieldProblemItem({ problem }: { problem: FieldProblem }) {
  return (
    <List.Item>
      {problem.path !== '' && (
        <Text span ff="monospace" size="xs" mr={6}>
          {problem.path}
        </Text>
      )}
      <CodeText message={problem.message} />
    </List.Item>
  );
}

/**
 * An API problem shown inline, above or beside the form that caused it.
 * `unplaced` lists the fields the form has no input for; those already
 * highlighted on the form are not repeated.
 */
export function ProblemAlert({
  problem,
  unplaced = [],
  title,
  onClose,
}: {
  problem: ApiProblem;
  unplaced?: readonly FieldProblem[];
  title?: string;
  onClose?: () => void;
}) {
  return (
    <Alert
      role="alert"
      color={isPassing(problem) ? 'yellow' : 'red'}
      variant="light"
      title={title ?? problem.title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text size="sm">
        <CodeText message={problem.message} />
      </Text>
      {unplaced.length > 0 && (
        <List size="sm" mt={6} spacing={2}>
          {unplaced.map((field, index) => (
            <FieldProblemItem key={`${field.path}:${index}`} problem={field} />
          ))}
        </List>
      )}
    </Alert>
  );
}

/** An API problem shown as a notification, for actions with no form to put it on. */
export function notifyProblem(problem: ApiProblem, title?: string): void {
  const fieldLines = problem.fields.map((field) => (field.path ? `${field.path}: ${field.message}` : field.message));
  notifications.show({
    color: isPassing(problem) ? 'yellow' : 'red',
    title: title ?? problem.title,
    message: [problem.message, ...fieldLines].join('\n'),
    autoClose: problem.code === 'NETWORK' ? false : 8000,
    style: { whiteSpace: 'pre-line' },
  });
}
