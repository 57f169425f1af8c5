/**
 * The dataset a person last added an answer to, kept in this browser so the
 * next Add to dataset is one click (spec: datasets, From a conversation or a
 * run). Kept per organization and person: another organization's dataset is
 * never offered. Only an id and a name are kept; a dataset that is no longer
 * among those the person may edit is not offered.
 */
import type { KeyValueStorage } from '../unsaved/draftStore';

export interface RememberedDataset {
  id: string;
  name: string;
}

export interface RememberScope {
  organizationId: string;
  userId: string;
}

const PREFIX = 'casebook:last-dataset:';

export function rememberedDatasetKey(scope: RememberScope): string {
  return `${PREFIX}${scope.organizationId}:${scope.userId}`;
}

function parsed(raw: string | null): RememberedDataset | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, name } = value as Record<string, unknown>;
    return typeof id === 'string' && id !== '' && typeof name === 'string' ? { id, name } : null;
  } catch {
    return null;
  }
}

export function readRememberedDataset(storage: KeyValueStorage | null, scope: RememberScope): RememberedDataset | null {
  if (!storage) return null;
  try {
    return parsed(storage.getItem(rememberedDatasetKey(scope)));
  } catch {
    return null;
  }
}

/** Remembers the dataset just added to; a browser that refuses to store it is no reason to fail the add. */
export function rememberDataset(storage: KeyValueStorage | null, scope: RememberScope, dataset: RememberedDataset): void {
  if (!storage) return;
  try {
    storage.setItem(rememberedDatasetKey(scope), JSON.stringify({ id: dataset.id, name: dataset.name }));
  } catch {
    // Private browsing or a full storage: the next add asks again.
  }
}

/**
 * The dataset the picker starts on: the one the dialog was opened for (a
 * dataset's **Add from Activity**), else the remembered one while it is still
 * editable, else the only editable dataset, else none.
 */
export function initialDatasetId(editableIds: readonly string[], opts: { target?: string | null; remembered?: RememberedDataset | null }): string | null {
  if (opts.target && editableIds.includes(opts.target)) return opts.target;
  if (opts.remembered && editableIds.includes(opts.remembered.id)) return opts.remembered.id;
  return editableIds.length === 1 ? (editableIds[0] ?? null) : null;
}

/** The browser's localStorage, or null where there is none (or it may not be read). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
