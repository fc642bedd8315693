import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serverEnv } from './env.ts';

const root = join(import.meta.dirname, '..', '..');

/** Runs the operator command line (`npm run ops -- …`) against the e2e server's data folder. */
export function ops(...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'apps/server/dist/ops.mjs'), ...args], {
    env: { ...process.env, ...serverEnv },
    encoding: 'utf8',
  });
}

/** The same, for clean-up: a refusal (exit 2, e.g. "no region rule") is fine there. */
export function opsQuiet(...args: string[]): void {
  try {
    ops(...args);
  } catch (e) {
    if ((e as { status?: number }).status !== 2) throw e;
  }
}
