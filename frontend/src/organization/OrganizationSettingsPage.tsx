import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { RetentionCard } from '../people/RetentionCard';
import { useSession } from '../session/SessionProvider';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { OrganizationPageQuery, RenameOrganizationMutation } from './operations';
import { NotAllowed } from './NotAllowed';

const NAME_MAX = 200;

function NameCard({ name }: { name: string }) {
  const session = useSession();
  const [value, setValue] = useState(name);
  const [saved, setSaved] = useState(false);
  const [{ fetching, error }, rename] = useMutation(RenameOrganizationMutation);
  const problem = problemFrom(error);
  const cleaned = value.trim();
  const invalid = cleaned === '' ? 'Give the organization a name.' : cleaned.length > NAME_MAX ? `At most ${NAME_MAX} characters.` : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="name-heading">
      <Stack gap="sm">
        <Title order={2} fz="md" id="name-heading">
          Name
        </Title>
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            if (invalid) return;
            setSaved(false);
            const result = await rename({ name: cleaned }, { additionalTypenames: ['Organization'] });
            if (result.data) {
              setSaved(true);
              void session.reload();
            }
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Organization name"
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setSaved(false);
              }}
              error={value !== name ? invalid : null}
              w={360}
            />
            <Button type="submit" loading={fetching} disabled={Boolean(invalid) || cleaned === name}>
              Save name
            </Button>
          </Group>
        </form>
        <div role="status">
          {saved && (
            <Text size="sm" c="teal">
              Saved.
            </Text>
          )}
        </div>
        {problem && <ProblemAlert problem={problem} title="The name was not saved" />}
      </Stack>
    </Paper>
  );
}

/** Organization: its name and how long its conversations are kept. */
export function OrganizationSettingsPage() {
  const viewer = useViewer();
  if (!(viewer.permissions.includes('organization:manage'))) return <NotAllowed title="Organization" reason="The organization’s name and retention need the Owner or Admin role." />;
  return <OrganizationSettingsPageContent />;
}

function OrganizationSettingsPageContent() {
  const [{ data, error }] = useQuery({ query: OrganizationPageQuery, requestPolicy: 'cache-and-network' });
  const organization = data?.viewer?.organization;
  const problem = problemFrom(error);
  return (
    <>
      <PageHeader title="Organization" description="Its name, shown to every member, and how long conversations are kept." />
      {problem && <ProblemAlert problem={problem} />}
      {organization && (
        <Stack gap="lg" maw={760}>
          <NameCard name={organization.name} />
          <RetentionCard days={organization.conversationRetentionDays ?? null} />
        </Stack>
      )}
    </>
  );
}
