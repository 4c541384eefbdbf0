// Trunk post-build hook: finishes the pages, then writes the service worker's precache list from
// the files of this build, with each file's sha256 and a cache version derived from their
// contents (so any change gives a new cache). In order (Trunk runs a stage's hooks concurrently,
// so this is the one hook): embed.mjs writes embed.html from index.html; both pages get their
// Content-Security-Policy (csp.mjs); then the precache list, which covers them; then the
// precompressed copies of every file (compress.mjs), which it does not.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compressTree } from './compress.mjs';
import { withCsp } from './csp.mjs';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('precache.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk post_build hook)');
  process.exit(1);
}

const indexPath = join(staging, 'index.html');

// Trunk preloads the wasm with its integrity, but its loader fetches the wasm without one, so
// the browser cannot use that preload ("not used because the integrity does not match" in the
// console) and downloads the wasm twice. Without the attribute, the loader's fetch takes the
// preloaded response. (The scripts and style sheets keep theirs.)
const wasmPreload = /<link\b(?=[^>]*\brel=["']?preload\b)(?=[^>]*\bhref=["']?[^"'\s>]*\.wasm\b)[^>]*>/gi;
const page = readFileSync(indexPath, 'utf8');
if (!wasmPreload.test(page)) {
  console.error('precache.mjs: index.html has no preload of the wasm (has Trunk changed its output?)');
  process.exit(1);
}
writeFileSync(indexPath, page.replace(wasmPreload, (link) => link.replace(/\s+integrity=("[^"]*"|'[^']*'|[^\s>]+)/i, '')));

// embed.html (the embeddable table, written from this build's index.html): it is precached.
await import('./embed.mjs');

// The first screen's glue and wasm are asked for before the style sheets: the browser opens six
// connections to a server at most, and the four style sheets, pwa.js and the glue took them all,
// the wasm (the first screen's largest file) waiting for one of them to finish. (After embed.mjs,
// which writes embed.html from the page as Trunk wrote it.)
const firstScreen = /<link\b(?=[^>]*\brel=["']?(?:modulepreload|preload)\b)(?=[^>]*\bhref=["']?\.\/piquet-web-[0-9a-f]+(?:_bg\.wasm|\.js)\b)[^>]*>/gi;
const stylesheet = /<link\b(?=[^>]*\brel=["']?stylesheet\b)[^>]*>/i;
{
  const page = readFileSync(indexPath, 'utf8');
  const early = page.match(firstScreen) ?? [];
  if (early.length !== 2 || !stylesheet.test(page)) {
    console.error(`precache.mjs: index.html has ${early.length} preloads of the first screen's glue and wasm, not 2 (has Trunk changed its output?)`);
    process.exit(1);
  }
  // Then, inline, static/preload.js, which asks for the play wasm's files (or the whole app's):
  // written here, it runs as the page is parsed, where a fetched script cost a round trip and,
  // placed after the style sheets, waited for all of them (the play wasm was not asked for
  // before 0.68 s, while the link had room from 0.25 s once the first screen's wasm had lost
  // Yew). Its comment lines are left out; the policy (csp.mjs) allows it by its hash.
  const preload = readFileSync(new URL('../static/preload.js', import.meta.url), 'utf8')
    .split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n').trim();
  const rest = page.replace(firstScreen, '');
  writeFileSync(indexPath, rest.replace(stylesheet, (link) => `${early.join('')}<script>${preload}</script>${link}`));
}

writeFileSync(indexPath, withCsp(readFileSync(indexPath, 'utf8'), { connect: "'self'" }));

// api/health is asked of the network every time (the game server's answer, not this file's).
const SKIP = new Set(['sw.js', 'api/health']);
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
const integrity = {};
for (const f of files) {
  const bytes = readFileSync(join(staging, f));
  hash.update(f).update(bytes);
  integrity[f] = `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}
const version = hash.digest('hex').slice(0, 16);

const swPath = join(staging, 'sw.js');
const sw = readFileSync(swPath, 'utf8');
const marker = /\/\*PRECACHE\*\/[\s\S]*?\/\*END PRECACHE\*\//;
if (!marker.test(sw)) {
  console.error('precache.mjs: sw.js has no /*PRECACHE*/ … /*END PRECACHE*/ marker');
  process.exit(1);
}
// The embedded table's own files, cached only for a site that embeds it (sw.js): its three wasm
// and their glue, and the historical records its loader fetches (records/*.txt), which the
// app's wasm has built in.
const embed = ['embed_view.js', 'embed_view_bg.wasm', 'embed_replay.js', 'embed_replay_bg.wasm', 'embed.js', 'embed_bg.wasm'].filter((f) => files.includes(f))
  .concat(files.filter((f) => /^records\/[^/]+\.txt$/.test(f)));
const build = JSON.stringify({ version, files, integrity, embed });
writeFileSync(swPath, sw.replace(marker, `/*PRECACHE*/ ${build} /*END PRECACHE*/`));
console.log(`precache.mjs: ${files.length} files, cache version ${version}`);

// Last, once every file is final: the precompressed copies the game server sends
// (scripts/compress.mjs). Not for a debug build, whose wasm are tens of megabytes.
if (process.env.TRUNK_PROFILE !== 'debug') {
  const c = compressTree(staging);
  const kb = (n) => `${(n / 1000).toFixed(0)} KB`;
  console.log(`compress.mjs: ${c.files} files, ${kb(c.raw)} → brotli ${kb(c.br)}, gzip ${kb(c.gz)}`);
}
