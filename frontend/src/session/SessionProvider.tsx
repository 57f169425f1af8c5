import { notifications } from '@mantine/notifications';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Provider as UrqlProvider } from 'urql';
import { type ApiClient, createApiClient } from '../api/client';
import { type ApiProblem, problemFrom } from '../api/errors';
import type { ApiConfig } from '../config/apiConfig';
import type { ViewerFieldsFragment } from '../gql/graphql';
import { browserDrafts } from '../unsaved/browserDrafts';
import { LoginMutation, LogoutMutation, SwitchOrganizationMutation, ViewerQuery } from './operations';

export type Viewer = ViewerFieldsFragment;

export type SessionState =
  | { status: 'loading' }
  | { status: 'unreachable'; problem: ApiProblem }
  | { status: 'signed-out' }
  | { status: 'signed-in'; viewer: Viewer };

export interface Session {
  state: SessionState;
  apiUrl: string;
  /** Asks the API who is signed in again (after "the API did not answer"). */
  reload(): Promise<void>;
  /** Null on success; otherwise what went wrong, in words. */
  signIn(email: string, password: string): Promise<ApiProblem | null>;
  signOut(): Promise<ApiProblem | null>;
  switchOrganization(organizationId: string): Promise<ApiProblem | null>;
}

const SessionContext = createContext<Session | null>(null);

/** What the API client needs from the session, kept outside React so requests read it when they are sent. */
class SessionCredentials {
  private csrfToken: string | null = null;
  private signedIn = false;
  private onSessionEnded: () => void = () => undefined;
  private readonly retired = new WeakSet<ApiClient>();

  actFor(viewer: Viewer | null): void {
    this.csrfToken = viewer?.csrfToken ?? null;
    this.signedIn = viewer !== null;
  }

  newClient(config: ApiConfig): ApiClient {
    return createApiClient({
      ...config,
      csrfToken: () => this.csrfToken,
      onSignedOut: () => {
        if (this.signedIn) this.onSessionEnded();
      },
    });
  }

  whenSessionEnds(handler: () => void): void {
    this.onSessionEnded = handler;
  }

  /** Closes a replaced client's socket, once. */
  retire(client: ApiClient): void {
    if (this.retired.has(client)) return;
    this.retired.add(client);
    client.dispose();
  }
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}

/** The signed-in viewer; only for screens behind the sign-in gate. */
export function useViewer(): Viewer {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useViewer is only for screens shown to a signed-in person');
  return state.viewer;
}

/**
 * Who is signed in, and the urql client that acts for them. Signing in, out
 * or into another organization replaces the client, dropping every cached
 * answer and reopening the subscription socket with the new session. Signing
 * out and switching organization also clear the unsaved drafts this browser
 * keeps; a session that merely expired keeps them, to be offered back after
 * signing in again.
 */
export function SessionProvider({ config, children }: { config: ApiConfig; children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  // Read by the API client at request time, outside React's render.
  const [credentials] = useState(() => new SessionCredentials());

  const showViewer = useCallback(
    (viewer: Viewer | null) => {
      credentials.actFor(viewer);
      setState(viewer ? { status: 'signed-in', viewer } : { status: 'signed-out' });
    },
    [credentials],
  );

  const [api, setApi] = useState<ApiClient>(() => credentials.newClient(config));

  const startNewSession = useCallback(
    (viewer: Viewer | null) => {
      showViewer(viewer);
      setApi(credentials.newClient(config));
      credentials.retire(api);
    },
    [api, config, credentials, showViewer],
  );

  useEffect(() => {
    credentials.whenSessionEnds(() => {
      notifications.show({ color: 'yellow', title: 'Signed out', message: 'Your session has ended. Sign in again to go on.' });
      startNewSession(null);
    });
  }, [credentials, startNewSession]);

  const reload = useCallback(async () => {
    const result = await api.client.query(ViewerQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    const problem = problemFrom(result.error);
    if (problem) {
      setState({ status: 'unreachable', problem });
      return;
    }
    showViewer(result.data?.viewer ?? null);
  }, [api, showViewer]);

  const loadedOnce = useRef(false);
  useEffect(() => {
    if (loadedOnce.current) return;
    loadedOnce.current = true;
    void reload();
  }, [reload]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await api.client.mutation(LoginMutation, { input: { email, password } }).toPromise();
      const viewer = result.data?.login.viewer;
      if (!viewer) return problemFrom(result.error) ?? problemFrom({ message: 'the API sent no viewer' });
      startNewSession(viewer);
      return null;
    },
    [api, startNewSession],
  );

  const signOut = useCallback(async () => {
    const result = await api.client.mutation(LogoutMutation, {}).toPromise();
    const problem = problemFrom(result.error);
    if (problem && problem.code !== 'UNAUTHENTICATED') return problem;
    browserDrafts.clearAll();
    startNewSession(null);
    return null;
  }, [api, startNewSession]);

  const switchOrganization = useCallback(
    async (organizationId: string) => {
      const result = await api.client.mutation(SwitchOrganizationMutation, { organizationId }).toPromise();
      const viewer = result.data?.switchOrganization.viewer;
      if (!viewer) return problemFrom(result.error) ?? problemFrom({ message: 'the API sent no viewer' });
      browserDrafts.clearAll();
      startNewSession(viewer);
      return null;
    },
    [api, startNewSession],
  );

  const session = useMemo<Session>(
    () => ({ state, apiUrl: config.apiUrl, reload, signIn, signOut, switchOrganization }),
    [state, config.apiUrl, reload, signIn, signOut, switchOrganization],
  );

  return (
    <SessionContext.Provider value={session}>
      <UrqlProvider value={api.client}>{children}</UrqlProvider>
    </SessionContext.Provider>
  );
}
