import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconBuilding, IconCheck, IconSelector } from '@tabler/icons-react';
import { roleName } from '../session/roles';
import type { Viewer } from '../session/SessionProvider';

/** The organization in use, and the others this person belongs to. */
export function OrganizationSwitcher({
  viewer,
  switching,
  onSwitch,
}: {
  viewer: Viewer;
  switching: boolean;
  onSwitch: (organizationId: string) => void;
}) {
  const current = viewer.organization;
  const memberships = [...viewer.memberships].sort((a, b) => a.organization.name.localeCompare(b.organization.name));
  return (
    <Menu position="bottom-start" width={280} disabled={switching}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          leftSection={<IconBuilding size={16} aria-hidden />}
          rightSection={<IconSelector size={14} aria-hidden />}
          loading={switching}
          aria-label={`Organization: ${current.name}, switch organization`}
          maw={300}
        >
          <Text span truncate fw={550} size="sm">
            {current.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your organizations</Menu.Label>
        {memberships.map(({ organization, role }) => {
          const isCurrent = organization.id === current.id;
          return (
            <Menu.Item
              key={organization.id}
              onClick={() => (isCurrent ? undefined : onSwitch(organization.id))}
              leftSection={isCurrent ? <IconCheck size={15} aria-hidden /> : <span style={{ width: 15 }} />}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate fw={isCurrent ? 600 : 400}>
                  {organization.name}
                </Text>
                <Badge size="xs" variant="light" color="gray">
                  {roleName(role)}
                </Badge>
              </Group>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
