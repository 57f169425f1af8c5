import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { CASE_CHANGE_CONTEXT, RemoveCaseMutation } from './operations';
import { removeCaseWords, removedCaseWords } from './removeCaseWords';

/** Delete a case: a new version without it, and its text erased from every version before. */
export function RemoveCaseDialog({
  target,
  latestVersion,
  onClose,
}: {
  target: { id: string; input: string; masked: boolean } | null;
  latestVersion: number;
  onClose: () => void;
}) {
  const [, removeCase] = useMutation(RemoveCaseMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [removing, setRemoving] = useState(false);

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!target) return;
    setRemoving(true);
    const result = await removeCase({ id: target.id, baseVersion: latestVersion }, CASE_CHANGE_CONTEXT);
    setRemoving(false);
    const payload = result.data?.removeCase;
    if (!payload) {
      setProblem(problemFrom(result.error));
      return;
    }
    notifications.show({ color: 'teal', ...removedCaseWords(payload.version) });
    close();
  };

  return (
    <Modal opened={target !== null} onClose={close} title="Delete this case?" size="md">
      {target && (
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} title="The case was not deleted" />}
          <Text size="sm" lineClamp={3} fs="italic">
            {target.masked ? 'A case copied from a conversation you may not read' : target.input}
          </Text>
          <Text size="sm">{removeCaseWords(latestVersion)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Keep it
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={removing}>
              Delete case
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
