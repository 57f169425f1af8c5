import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyProblem } from '../api/ProblemAlert';
import { useSession } from '../session/SessionProvider';
import { useUnsavedChangesApi } from '../unsaved/UnsavedChangesProvider';

/**
 * Signing out and switching organization as the shell offers them: first the
 * unsaved-changes question, then the API call, then a fresh start on the
 * Datasets list of the organization now in use.
 */
export function useGuardedSessionActions() {
  const session = useSession();
  const { confirmExit } = useUnsavedChangesApi();
  const navigate = useNavigate();
  const [working, setWorking] = useState<'signing-out' | 'switching' | null>(null);

  const signOut = useCallback(async () => {
    if (!(await confirmExit({ kind: 'sign-out' }))) return;
    setWorking('signing-out');
    const problem = await session.signOut();
    setWorking(null);
    if (problem) notifyProblem(problem, 'Could not sign out');
    else navigate('/sign-in', { replace: true });
  }, [confirmExit, navigate, session]);

  const switchOrganization = useCallback(
    async (organizationId: string) => {
      if (!(await confirmExit({ kind: 'switch-organization' }))) return;
      setWorking('switching');
      const problem = await session.switchOrganization(organizationId);
      setWorking(null);
      if (problem) notifyProblem(problem, 'Could not switch organization');
      else navigate('/datasets');
    },
    [confirmExit, navigate, session],
  );

  return { signOut, switchOrganization, working };
}
