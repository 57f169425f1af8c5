import type { Role } from '../gql/graphql';
import { roleName } from '../session/roles';

/** A role in a sentence, for choosing one. */
export const ROLE_SUMMARY: Record<Role, string> = {
  OWNER: 'Everything, and the only one who makes or removes an Owner',
  ADMIN: 'Everything but making Owners: members, keys, model connections, all datasets and agents',
  BUILDER: 'Builds datasets and agents shared with them, runs evals and reads every run',
  OPERATOR: 'Runs evals and reads every run and dataset; changes nothing',
  MEMBER: 'Their own datasets and agents and those shared with them; reads no runs',
  VIEWER: 'Reads the datasets and agents shared with them; nothing else',
};

const REACH_WORDS: Record<string, string> = { all: 'all', shared: 'shared', own: 'own' };

/** "all", "shared" or "own" for a held permission; "—" for one not held. */
export function reachWord(reach: string | undefined): string {
  return reach ? (REACH_WORDS[reach] ?? reach) : '—';
}

/** The roles an actor may give: only an Owner makes another Owner. */
export function assignableRoles(actorRole: Role): Role[] {
  const all: Role[] = ['OWNER', 'ADMIN', 'BUILDER', 'OPERATOR', 'MEMBER', 'VIEWER'];
  return actorRole === 'OWNER' ? all : all.filter((role) => role !== 'OWNER');
}

export function roleChoices(actorRole: Role): { value: Role; label: string }[] {
  return assignableRoles(actorRole).map((role) => ({ value: role, label: roleName(role) }));
}
