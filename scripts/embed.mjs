// Trunk post-build hook: writes embed.html, the embeddable table (docs/embedding.md), from the
// index.html of this very build — the same hashed CSS and pwa.js — with <html data-embed>, and
// its own wasm instead of the app's: src/bin/embed_replay.rs (embed_replay.js and
// embed_replay_bg.wasm, the viewer alone) for a replay, src/bin/embed.rs (embed.js and
// embed_bg.wasm, the table that plays) for a game or a problem, as index.html's data-bin links
// build them, so that none carries the others.
// precache.mjs imports it first, so that the service worker precaches embed.html too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCsp } from './csp.mjs';

// Which table the page loads: for `mode=replay` (the default) the embedded replay's own wasm,
// the viewer alone (src/bin/embed_replay.rs, an ES module: embed_replay.js and
// embed_replay_bg.wasm), light for a host's article; for a game, a problem or the deal of the
// day the table that plays (src/bin/embed.rs: embed.js, which defines the global wasm_bindgen,
// and embed_bg.wasm).
// A page whose parameters repeat or misspell `mode` gets the table that plays, which refuses
// them as the viewer would.
const REPLAY_ONLY = "new URLSearchParams(location.search).getAll('mode').every((m) => m === 'replay')";

// In <head>, before the style sheets: the chosen table's files (and a replay's record) are asked
// for at once, beside the style sheets, instead of after them (the start script below runs only
// once they are in).
const PRELOAD = `(() => {
  // The style sheets a replay does not use (problems.css), for the tables that do: put in the
  // page for a game, a problem or the deal of the day, and when the replay hands over to a game.
  window.piquetSheets = () => {
    for (const [href, integrity] of SHEETS) {
      if (document.querySelector('link[href="' + href + '"]')) continue;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      if (integrity) link.integrity = integrity;
      document.head.appendChild(link);
    }
  };
  const add = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    if (as === 'fetch') { link.type = 'application/wasm'; link.crossOrigin = 'anonymous'; }
    document.head.appendChild(link);
  };
  if (${REPLAY_ONLY}) {
    add('modulepreload', './embed_view.js');
    add('preload', './embed_view_bg.wasm', 'fetch');
    // The record \`record=\` names, asked for now too, not once the viewer runs: the viewer takes
    // this fetch's response (src/services/files.rs, started_fetch) instead of asking again. Not
    // when the fragment may carry a record of its own, which the viewer reads first.
    const records = new URLSearchParams(location.search).getAll('record');
    if (records.length === 1 && records[0].trim() && location.hash.length < 2) {
      const response = fetch(records[0]);
      response.catch(() => {});
      window.piquetRecord = { url: records[0], response };
    }
  } else {
    add('preload', './embed.js', 'script');
    add('preload', './embed_bg.wasm', 'fetch');
    window.piquetSheets();
  }
})();`;

// The table's start, before any wasm: loads the chosen table's glue, then its wasm. If either
// cannot be loaded — a sandbox without allow-same-origin (an opaque origin: the wasm's fetch
// and the style sheets' integrity checks fail), a host's policy, the network — the reader sees
// one line (in the table's language) and the host gets an `error` message saying why, instead
// of « Chargement… » forever (docs/embedding.md, "Hosting").
//
// The viewer asks for the table that plays with window.piquetPlay() (the reader's « Jouer
// cette donne », a host's newGame): its glue is loaded and its wasm compiled while the viewer
// stays; then the viewer is taken down (piquet_leave, which returns its hand-over), the
// hand-over is left in window.piquetHandover, and the table that plays starts from it. If it
// cannot be loaded, the event piquet:switch-failed says why and the viewer stays.
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
  const message = (e) => String((e && e.message) || e);
  // The table that plays: its glue, once (it declares the global wasm_bindgen).
  const glue = () => typeof wasm_bindgen === 'function' ? Promise.resolve() : new Promise((ok, ko) => {
    const script = document.createElement('script');
    script.src = './embed.js';
    script.addEventListener('error', () => ko(new Error('embed.js')));
    script.addEventListener('load', () => (typeof wasm_bindgen === 'function' ? ok() : ko(new Error('embed.js'))));
    document.body.appendChild(script);
  });
  if (!(${REPLAY_ONLY})) {
    glue().then(
      () => wasm_bindgen({ module_or_path: './embed_bg.wasm' }).catch((e) => fail('embed_bg.wasm (' + message(e) + ')')),
      () => fail('embed.js'));
    return;
  }
  let viewer = null;
  let started = null;
  let switching = null;
  const compile = (url) => fetch(url).then((r) => {
    if (!r.ok) throw new Error(url + ' (HTTP ' + r.status + ')');
    return WebAssembly.compileStreaming(r.clone()).catch(() => r.arrayBuffer().then((b) => WebAssembly.compile(b)));
  });
  // The Yew viewer, asked for once by the light first stage (a JSON record, the menu, a host's
  // load or newGame…): its files fetched and compiled while the light stage's table stays on
  // screen, then started; it takes the frame (and window.piquetLight) as it mounts.
  window.piquetViewer = () => {
    if (started) return;
    started = import('./embed_replay.js').then(
      (module) => compile('./embed_replay_bg.wasm').then(
        (compiled) => module.default({ module_or_path: compiled }).then(() => { viewer = module; }),
        (e) => fail('embed_replay_bg.wasm (' + message(e) + ')')),
      () => fail('embed_replay.js'));
  };
  window.piquetPlay = () => {
    if (switching || !started) return;
    window.piquetSheets();
    switching = Promise.all([glue(), compile('./embed_bg.wasm'), started]).then(([, module]) => {
      const handover = viewer && viewer.piquet_leave();
      if (handover === undefined || handover === null) { switching = null; return undefined; }
      window.piquetHandover = handover;
      return wasm_bindgen({ module_or_path: module });
    }).catch((e) => {
      switching = null;
      window.dispatchEvent(new CustomEvent('piquet:switch-failed', { detail: message(e) }));
    });
  };
  import('./embed_view.js').then(
    (light) => light.default({ module_or_path: './embed_view_bg.wasm' }).catch(
      (e) => fail('embed_view_bg.wasm (' + message(e) + ')')),
    () => fail('embed_view.js'));
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
const glue = ['embed.js', 'embed_bg.wasm', 'embed_replay.js', 'embed_replay_bg.wasm', 'embed_view.js', 'embed_view_bg.wasm'];
if (!loader.test(embed) || !/<\/head>/i.test(embed) || !/<\/body>/i.test(embed)
    || glue.some((f) => !existsSync(join(staging, f)))) {
  console.error(`embed.mjs: index.html has no module loader, or the build no ${glue.join(' and ')}`);
  process.exit(1);
}
// The style sheets only the tables that play use leave the page's head: the start script puts
// them back for those (window.piquetSheets), so that a replay does not download them.
const sheets = [];
embed = embed.replace(/<link\b[^>]*\bhref=["']?\.?\/?(problems-[^"' >]+\.css)["']?[^>]*>/gi, (link, href) => {
  const integrity = /\bintegrity=["']?([^"' >]+)/i.exec(link);
  sheets.push([`./${href}`, integrity ? integrity[1] : '']);
  return '';
});
if (sheets.length !== 1) {
  console.error(`embed.mjs: expected one problems style sheet in index.html, found ${sheets.length}`);
  process.exit(1);
}
const preload = PRELOAD.replace('SHEETS', JSON.stringify(sheets));
embed = embed
  .replace(loader, '')
  .replace(/<link\b[^>]*\brel=["']?(modulepreload|preload)["']?[^>]*>/gi, '')
  .replace(/<link\b/i, (link) => `<script>${preload}</script>${link}`)
  .replace(/<\/body>/i, `<script>${BOOT}</script></body>`);
// Its own policy: `record=` may name a record on any server that allows the fetch (CORS), as
// docs/embedding.md says, so connect-src is any http(s) URL here, where the app's is 'self'.
writeFileSync(join(staging, 'embed.html'), withCsp(embed, { connect: '*' }));
console.log('embed.mjs: embed.html written');
