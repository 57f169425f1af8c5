import { AppShell, Burger, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { useViewer } from '../session/SessionProvider';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { ConnectionCheck } from './ConnectionCheck';
import { navigationFor } from './navigation';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import classes from './Shell.module.css';
import { useGuardedSessionActions } from './useGuardedSessionActions';

/** The frame around every signed-in screen: header, navigation and the page. */
export function ShellLayout() {
  const viewer = useViewer();
  const location = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [checkOpened, check] = useDisclosure(false);
  const { signOut, switchOrganization, working } = useGuardedSessionActions();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        <div className={classes.header}>
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Brand />
            <Divider orientation="vertical" mx={4} visibleFrom="sm" />
            <OrganizationSwitcher
              viewer={viewer}
              switching={working === 'switching'}
              onSwitch={(organizationId) => void switchOrganization(organizationId)}
            />
          </Group>
          <AccountMenu
            viewer={viewer}
            signingOut={working === 'signing-out'}
            onSignOut={() => void signOut()}
            onCheckConnection={check.open}
          />
        </div>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} aria-label="Main">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap="md">
            {navigationFor(viewer).map((group, index) => (
              <Stack gap={2} key={group.heading ?? index}>
                {group.heading && (
                  <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pb={4}>
                    {group.heading}
                  </Text>
                )}
                {group.items.map((item) => (
                  <NavLink
                    key={item.to}
                    component={RouterNavLink}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.7} aria-hidden />}
                    active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
                    className={classes.navLink}
                    onClick={nav.close}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
      </AppShell.Main>

      {checkOpened && <ConnectionCheck onClose={check.close} />}
    </AppShell>
  );
}
