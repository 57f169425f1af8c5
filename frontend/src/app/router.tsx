import { createBrowserRouter, Navigate } from 'react-router';
import { SignInPage } from '../session/SignInPage';
import { ShellLayout } from '../shell/ShellLayout';
import { RequireSignedIn, RequireSignedOut, RootLayout } from './gates';
import { NotFoundPage } from './NotFoundPage';

/** The section pages load when first opened, so signing in does not wait for every screen's code. */
const dashboardPage = async () => ({ Component: (await import('../dashboard/DashboardPage')).DashboardPage });
const datasetsPage = async () => ({ Component: (await import('../datasets/DatasetsPage')).DatasetsPage });
const datasetWorkspacePage = async () => ({ Component: (await import('../datasets/DatasetWorkspacePage')).DatasetWorkspacePage });
const activityPage = async () => ({ Component: (await import('../activity/ActivityPage')).ActivityPage });
const runDetailPage = async () => ({ Component: (await import('../activity/RunDetailPage')).RunDetailPage });
const chatPage = async () => ({ Component: (await import('../chat/ChatPage')).ChatPage });
const agentsPage = async () => ({ Component: (await import('../agents/AgentsPage')).AgentsPage });
const agentPage = async () => ({ Component: (await import('../agents/AgentPage')).AgentPage });
const newAgentPage = async () => ({ Component: (await import('../agents/AgentEditorPage')).NewAgentPage });
const editAgentPage = async () => ({ Component: (await import('../agents/AgentEditorPage')).EditAgentPage });
const knowledgeBasesPage = async () => ({ Component: (await import('../knowledge/KnowledgeBasesPage')).KnowledgeBasesPage });
const knowledgeBasePage = async () => ({ Component: (await import('../knowledge/KnowledgeBasePage')).KnowledgeBasePage });
const membersPage = async () => ({ Component: (await import('../organization/MembersPage')).MembersPage });
const apiKeysPage = async () => ({ Component: (await import('../organization/ApiKeysPage')).ApiKeysPage });
const modelConnectionsPage = async () => ({ Component: (await import('../organization/ModelConnectionsPage')).ModelConnectionsPage });
const organizationSettingsPage = async () => ({ Component: (await import('../organization/OrganizationSettingsPage')).OrganizationSettingsPage });
const personalDataPage = async () => ({ Component: (await import('../people/PersonalDataPage')).PersonalDataPage });

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
                { index: true, element: <Navigate to="/dashboard" replace /> },
                { path: 'dashboard', lazy: dashboardPage },
                { path: 'datasets', lazy: datasetsPage },
                { path: 'datasets/:datasetId', lazy: datasetWorkspacePage },
                { path: 'activity', lazy: activityPage },
                { path: 'activity/runs/:runId', lazy: runDetailPage },
                { path: 'chat', lazy: chatPage },
                { path: 'agents', lazy: agentsPage },
                { path: 'agents/new', lazy: newAgentPage },
                { path: 'agents/:agentId', lazy: agentPage },
                { path: 'agents/:agentId/edit', lazy: editAgentPage },
                { path: 'knowledge', lazy: knowledgeBasesPage },
                { path: 'knowledge/:baseId', lazy: knowledgeBasePage },
                { path: 'personal-data', lazy: personalDataPage },
                { path: 'organization', element: <Navigate to="/organization/settings" replace /> },
                { path: 'organization/members', lazy: membersPage },
                { path: 'organization/api-keys', lazy: apiKeysPage },
                { path: 'organization/models', lazy: modelConnectionsPage },
                { path: 'organization/settings', lazy: organizationSettingsPage },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
