// Fails when src/gql/ differs from what `npm run codegen` would write now:
// the committed types must match ../schema.graphql and the operations in src/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committedDir = 'src/gql';
const scratchDir = mkdtempSync(join(tmpdir(), 'casebook-codegen-'));

function filesIn(dir) {
  return readdirSync(dir).filter((name) => name.endsWith('.ts')).sort();
}

try {
  execFileSync('npx', ['--no-install', 'graphql-codegen', '--config', 'codegen.ts', '--silent'], {
    env: { ...process.env, CODEGEN_OUT: `${scratchDir}/` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fresh = filesIn(scratchDir);
  const committed = filesIn(committedDir);
  const differing = [...new Set([...fresh, ...committed])].filter((name) => {
    if (!fresh.includes(name) || !committed.includes(name)) return true;
    return readFileSync(join(scratchDir, name), 'utf8') !== readFileSync(join(committedDir, name), 'utf8');
  });
  if (differing.length > 0) {
    console.error(`src/gql/ is out of date (${differing.join(', ')}); run \`npm run codegen\` and commit the result.`);
    process.exit(1);
  }
  console.log(`codegen:check: src/gql/ matches ../schema.graphql (${fresh.length} files)`);
} finally {
  rmSync(scratchDir, { recursive: true, force: true });
}
