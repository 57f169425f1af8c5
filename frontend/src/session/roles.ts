import type { Role } from '../gql/graphql';

const ROLE_NAMES: Record<Role, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  BUILDER: 'Builder',
  OPERATOR: 'Operator',
  MEMBER: 'Member',
  VIEWER: 'Viewer',
};

/** The role as the spec names it. */
export function roleName(role: Role): string {
  return ROLE_NAMES[role];
}
