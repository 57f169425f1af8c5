import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/SessionProvider';
import { returnPathFrom } from '../session/SignInPage';
import { UnsavedChangesProvider } from '../unsaved/UnsavedChangesProvider';

function FullPageLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading Casebook" />
    </Center>
  );
}

function ApiUnreachable() {
  const session = useSession();
  if (session.state.status !== 'unreachable') return null;
  const { problem } = session.state;
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={460} role="alert">
        <Stack gap="sm">
          <Title order={1} fz="h2">
            {problem.title}
          </Title>
          <Text size="sm">{problem.message}</Text>
          <Text size="xs" c="dimmed">
            API: {session.apiUrl}
          </Text>
          <Button onClick={() => void session.reload()} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The root of every route: the unsaved-changes guard needs the router above it. */
export function RootLayout() {
  const { state } = useSession();
  if (state.status === 'loading') return <FullPageLoader />;
  if (state.status === 'unreachable') return <ApiUnreachable />;
  return (
    <UnsavedChangesProvider>
      <Outlet />
    </UnsavedChangesProvider>
  );
}

/** Screens for a signed-in person; anyone else is sent to sign in, then brought back. */
export function RequireSignedIn() {
  const { state } = useSession();
  const location = useLocation();
  if (state.status !== 'signed-in') return <Navigate to="/sign-in" replace state={{ from: location }} />;
  return <Outlet />;
}

/** The sign-in page, which a signed-in person skips. */
export function RequireSignedOut() {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'signed-in') return <Navigate to={returnPathFrom(location.state)} replace />;
  return <Outlet />;
}
