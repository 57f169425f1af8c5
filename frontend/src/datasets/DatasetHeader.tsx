import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { IdsForCommands } from '../ids/IdsForCommands';
import { DeleteDatasetDialog } from './DeleteDatasetDialog';
import { EditDetailsDialog } from './EditDetailsDialog';
import { DatasetVersionsQuery } from './operations';
import { ShareDialog } from './ShareDialog';
import { VisibilityBadge } from '../sharing/VisibilityBadge';
import { PageTitle } from '../shell/pageTitle';

type Dialog = 'details' | 'share' | 'delete' | null;

/** The dataset's name, description and who sees it, with Share, Edit details and Delete. */
export function DatasetHeader({ dataset }: { dataset: DatasetHeaderFieldsFragment }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [{ data: versions }] = useQuery({ query: DatasetVersionsQuery, variables: { id: dataset.id }, pause: dataset.latestVersion === 0 });
  const caseCount = versions?.dataset.versions[0]?.caseCount ?? 0;
  const canEdit = dataset.viewerCan.edit;

  return (
    <>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to="/datasets" size="sm">
          Datasets
        </Anchor>
        <Text size="sm" c="dimmed" truncate maw={400}>
          {dataset.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Group gap="sm" wrap="nowrap">
            <PageTitle title={dataset.name} />
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {dataset.name}
            </Title>
            <VisibilityBadge visibility={dataset.visibility} />
          </Group>
          <Text size="sm" c="dimmed" maw={900}>
            {dataset.description || 'No description yet.'}
          </Text>
          <IdsForCommands what="Dataset" id={dataset.id} command={{ datasetId: dataset.id }} />
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => setDialog('share')}>
            Share
          </Button>
          {canEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('details')}>
              Edit details
            </Button>
          )}
          {canEdit && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More dataset actions">
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog('delete')}>
                  Delete dataset
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {dialog === 'details' && <EditDetailsDialog dataset={dataset} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <ShareDialog dataset={dataset} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDatasetDialog
          dataset={dataset}
          caseCount={caseCount}
          onClose={() => setDialog(null)}
          onDeleted={() => void navigate('/datasets', { replace: true })}
        />
      )}
    </>
  );
}
