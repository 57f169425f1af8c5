import { Button, Group, NumberInput, Popover, Select, Stack, Text } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { DatasetVersionQuery, DatasetVersionsQuery } from './operations';
import { CompareVersionsButton } from './VersionDiffDialog';
import { versionLabel } from './versionWords';

/** Opens an older version by its number, after asking the API that it exists. */
function OpenByNumber({ datasetId, latestVersion, onOpen }: { datasetId: string; latestVersion: number; onOpen: (version: number) => void }) {
  const client = useClient();
  const [opened, setOpened] = useState(false);
  const [number, setNumber] = useState<number | string>('');
  const [message, setMessage] = useState<string | null>(null);

  const open = async () => {
    const wanted = Number(number);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > latestVersion) {
      setMessage(`Type a version from 1 to ${latestVersion}.`);
      return;
    }
    const result = await client.query(DatasetVersionQuery, { id: datasetId, number: wanted }).toPromise();
    if (!result.data) {
      setMessage(problemFrom(result.error)?.message ?? 'That version could not be opened.');
      return;
    }
    setOpened(false);
    setMessage(null);
    onOpen(wanted);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withArrow>
      <Popover.Target>
        <Button variant="subtle" size="xs" leftSection={<IconHash size={14} aria-hidden />} onClick={() => setOpened((value) => !value)}>
          Open by number
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void open();
          }}
        >
          <Stack gap="xs" w={220}>
            <NumberInput
              label="Version number"
              min={1}
              max={latestVersion}
              allowDecimal={false}
              value={number}
              onChange={setNumber}
              error={message}
              data-autofocus
            />
            <Button type="submit" size="xs">
              Open version
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The version on screen: the newest hundred in a list, an older one opened by
 * typing its number. The newest is read by default; an older one is read-only.
 */
export function VersionPicker({
  datasetId,
  latestVersion,
  viewedVersion,
  onChange,
}: {
  datasetId: string;
  latestVersion: number;
  viewedVersion: number;
  onChange: (version: number | null) => void;
}) {
  const [{ data }] = useQuery({ query: DatasetVersionsQuery, variables: { id: datasetId }, pause: latestVersion === 0 });
  if (latestVersion === 0) {
    return (
      <Text size="sm" c="dimmed">
        No versions yet
      </Text>
    );
  }
  const versions = data?.dataset.versions ?? [];
  const options = versions.map((version) => ({ value: String(version.number), label: versionLabel(version, latestVersion) }));
  if (!versions.some((version) => version.number === viewedVersion)) {
    options.push({ value: String(viewedVersion), label: `v${viewedVersion}` });
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label="Version"
        data={options}
        value={String(viewedVersion)}
        allowDeselect={false}
        onChange={(value) => value && onChange(Number(value) === latestVersion ? null : Number(value))}
        w={300}
        size="xs"
        comboboxProps={{ width: 340, position: 'bottom-end' }}
        maxDropdownHeight={360}
      />
      <OpenByNumber datasetId={datasetId} latestVersion={latestVersion} onOpen={(version) => onChange(version === latestVersion ? null : version)} />
      <CompareVersionsButton datasetId={datasetId} latestVersion={latestVersion} viewedVersion={viewedVersion} />
    </Group>
  );
}
