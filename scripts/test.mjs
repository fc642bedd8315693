// `npm test`: every suite, from a fresh clone. Installs what is missing (dependencies; Chromium on
// Debian as root), builds, then runs: the static checks (types, lint, format), the unit and
// integration suites (Vitest: contracts, server on PGlite — and on PostgreSQL when
// TEST_DATABASE_URL is set —, web), and the end-to-end suite in Chromium (Playwright).
// Ends with one line "tests: N passed, N failed".
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, ensureBrowser, ensureDependencies, log, npmRun, root, run } from './lib.mjs';

const started = Date.now();
ensureDependencies();
const chrome = ensureBrowser();
build();

const out = mkdtempSync(join(tmpdir(), 'test-report-'));
const results = [];

log('static checks: types, lint, format');
const checkFailed = npmRun(['run', 'check', '--silent'], { allowFailure: true }) !== 0;

log(
  `unit and integration suites (Vitest)${process.env.TEST_DATABASE_URL ? ' — server also on PostgreSQL' : ''}`,
);
const vitestJson = join(out, 'vitest.json');
run(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ],
  { allowFailure: true },
);
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  // A suite that fails to load has no failed test but makes the run unsuccessful: count it.
  const failed = v.numFailedTests || (v.success ? 0 : 1);
  results.push({ name: 'vitest', passed: v.numPassedTests, failed });
} else results.push({ name: 'vitest', passed: 0, failed: 1 });

log('end-to-end suite in Chromium (Playwright)');
const pwJson = join(out, 'playwright.json');
run(
  process.execPath,
  [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e', '--reporter=list,json'],
  {
    allowFailure: true,
    env: { ...process.env, CHROME_PATH: chrome, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  },
);
if (existsSync(pwJson)) {
  const p = JSON.parse(readFileSync(pwJson, 'utf8'));
  const s = p.stats ?? {};
  results.push({
    name: 'e2e',
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0) + (p.errors?.length ?? 0),
  });
} else results.push({ name: 'e2e', passed: 0, failed: 1 });
rmSync(out, { recursive: true, force: true });

const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0) + (checkFailed ? 1 : 0);
process.stdout.write('\n');
for (const r of results)
  process.stdout.write(`  ${r.name.padEnd(8)} ${r.passed} passed, ${r.failed} failed\n`);
process.stdout.write(
  `  checks   ${checkFailed ? 'FAILED (types, lint or format)' : 'ok (types, lint, format)'}\n`,
);
process.stdout.write(`  time     ${((Date.now() - started) / 60000).toFixed(1)} min\n\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
