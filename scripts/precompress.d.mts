import type { Plugin } from 'vite';

/** Compresses every text asset under `dir` (.gz and .br beside it); returns how many. */
export function precompressDir(dir: string): number;
/** Vite build plugin: precompressDir(outDir) when the bundle is written. */
export function precompress(): Plugin;
