// Trunk post-build hook: writes the service worker's precache list from the hashed files of this
// build, and a cache version derived from their contents (so any change gives a new cache).
// It first runs embed.mjs, which writes embed.html (Trunk runs a stage's hooks concurrently).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('precache.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk post_build hook)');
  process.exit(1);
}

// embed.html first (the embeddable table, written from this build's index.html): it is precached.
await import('./embed.mjs');

const SKIP = new Set(['sw.js']);
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else {
      const rel = relative(staging, path).split(sep).join('/');
      if (!SKIP.has(rel) && !rel.endsWith('.map')) files.push(rel);
    }
  }
})(staging);

const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(join(staging, f)));
const version = hash.digest('hex').slice(0, 16);

const swPath = join(staging, 'sw.js');
const sw = readFileSync(swPath, 'utf8');
const marker = /\/\*PRECACHE\*\/[\s\S]*?\/\*END PRECACHE\*\//;
if (!marker.test(sw)) {
  console.error('precache.mjs: sw.js has no /*PRECACHE*/ … /*END PRECACHE*/ marker');
  process.exit(1);
}
const build = JSON.stringify({ version, files });
writeFileSync(swPath, sw.replace(marker, `/*PRECACHE*/ ${build} /*END PRECACHE*/`));
console.log(`precache.mjs: ${files.length} files, cache version ${version}`);
