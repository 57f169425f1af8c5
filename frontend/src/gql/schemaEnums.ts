/** Who answers: a model Casebook calls, or a webhook. */
export type AgentKind =
  | 'MODEL'
  | 'WEBHOOK';

/** What a reply is kept as: the answer the agent should give (REFERENCE), or one it should not (COUNTER_EXAMPLE). */
export type CaseKeepAs =
  | 'COUNTER_EXAMPLE'
  | 'REFERENCE';

/** Every code an error answers with, in its extensions.code. BAD_USER_INPUT names the fields at fault in extensions.fields: [{path, message}], paths dotted in the API's spelling (checks.2.contains.value); LIMIT_EXCEEDED may name one too. A resource you may not see is NOT_FOUND, exactly as one that never existed. UNAVAILABLE (HTTP 503) is worth retrying; INTERNAL is logged with the request id. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'FORBIDDEN'
  | 'GRAPHQL_VALIDATION'
  | 'INTERNAL'
  | 'LIMIT_EXCEEDED'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'UNAVAILABLE';

/** read and edit are offered; a legacy use grant is listed and does nothing. */
export type GrantLevel =
  | 'EDIT'
  | 'READ'
  | 'USE';

export type LengthUnit =
  | 'CHARACTERS'
  | 'WORDS';

export type ModelProviderKind =
  | 'ANTHROPIC'
  | 'OPENAI';

export type OnDenied =
  | 'MASK'
  | 'NULL'
  | 'REFUSE';

/** Runs by their ratings. */
export type RatingFilter =
  | 'DOWN'
  | 'RATED'
  | 'UNRATED'
  | 'UP';

/** Thumbs up or down. */
export type RatingValue =
  | 'DOWN'
  | 'UP';

/** What a field needs: a permission of the catalog, AUTHENTICATED (any signed-in actor) or PUBLIC (anyone). */
export type RequiredPermission =
  | 'AGENTS_EDIT'
  | 'AGENTS_RUN'
  | 'AGENTS_VIEW'
  | 'AUTHENTICATED'
  | 'CONNECTIONS_MANAGE'
  | 'DATASETS_EDIT'
  | 'DATASETS_RUN'
  | 'DATASETS_VIEW'
  | 'ORGANIZATION_MANAGE'
  | 'PUBLIC'
  | 'RUNS_VIEW';

/** The six built-in roles. */
export type Role =
  | 'ADMIN'
  | 'BUILDER'
  | 'MEMBER'
  | 'OPERATOR'
  | 'OWNER'
  | 'VIEWER';

export type RunStatus =
  | 'FAILED'
  | 'SUCCEEDED';

export type ScoreOutcome =
  | 'FAIL'
  | 'NOT_GRADED'
  | 'PASS';

/** ERROR: the scorer reached no verdict. */
export type ScorerStatus =
  | 'ERROR'
  | 'FAIL'
  | 'PASS';

export type StepKind =
  | 'TEXT'
  | 'TOOL_CALL';

/** The rung of the ladder that decided a value. */
export type StructuredRung =
  | 'BOOLEAN'
  | 'DATE'
  | 'EMBEDDING'
  | 'EXACT'
  | 'EXTRA'
  | 'JUDGE'
  | 'MISSING'
  | 'SIMILARITY'
  | 'TYPE_MISMATCH';

/** BLOCKED: an isolated run did not execute it. */
export type ToolCallStatus =
  | 'BLOCKED'
  | 'FAILED'
  | 'OK';

/** Who wrote a message. */
export type TurnRole =
  | 'AGENT'
  | 'USER';

export type Visibility =
  | 'ORGANIZATION'
  | 'PRIVATE';
