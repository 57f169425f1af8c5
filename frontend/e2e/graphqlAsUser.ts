/** A console session from Node, for seeding through the API as a person would. */

export interface SignedInSession {
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

async function post(apiUrl: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(apiUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function dataOf<T>(response: Response): Promise<T> {
  const payload = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (payload.errors?.length) throw new Error(payload.errors.map((error) => error.message).join('; '));
  if (!payload.data) throw new Error(`no data (HTTP ${response.status})`);
  return payload.data;
}

export async function signInAs(apiUrl: string, email: string, password: string): Promise<SignedInSession> {
  const response = await post(
    apiUrl,
    { query: 'mutation($input: LoginInput!) { login(input: $input) { viewer { csrfToken } } }', variables: { input: { email, password } } },
    {},
  );
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const data = await dataOf<{ login: { viewer: { csrfToken: string } } }>(response);
  const headers = { cookie, 'x-csrf-token': data.login.viewer.csrfToken };
  return {
    request: async <T>(query: string, variables: Record<string, unknown> = {}) => dataOf<T>(await post(apiUrl, { query, variables }, headers)),
  };
}
