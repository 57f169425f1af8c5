/** For tests: a check as the API shows it (`Check`, every member present), from the file's shape. */

import type { CheckFieldsFragment } from '../gql/graphql';
import { CHECK_MEMBERS, checkInputFromJson, type JsonObject } from './checks';

const OPTIONAL_OF_MEMBER: Readonly<Record<string, JsonObject>> = {
  contains: { path: null, caseSensitive: null },
  notContains: { path: null, caseSensitive: null },
  equals: { path: null, caseSensitive: null },
  regex: { path: null, caseSensitive: null },
  jsonSchema: { path: null },
  length: { min: null, max: null, path: null },
};

export function apiCheck(json: JsonObject): CheckFieldsFragment {
  const written = checkInputFromJson(json) as unknown as Record<string, JsonObject>;
  const shown: Record<string, unknown> = Object.fromEntries(CHECK_MEMBERS.map((member) => [member, null]));
  for (const [member, parameters] of Object.entries(written)) shown[member] = { ...OPTIONAL_OF_MEMBER[member], ...parameters };
  return shown as CheckFieldsFragment;
}
