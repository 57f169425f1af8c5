/** Who answers: a model Casebook calls, a webhook it calls, or a local agent - your own code, wherever it runs, answering through Casebook's clients. */
export type AgentKind =
  /** Your own code answers (a laptop, a CI runner): the Python client, `casebook eval --task/--exec` or the pytest plugin claim an eval run's work and submit the answers. Casebook never calls it. */
  | 'LOCAL'
  | 'MODEL'
  | 'WEBHOOK';

/** What a field needs besides its permission: ANSWERING_AGENT - access (agents:view) to the agent that gave the answer, when the score records one. */
export type AlsoNeeds =
  | 'ANSWERING_AGENT';

export type CaseChangeKind =
  | 'ADDED'
  | 'CHANGED'
  | 'REMOVED';

/** A field of a case, as the Case type names it. */
export type CaseFieldName =
  | 'CHECKS'
  | 'COUNTER_EXAMPLE'
  | 'EXPECTED_TOOL_CALLS'
  | 'HISTORY'
  | 'INPUT'
  | 'NOTE'
  | 'ORDER_MODE'
  | 'REFERENCE_ANSWER'
  | 'REFERENCE_VERIFIED'
  | 'TAGS';

/** What a reply is kept as: the answer the agent should give (REFERENCE), or one it should not (COUNTER_EXAMPLE). */
export type CaseKeepAs =
  | 'COUNTER_EXAMPLE'
  | 'REFERENCE';

/** THIS_CASE: a judge check of the case, in a new version; EVERY_CASE: a criterion of the rubric, switching the judge on. */
export type CriterionScope =
  | 'EVERY_CASE'
  | 'THIS_CASE';

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

/** REGRESSION: passed in the baseline, fails now. IMPROVEMENT: failed, passes now. */
export type EvalFlipKind =
  | 'IMPROVEMENT'
  | 'REGRESSION';

/** What happened to the run. */
export type EvalRunEventKind =
  | 'FINISHED'
  | 'STARTED';

/** QUEUED until a worker takes it; RUNNING while it answers and grades; CONFIRMING while it reruns flipped cases; then FINISHED, FAILED (statusReason says why: a spent budget, an agent deleted…) or CANCELLED. */
export type EvalRunStatus =
  | 'CANCELLED'
  | 'CONFIRMING'
  | 'FAILED'
  | 'FINISHED'
  | 'QUEUED'
  | 'RUNNING';

/** Why an item is asked. */
export type EvalWorkPurpose =
  /** An answer of the run (a repetition). */
  | 'ANSWER'
  /** A rerun of a case that flipped against the baseline. */
  | 'CONFIRM';

/** read and edit are offered; a legacy use grant is listed and does nothing. */
export type GrantLevel =
  | 'EDIT'
  | 'READ'
  | 'USE';

export type KnowledgeDocumentKind =
  | 'MARKDOWN'
  | 'TEXT';

export type LengthUnit =
  | 'CHARACTERS'
  | 'WORDS';

export type ModelProviderKind =
  | 'ANTHROPIC'
  | 'OPENAI';

export type NotQueuedReason =
  | 'ALREADY_WAITING'
  | 'DECIDED'
  | 'OUTRANKED';

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

/** A dataset's Review by a person setting, for scores asked for by hand (scoreAnswer, Score against a case): NOTHING until somebody sends one, every result that did NOT_PASSED (fail or not graded), or EVERY result. */
export type ReviewByPerson =
  | 'EVERY'
  | 'NOTHING'
  | 'NOT_PASSED';

export type ReviewDecisionOutcome =
  | 'FAIL'
  | 'PASS';

/** How a score ranks in the queue: GRADED (pass or fail - a regression, a fail sent by hand) above NOT_GRADED (a judge's error). */
export type ReviewRank =
  | 'GRADED'
  | 'NOT_GRADED';

/** Why a score waits for review. */
export type ReviewSentBy =
  | 'DECISION_WITHDRAWN'
  | 'EVAL_RUN'
  | 'LOW_CONFIDENCE'
  | 'PERSON'
  | 'SETTING';

/** Where a score stands in review. */
export type ReviewState =
  | 'DECIDED'
  | 'NOT_QUEUED'
  | 'WAITING';

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

/** Where the graded answer came from: an eval run, a run of Activity (Score against a case), or an answer given to scoreAnswer. */
export type ScoreSource =
  | 'ACTIVITY_RUN'
  | 'API'
  | 'EVAL_RUN';

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

export type TextSpanKind =
  | 'ADDED'
  | 'REMOVED'
  | 'SAME';

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
