import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { datasetCasesPath } from '../activity/DatasetTargetBanner';
import { ProblemAlert } from '../api/ProblemAlert';
import { type AddOutcome, addMessage, type AddRefused } from './twoWrites';

/** A refused add: the case the answer already is, with the way to it, or the reason. */
export function AddRefusedAlert({ refused, datasetId, title = 'Not added' }: { refused: AddRefused; datasetId: string | null; title?: string }) {
  if (refused.existingCaseId !== null && datasetId !== null) {
    return (
      <Alert role="alert" color="yellow" variant="light" title="Already a case" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text size="sm">
          This answer is already a case of the newest version of “{refused.datasetName}”, so it was not added twice.{' '}
          <Anchor component={Link} to={datasetCasesPath(datasetId, refused.existingCaseId)} size="sm">
            Open the case
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return <ProblemAlert problem={{ ...refused.problem, message: addMessage({ ok: false, refused }).message }} title={title} />;
}

/** **Added to** names the dataset and opens it; from a dataset's Add from Activity it is also the way back. */
export function AddedAlert({ outcome, backToTarget = false }: { outcome: Extract<AddOutcome, { ok: true }>; backToTarget?: boolean }) {
  const message = addMessage(outcome);
  const { added } = outcome;
  return (
    <Alert role="status" color="teal" variant="light" title={message.title} icon={<IconCheck size={18} aria-hidden />}>
      <Text size="sm">{message.message}</Text>
      <Group gap="sm" mt="xs">
        <Button
          size="xs"
          variant={backToTarget ? 'filled' : 'default'}
          component={Link}
          to={datasetCasesPath(added.datasetId, added.caseId)}
          leftSection={backToTarget ? <IconArrowBackUp size={14} aria-hidden /> : undefined}
        >
          {backToTarget ? `Back to “${added.datasetName}”` : `Open “${added.datasetName}”`}
        </Button>
      </Group>
    </Alert>
  );
}
