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
  checks?: Record<string, unknown>[];
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
