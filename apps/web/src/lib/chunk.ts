/** Spec §9: a chunk that has not loaded after 120 s counts as failed (spec §8 ChunkLoadError). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Every lazy import goes through here: a rejected import (missing file, network) or one that has
 * not settled within the timeout becomes a ChunkLoadError, which the route error screen turns
 * into a translated "could not load, retry" page instead of a blank one.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Chunk not loaded after ${timeoutMs} ms`)),
      timeoutMs,
    );
    importer().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(cause instanceof Error ? cause.message : String(cause), { cause }));
      },
    );
  });
}
