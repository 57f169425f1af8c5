import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activitySearch, type ActivityParams, readActivityParams } from './activityParams';

/** Activity's address as params, and a way to change some of them; a filter replaces the entry, so Back leaves Activity. */
export function useActivityParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readActivityParams(location.search), [location.search]);
  const go = useCallback(
    (patch: Partial<ActivityParams>) => {
      const current = readActivityParams(window.location.search);
      void navigate({ search: activitySearch({ ...current, ...patch }) }, { replace: true });
    },
    [navigate],
  );
  return { params, go };
}
