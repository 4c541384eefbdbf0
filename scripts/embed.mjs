// Trunk post-build hook: writes embed.html, the embeddable table (docs/embedding.md), from the
// index.html of this very build — the same hashed wasm, JS and CSS — with <html data-embed>,
// which the app reads to render the compact embedded table instead of the whole app.
// precache.mjs imports it first, so that the service worker precaches embed.html too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCsp } from './csp.mjs';

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
// Its own policy: `record=` may name a record on any server that allows the fetch (CORS), as
// docs/embedding.md says, so connect-src is any http(s) URL here, where the app's is 'self'.
writeFileSync(join(staging, 'embed.html'), withCsp(embed, { connect: '*' }));
console.log('embed.mjs: embed.html written');
