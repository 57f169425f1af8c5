/**
 * Errors from the API, in words a person can act on.
 *
 * The API answers every failure as a GraphQL error whose `extensions.code`
 * says what kind it is and whose message is written for people; bad input
 * also names the fields at fault in `extensions.fields: [{path, message}]`.
 * Everything the console shows about a failed request goes through here.
 */

import type { ErrorCode } from '../gql/schemaEnums';

/** A code the API sends (its schema's ErrorCode), NETWORK when no answer came, UNKNOWN for a code this console does not know. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

export interface FieldProblem {
  /** Dotted path of the field, as the API names it: `referenceAnswer`, `checks.2.contains.value`, `rows.4.input`. */
  path: string;
  message: string;
}

export interface ApiProblem {
  code: ApiErrorCode;
  /** A short heading: what kind of failure this is. */
  title: string;
  /** What happened, as a sentence. */
  message: string;
  /** The fields the API named; empty unless the input was refused. */
  fields: FieldProblem[];
}

/** The parts of urql's CombinedError (or a bare GraphQL error list) this module reads. */
export interface ErrorLike {
  networkError?: unknown;
  graphQLErrors?: ReadonlyArray<{ message: string; extensions?: Readonly<Record<string, unknown>> | undefined }>;
  message?: string;
}

// Keyed by the schema's codes: a code the API adds is a type error here until it has a title.
const SERVER_TITLES: Record<ErrorCode, string> = {
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'Not allowed',
  BAD_USER_INPUT: 'Some fields need a change',
  CONFLICT: 'Changed in the meantime',
  UNAUTHENTICATED: 'Not signed in',
  LIMIT_EXCEEDED: 'Limit reached',
  UNAVAILABLE: 'Briefly unavailable',
  GRAPHQL_VALIDATION: 'The console and the API disagree',
  INTERNAL: 'Something went wrong on the server',
};

const TITLES: Record<ApiErrorCode, string> = {
  ...SERVER_TITLES,
  NETWORK: 'The API did not answer',
  UNKNOWN: 'The request failed',
};

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(SERVER_TITLES, code);
}

const NETWORK_MESSAGE = 'Casebook could not reach its API. Check your connection, then try again.';

/** Starts with a capital and ends with a full stop, whatever the server sent. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

function codeOf(extensions: Readonly<Record<string, unknown>> | undefined): ApiErrorCode {
  const code = extensions?.code;
  if (typeof code !== 'string') return 'UNKNOWN';
  return isErrorCode(code) ? code : 'UNKNOWN';
}

function fieldsOf(extensions: Readonly<Record<string, unknown>> | undefined): FieldProblem[] {
  const fields = extensions?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { path, message } = entry as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    return [{ path: typeof path === 'string' ? path : '', message }];
  });
}

/** The message without the "path: message; …" summary the API puts before field lists. */
function messageFor(code: ApiErrorCode, serverMessage: string, fields: FieldProblem[]): string {
  if (code === 'BAD_USER_INPUT' && fields.length > 0) {
    const named = fields.filter((field) => field.path !== '').length;
    const general = fields.filter((field) => field.path === '').map((field) => asSentence(field.message));
    const pointer = named === 1 ? 'Check the highlighted field.' : named > 1 ? `Check the ${named} highlighted fields.` : '';
    return [...general, pointer].filter(Boolean).join(' ');
  }
  return asSentence(serverMessage) || TITLES[code];
}

function problemOf(error: { message: string; extensions?: Readonly<Record<string, unknown>> | undefined }): ApiProblem {
  const code = codeOf(error.extensions);
  const fields = fieldsOf(error.extensions);
  return { code, title: TITLES[code], message: messageFor(code, error.message, fields), fields };
}

/** One problem per GraphQL error; a single NETWORK problem when the request got no answer. */
export function problemsFrom(error: ErrorLike | null | undefined): ApiProblem[] {
  if (!error) return [];
  const graphQLErrors = error.graphQLErrors ?? [];
  if (graphQLErrors.length > 0) return graphQLErrors.map(problemOf);
  if (error.networkError) return [{ code: 'NETWORK', title: TITLES.NETWORK, message: NETWORK_MESSAGE, fields: [] }];
  return [{ code: 'UNKNOWN', title: TITLES.UNKNOWN, message: asSentence(error.message ?? '') || TITLES.UNKNOWN, fields: [] }];
}

/** The problems of one failed request merged into one: the first decides the code; fields add up. */
export function problemFrom(error: ErrorLike | null | undefined): ApiProblem | null {
  const problems = problemsFrom(error);
  const [first, ...rest] = problems;
  if (!first) return null;
  if (rest.length === 0) return first;
  const fields = problems.flatMap((problem) => problem.fields);
  const allInput = problems.every((problem) => problem.code === 'BAD_USER_INPUT');
  return {
    code: first.code,
    title: first.title,
    message: allInput ? messageFor('BAD_USER_INPUT', first.message, fields) : problems.map((p) => p.message).join(' '),
    fields,
  };
}

/** Problems that pass by themselves (a conflict, a limit, a brief outage): shown as warnings. */
export function isPassing(problem: ApiProblem): boolean {
  return problem.code === 'CONFLICT' || problem.code === 'LIMIT_EXCEEDED' || problem.code === 'UNAVAILABLE';
}

/** True when the API said the caller is not (or no longer) signed in. */
export function isSignedOut(error: ErrorLike | null | undefined): boolean {
  return problemsFrom(error).some((problem) => problem.code === 'UNAUTHENTICATED');
}

/** The message for a dialog's field, from its own checks of the choices on screen first, then from what the API refused. */
export function fieldMessage(name: string, local: readonly FieldProblem[], remote: ApiProblem | null): string | undefined {
  const named = (problem: FieldProblem) => problem.path === name || problem.path.endsWith(`.${name}`);
  return local.find(named)?.message ?? remote?.fields.find(named)?.message;
}
