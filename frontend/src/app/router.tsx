import { createBrowserRouter, Navigate } from 'react-router';
import { DatasetsPage } from '../datasets/DatasetsPage';
import { SignInPage } from '../session/SignInPage';
import { ShellLayout } from '../shell/ShellLayout';
import { RequireSignedIn, RequireSignedOut, RootLayout } from './gates';
import { NotFoundPage } from './NotFoundPage';

export function createConsoleRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { element: <RequireSignedOut />, children: [{ path: 'sign-in', element: <SignInPage /> }] },
        {
          element: <RequireSignedIn />,
          children: [
            {
              element: <ShellLayout />,
              children: [
                { index: true, element: <Navigate to="/datasets" replace /> },
                { path: 'datasets', element: <DatasetsPage /> },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
