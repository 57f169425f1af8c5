import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconPlugConnected } from '@tabler/icons-react';
import { roleName } from '../session/roles';
import type { Viewer } from '../session/SessionProvider';
import classes from './Shell.module.css';

function initialsOf(name: string, email: string): string {
  const words = (name.trim() || email).split(/[\s@._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Who is signed in, in which role; signing out and the connection check. */
export function AccountMenu({
  viewer,
  signingOut,
  onSignOut,
  onCheckConnection,
}: {
  viewer: Viewer;
  signingOut: boolean;
  onSignOut: () => void;
  onCheckConnection: () => void;
}) {
  const { user } = viewer;
  const role = roleName(viewer.role);
  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <UnstyledButton className={classes.account}>
          <Group gap={10} wrap="nowrap">
            <Avatar size={30} radius="xl" color="casebook" variant="light" aria-hidden>
              {initialsOf(user.name, user.email)}
            </Avatar>
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={550} lh={1.25} data-testid="viewer-name">
                {user.name || user.email}
              </Text>
              <Text size="xs" c="dimmed" lh={1.25} data-testid="viewer-role">
                {role}
              </Text>
            </Stack>
            <VisuallyHidden component="span">Account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Group px="sm" pb="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {user.email}
          </Text>
          <Badge size="sm" variant="light">
            {role}
          </Badge>
        </Group>
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={onCheckConnection}>
          Check connection
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut} disabled={signingOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
