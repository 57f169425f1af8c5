import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signInAs } from './graphqlAsUser';
import { ADMINISTRATOR, CURATOR, DEMO_ADMIN, NEWCOMER, OTHER_OWNER, REVIEWER, TEAMMATE } from './people';
import { startScriptedModel } from './scriptedModel';
import { FRONTEND_DIR, runCasebook, startStack } from './stack';

/** Starts the stack; the scripted model stops too when it cannot start. */
async function startStackOrStop<T>(model: { stop(): Promise<void> }, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await model.stop();
    throw error;
  }
}

/**
 * Starts the stack with the demo organization `make run` seeds, then five
 * organizations: the reviewer owns one and is a
 * Builder in the other, so switching organization shows another role; the
 * curator owns a third, where the dataset tests work, with a teammate to
 * share with; a newcomer owns a fourth with no dataset yet; an administrator owns
 * a fifth, where the organization pages add members, keys and connections. A scripted
 * OpenAI-compatible model on loopback answers the model agents the chat tests
 * talk to (`scriptedModel.ts`).
 * Returns the teardown, which stops everything and removes the data folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(join(FRONTEND_DIR, 'test-results', 'screenshots'), { recursive: true });
  const started = Date.now();
  const model = await startScriptedModel();
  const stack = await startStackOrStop(model, () =>
    startStack(REVIEWER, async (dataDir, consolePort, log) => {
      await runCasebook(['migrate'], dataDir, consolePort, log);
      // The demo first, as `make run` seeds it on an empty database: its sample agent's runs
      // done through the API, answered afterwards by `casebook dev`'s sample agent process.
      const seeding = Date.now();
      await runCasebook(['seed-demo', '--admin-email', DEMO_ADMIN.email, '--admin-password', DEMO_ADMIN.password], dataDir, consolePort, log);
      console.log(`demo seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s (the command, embedded services' start included)`);
      // One process per owner: each mostly starts Python, so two run at once on two cores.
      await Promise.all(
        [
          [REVIEWER.email, REVIEWER.name, REVIEWER.homeOrganization, REVIEWER.password],
          [CURATOR.email, CURATOR.name, CURATOR.organization, CURATOR.password],
          [NEWCOMER.email, NEWCOMER.name, NEWCOMER.organization, NEWCOMER.password],
          [OTHER_OWNER.email, OTHER_OWNER.name, REVIEWER.otherOrganization, OTHER_OWNER.password],
          [ADMINISTRATOR.email, ADMINISTRATOR.name, ADMINISTRATOR.organization, ADMINISTRATOR.password],
        ].map(([email, name, organization, password]) =>
          runCasebook(
            ['create-admin', '--email', email, '--name', name, '--organization', organization, '--password', password],
            dataDir, consolePort, log,
          ),
        ),
      );
    }),
  );
  try {
    const owner = await signInAs(stack.apiUrl, OTHER_OWNER.email, OTHER_OWNER.password);
    await owner.request('mutation($input: AddMemberInput!) { addMember(input: $input) { member { role } } }', {
      // Always given, so the answer never tells whether the e-mail has an account; theirs keeps its own.
      input: { email: REVIEWER.email, role: 'BUILDER', password: 'not-used-for-an-existing-account' },
    });
    const curator = await signInAs(stack.apiUrl, CURATOR.email, CURATOR.password);
    await curator.request('mutation($input: AddMemberInput!) { addMember(input: $input) { member { role } } }', {
      input: { email: TEAMMATE.email, name: TEAMMATE.name, role: 'MEMBER', password: TEAMMATE.password },
    });
  } catch (error) {
    await stack.stop();
    await model.stop();
    throw error;
  }
  process.env.CASEBOOK_E2E_CONSOLE_URL = stack.consoleUrl;
  process.env.CASEBOOK_E2E_API_URL = stack.apiUrl;
  process.env.CASEBOOK_E2E_MODEL_URL = model.baseUrl;
  console.log(`e2e stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: console ${stack.consoleUrl}, API ${stack.apiUrl}`);
  return async () => {
    await stack.stop();
    await model.stop();
  };
}
