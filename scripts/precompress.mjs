// A Vite build plugin: writes a .gz and a .br beside every text asset of the build (JS, CSS, SVG,
// JSON) so the server's static plugins (preCompressed) send them compressed without compressing
// on every request. HTML is left alone: the server rewrites index.html per load (style nonce).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Compresses every text asset under `dir`; returns how many files got their pair. */
export function precompressDir(dir) {
  let n = 0;
  for (const file of files(dir)) {
    if (!TEXT.test(file)) continue;
    const buf = readFileSync(file);
    if (buf.length < MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(buf, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
        },
      }),
    );
    n++;
  }
  return n;
}

export function precompress() {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir); // an absolute outDir stays as given
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
