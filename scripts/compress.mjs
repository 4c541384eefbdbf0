// Precompressed copies of the build: `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9)
// beside each file a browser downloads compressed (pages, scripts, wasm, style sheets, JSON,
// text records, SVG). The game server sends them (`ServeDir::precompressed_br` and
// `precompressed_gzip` in crates/server/src/server.rs) to a browser that accepts them, as do
// hosts set up for it (nginx's `brotli_static` and `gzip_static`, Caddy's `precompressed`);
// other hosts ignore them. Brotli makes the play wasm about a fifth smaller than gzip on the
// wire, which is what a new game's first decision waits for on a slow link (README,
// "Performance").
//
// Run last by the post-build hook (scripts/precache.mjs), after the service worker's precache
// list is written, so that the list names the files themselves, not these copies.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The extensions worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** The brotli copy of `bytes`, as this build writes it. */
export const brotli = (bytes) => brotliCompressSync(bytes, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_GENERIC,
  },
});

/** The gzip copy of `bytes`, as this build writes it. */
export const gzip = (bytes) => gzipSync(bytes, { level: 9 });

/**
 * Writes `.br` and `.gz` beside every compressible file under `dir` that compression makes
 * smaller; returns { files, raw, br, gz } (bytes, for the hook's report).
 */
export function compressTree(dir) {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  (function walk(d) {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) { walk(path); continue; }
      if (!COMPRESSIBLE.has(extname(name))) continue;
      const bytes = readFileSync(path);
      const b = brotli(bytes);
      const g = gzip(bytes);
      // A file too small to gain (a few bytes of JSON) is sent as it is.
      if (b.length >= bytes.length && g.length >= bytes.length) continue;
      if (b.length < bytes.length) writeFileSync(`${path}.br`, b);
      if (g.length < bytes.length) writeFileSync(`${path}.gz`, g);
      total.files += 1;
      total.raw += bytes.length;
      total.br += Math.min(b.length, bytes.length);
      total.gz += Math.min(g.length, bytes.length);
    }
  })(dir);
  return total;
}
