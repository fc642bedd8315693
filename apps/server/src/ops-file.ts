import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * DATA_DIR/ops.json tells the ops CLI that a server holds this data directory (PGlite can be
 * opened by one process only) and how to reach it: POST http://127.0.0.1:<port>/ops/<command>
 * with the bearer token. Written at start with mode 0600, removed at shutdown.
 */
const opsFileSchema = z.object({
  port: z.number().int(),
  token: z.string().min(32),
  pid: z.number().int(),
});
export type OpsFile = z.infer<typeof opsFileSchema>;

export const opsFilePath = (dataDir: string) => path.join(dataDir, 'ops.json');

export const newOpsToken = () => randomBytes(32).toString('base64url');

export function writeOpsFile(dataDir: string, f: OpsFile): void {
  writeFileSync(opsFilePath(dataDir), `${JSON.stringify(f)}\n`, { mode: 0o600 });
}

export function readOpsFile(dataDir: string): OpsFile | null {
  try {
    const parsed = opsFileSchema.safeParse(JSON.parse(readFileSync(opsFilePath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Removes the file only when it is still ours (another server may have replaced it). */
export function removeOpsFile(dataDir: string, token: string): void {
  if (readOpsFile(dataDir)?.token === token) rmSync(opsFilePath(dataDir), { force: true });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
