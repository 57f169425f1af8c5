import type { KeyValueStorage } from '../unsaved/draftStore';

/**
 * The dashboard's cards and which of them a member keeps on it, per member
 * and organization in this browser. A card on the dashboard by default shows
 * until its member removes it, and can be added back.
 */

export type DashboardCardId = 'waiting-for-review';

export interface DashboardCardInfo {
  id: DashboardCardId;
  title: string;
  onByDefault: boolean;
}

export const DASHBOARD_CARDS: readonly DashboardCardInfo[] = [{ id: 'waiting-for-review', title: 'Waiting for review', onByDefault: true }];

export interface DashboardScope {
  userId: string;
  organizationId: string;
}

function storageKey(scope: DashboardScope): string {
  return `casebook.dashboard.${scope.organizationId}.${scope.userId}`;
}

/** The cards shown, in the dashboard's order: those on by default, less those removed, plus those added. */
export function shownCards(storage: KeyValueStorage | null, scope: DashboardScope): DashboardCardId[] {
  let choices: Partial<Record<DashboardCardId, boolean>> = {};
  try {
    const kept = storage?.getItem(storageKey(scope));
    const parsed: unknown = kept ? JSON.parse(kept) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) choices = parsed as Partial<Record<DashboardCardId, boolean>>;
  } catch {
    // A copy this console cannot read is as good as none: the defaults show.
  }
  return DASHBOARD_CARDS.filter((card) => (typeof choices[card.id] === 'boolean' ? choices[card.id] : card.onByDefault)).map((card) => card.id);
}

/** Keeps a card on the dashboard or off it. */
export function setCardShown(storage: KeyValueStorage | null, scope: DashboardScope, id: DashboardCardId, shown: boolean): DashboardCardId[] {
  const current = new Set(shownCards(storage, scope));
  if (shown) current.add(id);
  else current.delete(id);
  const choices = Object.fromEntries(DASHBOARD_CARDS.map((card) => [card.id, current.has(card.id)]));
  try {
    storage?.setItem(storageKey(scope), JSON.stringify(choices));
  } catch {
    // Storage full or blocked: the choice holds for this page only.
  }
  return DASHBOARD_CARDS.filter((card) => current.has(card.id)).map((card) => card.id);
}
