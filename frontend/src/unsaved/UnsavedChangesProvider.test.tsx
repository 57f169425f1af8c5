// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedChangesProvider, useUnsavedChangesApi } from './UnsavedChangesProvider';
import { useUnsavedChanges } from './useUnsavedChanges';

afterEach(cleanup);

interface EditorProps {
  canSave: boolean;
  save: () => Promise<boolean>;
  discard: () => void;
}

function CaseEditor({ canSave, save, discard }: EditorProps) {
  const [text, setText] = useState('');
  useUnsavedChanges({
    id: 'case:new',
    label: 'The new case',
    dirty: text !== '',
    canSave,
    save: async () => {
      const saved = await save();
      if (saved) setText('');
      return saved;
    },
    discard: () => {
      discard();
      setText('');
    },
  });
  const { confirmExit } = useUnsavedChangesApi();
  const [signOut, setSignOut] = useState('');
  return (
    <>
      <label>
        Input
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button type="button" onClick={() => void confirmExit({ kind: 'sign-out' }).then((ok) => setSignOut(ok ? 'signed out' : 'stayed'))}>
        Sign out
      </button>
      <output>{signOut}</output>
    </>
  );
}

function renderEditor(props: Partial<EditorProps> = {}) {
  const editor = { canSave: true, save: vi.fn(async () => true), discard: vi.fn(), ...props };
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          { path: '/editor', element: <CaseEditor {...editor} /> },
          { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
        ],
      },
    ],
    { initialEntries: ['/editor'] },
  );
  render(
    <MantineProvider theme={{ components: { Modal: { defaultProps: { transitionProps: { duration: 0 } } } } }}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { editor, router };
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Input'), { target: { value: text } });

describe('UnsavedChangesProvider', () => {
  it('lets a link pass when nothing is unsaved', async () => {
    const { router } = renderEditor();
    fireEvent.click(screen.getByText('Elsewhere'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a link leaves a dirty editor, and Stay stays', async () => {
    const { router } = renderEditor();
    type('Where is my refund?');
    fireEvent.click(screen.getByText('Elsewhere'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Leave with unsaved changes?');
    expect(dialog.textContent).toContain('The new case has changes that are not saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/editor');
    expect((screen.getByLabelText('Input') as HTMLInputElement).value).toBe('Where is my refund?');
  });

  it('asks again when a link is followed the moment Stay has answered, before the page has drawn again', async () => {
    const { router } = renderEditor();
    type('Where is my refund?');
    fireEvent.click(screen.getByText('Elsewhere'));
    const stay = await screen.findByRole('button', { name: 'Stay' });
    // One act: Stay's answer reaches the router, and the second click blocks, before React renders again.
    await act(async () => {
      fireEvent.click(stay);
      await new Promise((settled) => setTimeout(settled, 0));
      fireEvent.click(screen.getByText('Elsewhere'));
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('Leave with unsaved changes?');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('Discard drops the change and goes on', async () => {
    const { router, editor } = renderEditor();
    type('draft');
    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(editor.discard).toHaveBeenCalledOnce();
  });

  it('Save saves and goes on', async () => {
    const { router, editor } = renderEditor();
    type('draft');
    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(editor.save).toHaveBeenCalledOnce();
  });

  it('a failed save stays on the editor', async () => {
    const { router } = renderEditor({ save: vi.fn(async () => false) });
    type('draft');
    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('offers no Save when the change cannot be saved as it stands', async () => {
    renderEditor({ canSave: false });
    type('draft');
    fireEvent.click(screen.getByText('Elsewhere'));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('asks before signing out, and answers whether to go on', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signed out'));

    type('draft');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Sign out with unsaved changes?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('stayed'));
  });

  it('has the browser warn on reload or close only while something is unsaved', async () => {
    renderEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      act(() => void window.dispatchEvent(event));
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('draft');
    await waitFor(() => expect(unload()).toBe(true));
  });
});
