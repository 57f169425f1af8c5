/**
 * The real Casebook stack for the end-to-end tests: `casebook dev` with its
 * embedded PostgreSQL and Redis in a fresh temporary folder, the worker, and
 * the console server serving dist/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const FRONTEND_DIR = resolve(import.meta.dirname, '..');
const REPO_DIR = resolve(FRONTEND_DIR, '..');
const CASEBOOK = process.env.CASEBOOK_BIN ?? join(REPO_DIR, '.venv', 'bin', 'casebook');
export const STACK_LOG = join(FRONTEND_DIR, 'test-results', 'e2e-stack.log');

export interface StackUrls {
  apiUrl: string;
  consoleUrl: string;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** The child's environment: always embedded services in the temp folder, never a developer's database. */
function stackEnv(dataDir: string, consolePort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return {
    ...env,
    DATA_DIR: dataDir,
    CONSOLE_ORIGINS: JSON.stringify([`http://127.0.0.1:${consolePort}`]),
    LOG_JSON: 'false',
    PYTHONUNBUFFERED: '1',
  };
}

/** Runs a one-off `casebook` command to completion, its output going to the stack log. */
export async function runCasebook(args: string[], dataDir: string, consolePort: number, log: NodeJS.WritableStream): Promise<void> {
  const child = spawn(CASEBOOK, args, { cwd: dataDir, env: stackEnv(dataDir, consolePort), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`casebook ${args[0]} exited with ${code}; see ${STACK_LOG}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntil(what: string, ready: () => Promise<boolean>, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`casebook dev exited (${child.exitCode}) before ${what}; see ${STACK_LOG}`);
    if (await ready()) return;
    await new Promise((pause) => setTimeout(pause, 250));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s; see ${STACK_LOG}`);
}

export interface RunningStack extends StackUrls {
  stop(): Promise<void>;
}

export async function startStack(admin: { email: string; password: string }, seed: (dataDir: string, consolePort: number, log: NodeJS.WritableStream) => Promise<void>): Promise<RunningStack> {
  const distIndex = join(FRONTEND_DIR, 'dist', 'index.html');
  if (!existsSync(distIndex)) throw new Error('dist/index.html is missing: run `npm run build` first (npm run test:e2e does)');
  if (!existsSync(CASEBOOK)) throw new Error(`${CASEBOOK} is missing: run \`make install\` at the repository root`);

  const dataDir = mkdtempSync(join(tmpdir(), 'casebook-e2e-'));
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  const log = createWriteStream(STACK_LOG, { flags: 'w' });

  await seed(dataDir, consolePort, log);

  const child = spawn(
    CASEBOOK,
    ['dev', '--port', String(apiPort), '--console-dir', join(FRONTEND_DIR, 'dist'), '--console-port', String(consolePort),
      '--admin-email', admin.email, '--admin-password', admin.password],
    // Its own process group, so that whatever it leaves behind can be ended with it.
    { cwd: dataDir, env: stackEnv(dataDir, consolePort), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  const apiBase = `http://127.0.0.1:${apiPort}`;
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      // SIGINT, not SIGTERM: uvicorn re-raises the signal it caught once it has shut
      // down, and only SIGINT (as KeyboardInterrupt) lets `casebook dev` then stop its
      // worker, console server and embedded services in its `finally` blocks.
      child.kill('SIGINT');
      const exited = await Promise.race([
        new Promise<boolean>((done) => child.once('exit', () => done(true))),
        new Promise<boolean>((done) => setTimeout(() => done(false), 30_000)),
      ]);
      if (!exited) killGroup(child.pid, 'SIGKILL');
    }
    if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    await stopLeftoverPostgres(dataDir);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntil('the API answered /readyz', () => answers(`${apiBase}/readyz`), child, 120_000);
    await waitUntil('the console server answered', () => answers(`${consoleUrl}/config.json`), child, 30_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- last lines of the stack log ---\n${tail(STACK_LOG)}`, { cause: error });
  }
  return { apiUrl: `${apiBase}/graphql`, consoleUrl, stop };
}

/**
 * The embedded PostgreSQL daemonizes into its own session, out of reach of the
 * process group; `casebook dev` normally stops it, and this makes sure, by the
 * id in its own pid file, before its folder is removed.
 */
async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'services', 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((pause) => setTimeout(pause, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

function tail(path: string, lines = 40): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
