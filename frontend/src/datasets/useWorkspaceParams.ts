import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readWorkspaceParams, type WorkspaceParams, workspaceSearch } from './workspaceParams';

/** The workspace's address as params, and a way to change some of them (a route change, so the unsaved-changes guard sees it). */
export function useWorkspaceParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readWorkspaceParams(location.search), [location.search]);
  const go = useCallback(
    (patch: Partial<WorkspaceParams>, options: { replace?: boolean } = {}) => {
      // Read the address now, not at render: a save may have moved it since.
      const current = readWorkspaceParams(window.location.search);
      void navigate({ search: workspaceSearch({ ...current, ...patch }) }, { replace: options.replace ?? false });
    },
    [navigate],
  );
  return { params, go };
}
