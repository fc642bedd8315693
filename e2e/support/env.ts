import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A fixed folder per port, wiped by start-server.mjs before each run, so every run starts fresh. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `e2e-data-${E2E_PORT}`);

export const serverEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  LOG_LEVEL: 'warn',
  // The e2e browser is on loopback; trusting it lets a test present another client address
  // (X-Forwarded-For) to reach the new-IP verification step. Untrusted peers still can't.
  TRUST_PROXY: '127.0.0.1',
};
