// Trunk post-build hook: writes embed.html, the embeddable table (docs/embedding.md), from the
// index.html of this very build — the same hashed CSS and pwa.js — with <html data-embed>, and
// its own wasm instead of the app's: src/bin/embed.rs, which Trunk builds as embed.js and
// embed_bg.wasm (index.html's data-bin="embed" link), so that neither carries the other.
// precache.mjs imports it first, so that the service worker precaches embed.html too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCsp } from './csp.mjs';

// The table's start, before any wasm: loads embed.js, then the wasm. If either cannot be loaded
// — a sandbox without allow-same-origin (an opaque origin: the wasm's fetch and the style
// sheets' integrity checks fail), a host's policy, the network — the reader sees one line (in
// the table's language) and the host gets an `error` message saying why, instead of
// « Chargement… » forever (docs/embedding.md, "Hosting").
const BOOT = `(() => {
  const lang = new URLSearchParams(location.search).get('lang') || (navigator.language || '').slice(0, 2);
  const fr = lang === 'fr';
  let opaque = false;
  try { opaque = window.origin === 'null'; } catch (e) { opaque = true; }
  const fail = (what) => {
    if (document.getElementById('embed-boot-error')) return;
    const line = document.createElement('p');
    line.id = 'embed-boot-error';
    line.setAttribute('role', 'alert');
    line.setAttribute('style', 'margin:0;padding:1rem;font:1rem/1.4 system-ui,sans-serif;color:#111827;background:#fffdf6');
    line.textContent = fr ? 'Cette table ne peut pas démarrer dans ce cadre.' : 'This table cannot start in this frame.';
    document.body.replaceChildren(line);
    const why = opaque
      ? (fr ? 'la table ne peut pas démarrer : son cadre est isolé (sandbox) sans allow-same-origin, ses fichiers ne peuvent donc pas être chargés ; donner sandbox="allow-scripts allow-same-origin"'
            : 'the table cannot start: its frame is sandboxed without allow-same-origin, so its files cannot be fetched; use sandbox="allow-scripts allow-same-origin"')
      : (fr ? 'la table ne peut pas démarrer : ' + what + ' n’a pas pu être chargé'
            : 'the table cannot start: ' + what + ' could not be loaded');
    if (window.parent !== window) {
      window.parent.postMessage({ piquet: 1, type: 'error', message: why, reason: opaque ? 'sandbox' : 'load' }, '*');
    }
  };
  const script = document.createElement('script');
  script.src = './embed.js';
  script.addEventListener('error', () => fail('embed.js'));
  script.addEventListener('load', () => {
    if (typeof wasm_bindgen !== 'function') { fail('embed.js'); return; }
    wasm_bindgen({ module_or_path: './embed_bg.wasm' }).catch((e) => fail('embed_bg.wasm (' + (e && e.message || e) + ')'));
  });
  document.body.appendChild(script);
})();`;

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('embed.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk post_build hook)');
  process.exit(1);
}

const index = readFileSync(join(staging, 'index.html'), 'utf8');
const html = /<html\b([^>]*)>/i;
if (!html.test(index)) {
  console.error('embed.mjs: index.html has no <html> tag');
  process.exit(1);
}
let embed = index.replace(html, (_, attrs) => `<html${attrs} data-embed>`);
// The embedded table is not the installable app: no manifest link.
embed = embed.replace(/<link[^>]*rel="?manifest"?[^>]*>/i, '');
embed = embed.replace(/<title>[^<]*<\/title>/i, '<title>Piquet — table</title>');
if (!embed.includes('data-embed')) {
  console.error('embed.mjs: could not mark embed.html');
  process.exit(1);
}
// The app's loader (Trunk's inline module script) and its preloads give way to the table's.
const loader = /<script\b[^>]*\btype=["']?module["']?[^>]*>[\s\S]*?<\/script>/i;
const glue = ['embed.js', 'embed_bg.wasm'];
if (!loader.test(embed) || !/<\/head>/i.test(embed) || !/<\/body>/i.test(embed)
    || glue.some((f) => !existsSync(join(staging, f)))) {
  console.error(`embed.mjs: index.html has no module loader, or the build no ${glue.join(' and ')}`);
  process.exit(1);
}
embed = embed
  .replace(loader, '')
  .replace(/<link\b[^>]*\brel=["']?(modulepreload|preload)["']?[^>]*>/gi, '')
  .replace(/<\/head>/i, '<link rel="preload" href="./embed.js" as="script"><link rel="preload" href="./embed_bg.wasm" as="fetch" type="application/wasm" crossorigin></head>')
  .replace(/<\/body>/i, `<script>${BOOT}</script></body>`);
// Its own policy: `record=` may name a record on any server that allows the fetch (CORS), as
// docs/embedding.md says, so connect-src is any http(s) URL here, where the app's is 'self'.
writeFileSync(join(staging, 'embed.html'), withCsp(embed, { connect: '*' }));
console.log('embed.mjs: embed.html written');
