// Shared harness of the end-to-end tests: a static server for dist/ on 127.0.0.1 and
// Debian's headless Chromium driven by playwright-core (never a downloaded browser).
import { createServer } from 'node:http';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');
// PIQUET_DIST serves another build (e.g. one made with `trunk build --release --dist …`).
export const DIST = process.env.PIQUET_DIST || join(ROOT, 'dist');
export const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml',
};

/** Serves dist/ (or a copy of it in `root`) on a free loopback port. Returns { url, close() }. */
export async function serveDist(root = DIST) {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: run "trunk build --release" (./x test does) first`);
  }
  const sockets = new Set();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(res);
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () => new Promise((ok) => { for (const s of sockets) s.destroy(); server.close(ok); }),
  };
}

/** A private copy of dist/ that a test may change (e.g. to publish a "new version"). */
export function copyOfDist() {
  const dir = mkdtempSync(join(tmpdir(), 'piquet-e2e-dist-'));
  cpSync(DIST, dir, { recursive: true });
  return dir;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A browser with a fresh, incognito-like context per page. */
export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** A persistent profile (Chromium checks installability and keeps service workers only there). */
export function launchPersistent(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'piquet-e2e-profile-'));
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...options,
  });
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  return errors;
}

/** Saves a screenshot under tests/e2e/artifacts/ (ignored by git). */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export const PHONE = { width: 360, height: 640 };
export const DESKTOP = { width: 1280, height: 800 };

const AXE_SOURCE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/** Runs axe-core on the page (WCAG 2.x A and AA rules); returns its violations, summarised. */
export async function axeViolations(page) {
  // Text fading in mid-animation would be judged at its passing opacity: let every finite
  // animation end first (the thinking dots blink forever and carry no text).
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null))));
  await page.addScriptTag({ path: AXE_SOURCE });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  }));
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// The example host page (static/embed-example.html) logs every message of its #frame iframe in
// window.hostLog.

/** The messages the example page received from its iframe, of one type. */
export const hostMessages = (page, type) => page.evaluate((t) => window.hostLog.filter((m) => m.type === t), type);

/** Waits until the example page has received a message matching `predicate` (a function body). */
export async function waitForMessage(page, type, predicate = 'true') {
  const fn = new Function('m', `return ${predicate};`);
  await page.waitForFunction(
    ([t, p]) => window.hostLog?.some((m) => m.type === t && new Function('m', `return ${p};`)(m)),
    [type, predicate],
  );
  return (await hostMessages(page, type)).filter(fn).at(-1);
}

/** Posts `message` to the example page's #frame iframe, as the host page would. */
export const postToFrame = (page, message) => page.evaluate(
  (m) => document.getElementById('frame').contentWindow.postMessage(m, '*'),
  message,
);

/**
 * The seed of a test's random game: `SEED` from the environment, to replay a failure
 * (`SEED=123 node --test tests/e2e/embed.test.mjs`, or `SEED=123 ./x test`), else a fresh draw.
 * Printed either way, so that every run can be replayed.
 */
export function drawSeed(what) {
  const given = process.env.SEED;
  if (given !== undefined && !/^\d{1,19}$/.test(given)) {
    throw new Error(`SEED=${JSON.stringify(given.slice(0, 40))} is not a whole number`);
  }
  const seed = given ?? String(Math.floor(Math.random() * 2 ** 32));
  console.log(`${what}: seed ${seed} (rerun with SEED=${seed})`);
  return seed;
}

/** How much wider than its window a page (or a frame) is, in CSS pixels (0 or less: none). */
export const overflow = (pageOrFrame) => pageOrFrame.evaluate(
  () => document.documentElement.scrollWidth - window.innerWidth,
);
