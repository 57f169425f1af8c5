import { Alert } from '@mantine/core';
import { PageHeader } from '../shell/PageHeader';

/** A page of the organization's administration, opened by someone whose role does not reach it. */
export function NotAllowed({ title, reason }: { title: string; reason: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="gray" variant="light" title="Not for your role">
        {reason}
      </Alert>
    </>
  );
}
