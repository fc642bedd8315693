import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  newOpsToken,
  opsFilePath,
  processAlive,
  readOpsFile,
  removeOpsFile,
  writeOpsFile,
} from './ops-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ops-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('is written owner-only and read back', () => {
  const token = newOpsToken();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  writeOpsFile(dir, { port: 8080, token, pid: process.pid });
  expect(statSync(opsFilePath(dir)).mode & 0o777).toBe(0o600);
  expect(readOpsFile(dir)).toEqual({ port: 8080, token, pid: process.pid });
  removeOpsFile(dir, 'someone-elses-token');
  expect(readOpsFile(dir)).not.toBeNull();
  removeOpsFile(dir, token);
  expect(readOpsFile(dir)).toBeNull();
});

it('tells a live server from a stale file', () => {
  expect(processAlive(process.pid)).toBe(true);
  expect(processAlive(2 ** 22 + 12345)).toBe(false);
});
