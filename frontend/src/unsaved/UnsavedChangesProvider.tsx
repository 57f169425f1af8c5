import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { ExitDialog } from './ExitDialog';
import {
  type EditorActions,
  type ExitAttempt,
  type ExitChoice,
  type ExitPrompt,
  exitPromptFor,
  type RegisteredEditor,
  settleExit,
} from './exitDecision';

export type UnsavedEditor = RegisteredEditor & EditorActions;

interface PendingExit {
  prompt: ExitPrompt<UnsavedEditor>;
  resolve: (outcome: 'proceed' | 'stay') => void;
}

export interface UnsavedChangesApi {
  /** Adds an editor whose fields are read live; returns its removal. */
  register(editor: UnsavedEditor): () => void;
  /** Tells the guard that a registered editor's `dirty` may have changed. */
  changed(): void;
  /**
   * Asks about unsaved changes before a way out that is not a route change
   * (switching organization, signing out, closing an editor). Resolves true
   * when the way out may go on.
   */
  confirmExit(attempt: ExitAttempt): Promise<boolean>;
  /** Ids of the editors with unsaved changes now. */
  dirtyEditorIds: readonly string[];
}

const UnsavedChangesContext = createContext<UnsavedChangesApi | null>(null);

export function useUnsavedChangesApi(): UnsavedChangesApi {
  const api = useContext(UnsavedChangesContext);
  if (api === null) throw new Error('useUnsavedChangesApi needs an <UnsavedChangesProvider> above it');
  return api;
}

/**
 * Watches every way out of an editor: route changes through a router
 * blocker, reload and close through the browser's own beforeunload warning,
 * and the shell's own ways out through `confirmExit`. Must sit inside the
 * data router.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const editors = useRef(new Map<string, UnsavedEditor>());
  const [dirtyEditorIds, setDirtyEditorIds] = useState<readonly string[]>([]);
  const [pending, setPending] = useState<PendingExit | null>(null);
  const [busy, setBusy] = useState(false);
  const location = useLocation();

  const refreshDirty = useCallback(() => {
    const ids = [...editors.current.values()].filter((editor) => editor.dirty).map((editor) => editor.id);
    setDirtyEditorIds((previous) => (previous.length === ids.length && previous.every((id, i) => id === ids[i]) ? previous : ids));
  }, []);

  const register = useCallback(
    (editor: UnsavedEditor) => {
      editors.current.set(editor.id, editor);
      refreshDirty();
      return () => {
        editors.current.delete(editor.id);
        refreshDirty();
      };
    },
    [refreshDirty],
  );

  const ask = useCallback((prompt: ExitPrompt<UnsavedEditor>) => {
    return new Promise<'proceed' | 'stay'>((resolve) => setPending({ prompt, resolve }));
  }, []);

  const confirmExit = useCallback(
    async (attempt: ExitAttempt) => {
      const prompt = exitPromptFor([...editors.current.values()], attempt);
      if (prompt === null) return true;
      // After Save or Discard the editors are clean, so the navigation that follows passes.
      return (await ask(prompt)) === 'proceed';
    },
    [ask],
  );

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return exitPromptFor([...editors.current.values()], { kind: 'navigation', from: currentLocation, to: nextLocation }) !== null;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const prompt = exitPromptFor([...editors.current.values()], {
      kind: 'navigation',
      from: location,
      to: blocker.location,
    });
    if (prompt === null) {
      blocker.proceed();
      return;
    }
    void ask(prompt).then((outcome) => {
      if (outcome === 'proceed') blocker.proceed();
      else blocker.reset();
    });
    // Ask once per blocked navigation; `location` is the page being left. Keyed by the
    // navigation too: one that blocks in the same render as Stay's reset leaves the state
    // 'blocked' throughout, and would otherwise be held with no question asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state, blocker.location]);

  const anyDirty = dirtyEditorIds.length > 0;
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      // The browser shows its own words; the console cannot choose them.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  const choose = useCallback(
    async (choice: ExitChoice) => {
      if (pending === null) return;
      setBusy(true);
      const outcome = await settleExit(choice, pending.prompt);
      setBusy(false);
      // A failed save closes the question too: the person stays, facing the editor's own error.
      setPending(null);
      pending.resolve(outcome);
    },
    [pending],
  );

  const api = useMemo<UnsavedChangesApi>(
    () => ({ register, changed: refreshDirty, confirmExit, dirtyEditorIds }),
    [register, refreshDirty, confirmExit, dirtyEditorIds],
  );

  return (
    <UnsavedChangesContext.Provider value={api}>
      {children}
      <ExitDialog prompt={pending?.prompt ?? null} busy={busy} onChoose={(choice) => void choose(choice)} />
    </UnsavedChangesContext.Provider>
  );
}
