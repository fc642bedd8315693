import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, isChunkLoadError, loadChunk } from './chunk';

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const e = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((err: unknown) => err);
    expect(isChunkLoadError(e)).toBe(true);
  });

  it('gives up after 120 s (spec §9)', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise<never>(() => undefined)).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(isChunkLoadError(await pending)).toBe(true);
  });
});
