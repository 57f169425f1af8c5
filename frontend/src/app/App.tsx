import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { ApiConfig } from '../config/apiConfig';
import { SessionProvider } from '../session/SessionProvider';
import { createConsoleRouter } from './router';
import toastClasses from './Toasts.module.css';
import { cssVariablesResolver, theme } from './theme';

export function App({ config }: { config: ApiConfig }) {
  const [router] = useState(createConsoleRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-left" limit={4} className={toastClasses.toasts} />
      <SessionProvider config={config}>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  );
}
