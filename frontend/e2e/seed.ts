/** Datasets and cases made through the API, as an integrator would, so a test starts where it needs to. */
import { type SignedInSession, signInAs } from './graphqlAsUser';
import { CURATOR } from './people';

export async function curatorApi(): Promise<SignedInSession> {
  const apiUrl = process.env.CASEBOOK_E2E_API_URL;
  if (!apiUrl) throw new Error('CASEBOOK_E2E_API_URL is unset: globalSetup did not start the stack');
  return signInAs(apiUrl, CURATOR.email, CURATOR.password);
}

export async function createDataset(api: SignedInSession, name: string, description = ''): Promise<string> {
  const data = await api.request<{ createDataset: { dataset: { id: string } } }>(
    'mutation($input: CreateDatasetInput!) { createDataset(input: $input) { dataset { id } } }',
    { input: { name, description } },
  );
  return data.createDataset.dataset.id;
}

export interface SeedCase {
  input: string;
  referenceAnswer?: string;
  referenceVerified?: boolean;
  counterExample?: string;
  tags?: string[];
  note?: string;
  history?: { role: string; content: string }[];
  expectedToolCalls?: { tool: string; args: Record<string, unknown> }[];
  /** As CheckInput takes them: `{ contains: { value: 'x' } }`. */
  checks?: Record<string, Record<string, unknown>>[];
}

export async function addCase(api: SignedInSession, datasetId: string, input: SeedCase): Promise<{ id: string; version: number }> {
  const data = await api.request<{ addCase: { case: { id: string }; version: number } }>(
    'mutation($id: ID!, $case: CaseInput!) { addCase(datasetId: $id, case: $case, allowTwin: true) { case { id } version } }',
    { id: datasetId, case: input },
  );
  return { id: data.addCase.case.id, version: data.addCase.version };
}

/** A dataset URL as the console writes it. */
export function datasetPath(datasetId: string, search = '?tab=cases'): string {
  return `/datasets/${encodeURIComponent(datasetId)}${search}`;
}

/** A saved OpenAI-compatible model connection; nothing is called when a setting names it. */
export async function addModelConnection(api: SignedInSession, name: string, models: string[]): Promise<string> {
  const data = await api.request<{ addModelConnection: { connection: { id: string } } }>(
    'mutation($input: AddModelConnectionInput!) { addModelConnection(input: $input) { connection { id } } }',
    { input: { name, provider: 'OPENAI', models, baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-e2e-not-a-real-key-0' } },
  );
  return data.addModelConnection.connection.id;
}

/** A model connection to the scripted model globalSetup started: agents on it answer in the chat. */
export async function addScriptedModelConnection(api: SignedInSession, name: string, models: string[]): Promise<string> {
  const baseUrl = process.env.CASEBOOK_E2E_MODEL_URL;
  if (!baseUrl) throw new Error('CASEBOOK_E2E_MODEL_URL is unset: globalSetup did not start the scripted model');
  const data = await api.request<{ addModelConnection: { connection: { id: string } } }>(
    'mutation($input: AddModelConnectionInput!) { addModelConnection(input: $input) { connection { id } } }',
    { input: { name, provider: 'OPENAI', models, baseUrl, apiKey: 'sk-e2e-scripted-model-0' } },
  );
  return data.addModelConnection.connection.id;
}

/** Where the scripted model executes a tool, for a tool's `endpoint`. */
export function scriptedToolUrl(name: string): string {
  const baseUrl = process.env.CASEBOOK_E2E_MODEL_URL;
  if (!baseUrl) throw new Error('CASEBOOK_E2E_MODEL_URL is unset: globalSetup did not start the scripted model');
  return `${baseUrl.replace(/\/v1$/, '')}/tools/${name}`;
}

/** The dataset's judge: enabled, on a saved connection and model, with one criterion. */
export async function setJudge(api: SignedInSession, datasetId: string, connectionId: string, model: string): Promise<void> {
  await api.request('mutation($id: ID!, $patch: ScoringInput!) { updateScoring(datasetId: $id, patch: $patch) { scoring { __typename } } }', {
    id: datasetId,
    patch: { judge: { enabled: true, connectionId, model, criteria: [{ id: 'correct', text: 'The answer is correct.' }] } },
  });
}

export interface SeedTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown> | null;
  readOnly?: boolean;
  endpoint?: string | null;
}

/** A model agent on a saved connection, visible to the organization. */
export async function createModelAgent(api: SignedInSession, name: string, connectionId: string, model: string, tools: SeedTool[] = [], instructions = ''): Promise<string> {
  const data = await api.request<{ createModelAgent: { agent: { id: string } } }>(
    'mutation($input: CreateModelAgentInput!) { createModelAgent(input: $input) { agent { id } } }',
    { input: { name, config: { connectionId, model, instructions, tools } } },
  );
  return data.createModelAgent.agent.id;
}

export interface SeedStep {
  kind: 'TOOL_CALL' | 'TEXT';
  text?: string;
  toolName?: string;
  arguments?: Record<string, unknown>;
  status?: 'OK' | 'FAILED' | 'BLOCKED';
  result?: string;
}

export interface SeedTurn {
  question: string;
  steps: SeedStep[];
  isolated?: boolean;
  eval?: boolean;
  costUsd?: number;
  latencyMs?: number;
  model?: string;
}

/** A conversation as an integrator records it: each turn a question and the agent's reply with its steps. Returns each reply's run id. */
export async function recordConversation(
  api: SignedInSession,
  conversation: { agentId: string; externalId: string; title: string; endUser?: string; memberId?: string; turns: SeedTurn[] },
): Promise<string[]> {
  const turns = conversation.turns.flatMap((turn, index) => [
    { externalId: `${conversation.externalId}-q${index}`, role: 'USER', content: turn.question },
    {
      externalId: `${conversation.externalId}-a${index}`,
      role: 'AGENT',
      run: { steps: turn.steps, isolated: turn.isolated ?? false, eval: turn.eval ?? false, costUsd: turn.costUsd ?? null, latencyMs: turn.latencyMs ?? null, model: turn.model ?? null },
    },
  ]);
  const data = await api.request<{ recordConversations: { conversations: { conversationId: string }[] } }>(
    'mutation($input: RecordConversationsInput!) { recordConversations(input: $input) { conversations { conversationId } } }',
    {
      input: {
        conversations: [
          { externalId: conversation.externalId, agentId: conversation.agentId, title: conversation.title, endUser: conversation.endUser ?? null, memberId: conversation.memberId ?? null, turns },
        ],
      },
    },
  );
  const conversationId = data.recordConversations.conversations[0]?.conversationId;
  const runs = await api.request<{ runs: { edges: { node: { id: string } }[] } }>(
    'query($filter: RunFilterInput) { runs(filter: $filter, first: 100) { edges { node { id } } } }',
    { filter: { conversationId } },
  );
  // Newest first from the API; oldest first for the caller, as the turns were given.
  return runs.runs.edges.map((edge) => edge.node.id).reverse();
}

/** A person's rating, recorded by an integrator. */
export async function recordRating(api: SignedInSession, runId: string, value: 'UP' | 'DOWN', comment: string | null, endUser: string): Promise<void> {
  await api.request('mutation($input: RecordRatingsInput!) { recordRatings(input: $input) { recorded } }', {
    input: { ratings: [{ runId, value, comment, endUser }] },
  });
}

/** A new version of a model agent: the whole configuration, as the agent's form saves it. */
export async function configureModelAgent(api: SignedInSession, agentId: string, connectionId: string, model: string, instructions: string): Promise<number> {
  const data = await api.request<{ configureModelAgent: { version: { number: number } } }>(
    'mutation($input: ConfigureModelAgentInput!) { configureModelAgent(input: $input) { version { number } } }',
    { input: { id: agentId, config: { connectionId, model, instructions, tools: [] } } },
  );
  return data.configureModelAgent.version.number;
}

/** An answer graded against a case, as an integrator sends one: every scorer the dataset configures grades it. */
export async function scoreAnswer(
  api: SignedInSession,
  input: { caseId: string; answer: string; agentName: string; agentVersion?: string; answeringModel?: string },
): Promise<{ id: string; outcome: string }> {
  const data = await api.request<{ scoreAnswer: { score: { id: string; outcome: string } } }>(
    'mutation($input: ScoreAnswerInput!) { scoreAnswer(input: $input) { score { id outcome } } }',
    { input },
  );
  return data.scoreAnswer.score;
}

/** The dataset's Review by a person setting: which answers scored by hand wait for a person. */
export async function setReviewByPerson(api: SignedInSession, datasetId: string, reviewByPerson: 'NOTHING' | 'NOT_PASSED' | 'EVERY'): Promise<void> {
  await api.request('mutation($input: ReviewSettingsInput!) { updateReviewSettings(input: $input) { settings { reviewByPerson } } }', {
    input: { datasetId, reviewByPerson },
  });
}

/** The case generator's model, as Settings' Case generator card saves it: setGeneratorModel names the connection by its global id. */
export async function setGeneratorModel(api: SignedInSession, datasetId: string, connectionId: string, model: string): Promise<void> {
  await api.request('mutation($id: ID!, $connection: ID, $model: String) { setGeneratorModel(datasetId: $id, modelConnectionId: $connection, model: $model) { dataset { id } } }', {
    id: datasetId,
    connection: connectionId,
    model,
  });
}
