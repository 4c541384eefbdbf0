// Shared harness of the end-to-end tests: a static server for dist/ on 127.0.0.1 and
// Debian's headless Chromium driven by playwright-core (never a downloaded browser).
//
// Every page of every browser or context opened through this harness is watched: a console
// warning or error, an uncaught exception or a Content-Security-Policy violation (in any frame,
// embedded tables included) fails the test that was running (see `expectConsole` for the one
// way to allow a message a test provokes on purpose).
import { after, afterEach, before } from 'node:test';
import { createServer } from 'node:http';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { COMPRESSIBLE, brotli, gzip as gzipped } from '../../scripts/compress.mjs';

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

/** The content codings a test server may send, by name: how each compresses a file. */
const CODINGS = { br: brotli, gzip: gzipped };

/**
 * Serves dist/ (or a copy of it in `root`) on a free loopback port. Returns { url, port, close(), log }.
 * Options (the benchmark's; the tests use the defaults): `encoding: 'gzip'` compresses what a
 * static host would (gzip -9) for clients that accept it; `encoding: 'br'` sends brotli to a
 * client that accepts it, gzip to one that only accepts gzip, as the game server does with the
 * build's precompressed copies (the `.br` and `.gz` files beside each file are sent when they
 * exist, the same compression made here when they do not); `log` is an array that gets
 * { at, path, bytes, encoding } for each response, `at` its Date.now() (the bytes of the body).
 */
export async function serveDist(root = DIST, { encoding = null, log = null } = {}) {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: run "trunk build --release" (./x test does) first`);
  }
  if (encoding !== null && !CODINGS[encoding]) throw new Error(`serveDist: no content coding "${encoding}" (br or gzip)`);
  const preferred = encoding === 'br' ? ['br', 'gzip'] : encoding ? [encoding] : [];
  const sockets = new Set();
  const compressed = new Map();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
    const headers = { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' };
    const accepted = (req.headers['accept-encoding'] || '').split(',').map((c) => c.trim().split(';')[0]);
    const coding = COMPRESSIBLE.has(extname(file)) ? preferred.find((c) => accepted.includes(c)) : undefined;
    if (coding) {
      const key = `${file}\0${coding}`;
      if (!compressed.has(key)) {
        const copy = `${file}.${coding === 'br' ? 'br' : 'gz'}`;
        compressed.set(key, existsSync(copy) ? readFileSync(copy) : CODINGS[coding](readFileSync(file)));
      }
      const body = compressed.get(key);
      log?.push({ at: Date.now(), path, bytes: body.length, encoding: coding });
      res.writeHead(200, { ...headers, 'content-encoding': coding, 'content-length': body.length, vary: 'accept-encoding' });
      res.end(body);
      return;
    }
    log?.push({ at: Date.now(), path, bytes: statSync(file).size, encoding: null });
    res.writeHead(200, headers);
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

/** Waits until the page's service worker is active and controls the page. */
export const serviceWorkerInControl = (page) => page.evaluate(async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
  }
});

// The folders the tests made (copies of dist/, browser profiles): removed when the test file's
// process ends, whatever the outcome, so a run leaves nothing in the temporary folder.
const made = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder in the temporary folder, removed when the process ends. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A private copy of dist/ that a test may change (e.g. to publish a "new version"). */
export function copyOfDist() {
  const dir = tempDir('piquet-e2e-dist-');
  cpSync(DIST, dir, { recursive: true });
  return dir;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A browser with a fresh, incognito-like context per page; every page it opens is watched. */
export async function launch() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  // browser.newPage() makes its context with this.newContext(): both pass through here.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(options));
  return browser;
}

/** A persistent profile (Chromium checks installability and keeps service workers only there), watched. */
export async function launchPersistent(options = {}) {
  const dir = tempDir('piquet-e2e-profile-');
  return watchContext(await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...options,
  }));
}

// The problems seen on any watched page since the current test began, and each page's own list.
const problems = [];
const pageProblems = new WeakMap();
const expected = new WeakMap();

// Runs in every frame of every watched page before its own scripts: reports each
// Content-Security-Policy violation (a blocked script, style, connection, worker…) to the harness.
const CSP_WATCH = `document.addEventListener('securitypolicyviolation', (e) => {
  window.__piquetCspViolation?.(e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)')
    + ' in ' + e.documentURI + (e.sourceFile ? ' at ' + e.sourceFile + ':' + e.lineNumber : '')
    + (e.sample ? ' (' + e.sample + ')' : ''));
}, true);`;

async function watchContext(context) {
  await context.exposeBinding('__piquetCspViolation', ({ page }, text) => report(page, `CSP violation: ${text}`));
  await context.addInitScript({ content: CSP_WATCH });
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  return context;
}

function watchPage(page) {
  if (pageProblems.has(page)) return;
  pageProblems.set(page, []);
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') report(page, `console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => report(page, `exception: ${e.message}`));
}

function report(page, text) {
  const allowed = page && (expected.get(page) ?? []).find(({ pattern }) => pattern.test(text));
  if (allowed) {
    allowed.seen.push(text);
    return;
  }
  pageProblems.get(page)?.push(text);
  problems.push(`${text} (page ${page?.url() ?? '?'})`);
}

/**
 * Allows, on this page only, the console messages matching `pattern` (a RegExp tested on
 * "console error: …", "console warning: …", "exception: …" or "CSP violation: …"): for a
 * message the test provokes on purpose. Returns the list of those messages as they come.
 */
export function expectConsole(page, pattern) {
  const seen = [];
  expected.set(page, [...(expected.get(page) ?? []), { pattern, seen }]);
  return seen;
}

// Any problem fails the test during which it was seen (or the file, if seen after the last test).
function failOnProblems() {
  if (problems.length) {
    const seen = problems.splice(0);
    throw new Error(`the page printed ${seen.length} console warning(s) or error(s):\n  ${seen.join('\n  ')}`);
  }
}
afterEach(failOnProblems);
after(failOnProblems);

/**
 * The problems seen on a page opened through this harness (console warnings and errors,
 * uncaught exceptions, Content-Security-Policy violations); each also fails the running test.
 */
export function watchErrors(page) {
  watchPage(page);
  return pageProblems.get(page);
}

/**
 * Waits until the whole app has taken the page over from the first screen's shell
 * (src/shell.rs: the shell draws the home screen, then the app draws it again in its place).
 * Measure or change what the app owns (its layout, its saved settings) only after this.
 */
export function waitForApp(page) {
  return page.waitForFunction(() => window.piquetAppReady === true, null, { timeout: 60_000 });
}

/** Saves a screenshot under tests/e2e/artifacts/ (ignored by git). */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Puts `items` (storage key → text) in the page's local storage once, before its first script
 * runs, as a later visit finds them; a reload keeps what the page wrote since.
 */
export const seedStorage = (page, items) => page.addInitScript((entries) => {
  if (!sessionStorage.getItem('seeded')) {
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }
}, Object.entries(items));

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
  // Evaluated through DevTools, not added as a <script>: the page's Content-Security-Policy
  // refuses inline scripts (and the harness would report the violation).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${readFileSync(AXE_SOURCE, 'utf8')}\n;0`);
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

/**
 * The suite's server of dist/ and its browser: started before the suite's first test, closed
 * after its last. Returns an object whose `server` and `browser` are there once the tests run.
 */
export function serveAndLaunch() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await serveDist();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** Settings that make the computer quick: no animation (its pause is then a few milliseconds). */
export const FAST_SETTINGS = JSON.stringify({ v: 1, settings: { lang: 'fr', animation: 'off' } });

/**
 * A page in French, its console watched, with `settings` stored (the fast ones by default)
 * unless the player saved others (so that a reload keeps them), opened at `url`; with `app`
 * (the default), once the whole app has taken over. Returns `{ page, errors }`.
 */
export async function openPage(browser, url, viewport, { settings = FAST_SETTINGS, app = true } = {}) {
  const page = await browser.newPage({ viewport, locale: 'fr-FR' });
  const errors = watchErrors(page);
  await page.addInitScript((s) => {
    if (!localStorage.getItem('piquet.settings')) localStorage.setItem('piquet.settings', s);
  }, settings);
  await page.goto(url);
  if (app) await waitForApp(page);
  return { page, errors };
}

// The cards as the page names them in French (« Roi de cœur »), and as records write them (KH).
const RANK_NAMES = { 6: 'Six', 7: 'Sept', 8: 'Huit', 9: 'Neuf', T: 'Dix', J: 'Valet', Q: 'Dame', K: 'Roi', A: 'As' };
const SUIT_NAMES = { S: 'pique', H: 'cœur', D: 'carreau', C: 'trèfle' };
/** The 32 cards, as records write them. */
export const DECK_32 = Object.keys(SUIT_NAMES).flatMap((s) => ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'].map((r) => r + s));
/** « Roi de cœur » for KH. */
export const cardName = (card) => `${RANK_NAMES[card[0]]} de ${SUIT_NAMES[card[1]]}`;
/** The cards of a record's list (« KH QH 7S »). */
export const cardsOf = (text) => (text ? text.split(' ') : []);
