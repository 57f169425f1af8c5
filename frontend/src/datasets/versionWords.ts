/** A version in words, for the version list. */
import { countOf } from '../common/count';

export interface VersionLike {
  number: number;
  action: string;
  summary: unknown;
  caseCount: number;
}

function summaryCount(summary: unknown, key: string): number | null {
  if (typeof summary !== 'object' || summary === null) return null;
  const value = (summary as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : null;
}

function cases(count: number): string {
  return countOf(count, 'case', 'cases');
}

/** What the version changed: "1 case added", "40 cases imported", … */
export function versionChange(version: VersionLike): string {
  switch (version.action) {
    case 'add':
      return `${cases(summaryCount(version.summary, 'added') ?? 1)} added`;
    case 'edit':
      return `${cases(summaryCount(version.summary, 'edited') ?? 1)} edited`;
    case 'remove':
      return `${cases(summaryCount(version.summary, 'removed') ?? 1)} removed`;
    case 'import':
      return `${cases(summaryCount(version.summary, 'imported') ?? 0)} imported`;
    case 'accept':
      return `${cases(summaryCount(version.summary, 'accepted') ?? 0)} accepted`;
    default:
      return version.action;
  }
}

/** "v7 · 1 case edited · 42 cases", with "newest" on the newest. */
export function versionLabel(version: VersionLike, latest: number): string {
  const newest = version.number === latest ? ' (newest)' : '';
  return `v${version.number}${newest} · ${versionChange(version)} · ${cases(version.caseCount)}`;
}
