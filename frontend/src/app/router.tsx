import { createBrowserRouter, Navigate } from 'react-router';
import { SignInPage } from '../session/SignInPage';
import { ShellLayout } from '../shell/ShellLayout';
import { RequireSignedIn, RequireSignedOut, RootLayout } from './gates';
import { NotFoundPage } from './NotFoundPage';

/** The section pages load when first opened, so signing in does not wait for every screen's code. */
const datasetsPage = async () => ({ Component: (await import('../datasets/DatasetsPage')).DatasetsPage });
const datasetWorkspacePage = async () => ({ Component: (await import('../datasets/DatasetWorkspacePage')).DatasetWorkspacePage });

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
                { path: 'datasets', lazy: datasetsPage },
                { path: 'datasets/:datasetId', lazy: datasetWorkspacePage },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
