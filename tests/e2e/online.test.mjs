// « Jouer avec un ami »: a game between two browsers through the game server (crates/server),
// which serves dist/ and the rooms. One player creates the game, the other opens the link and
// joins; they play a deal through the pages only; one side reloads, the server is killed
// (SIGKILL) and started again, and both sides reconnect by themselves and finish the deal. At
// every step neither page holds a card of the other's hand. The static build (no server)
// shows the option disabled, with why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DIST, ROOT, launch, launchPersistent, screenshot, serveDist, serviceWorkerInControl, waitForApp, watchErrors,
} from './harness.mjs';
import { FAST_SETTINGS, currentPanel, step } from './play.mjs';

const PHONE = { width: 360, height: 640 };
const TARGET = process.env.CARGO_TARGET_DIR || join(ROOT, 'target');
const SERVER_BIN = join(TARGET, 'release', 'piquet-server');

let browser;
let data;
let port;
let server;

/** A free port on 127.0.0.1, kept for the server's restarts. */
const freePort = () => new Promise((ok, fail) => {
  const s = createServer();
  s.on('error', fail);
  s.listen(0, '127.0.0.1', () => { const { port: p } = s.address(); s.close(() => ok(p)); });
});

/** Starts the game server on `port` with dist/ and the data folder; resolves once it answers. */
async function startServer() {
  const child = spawn(SERVER_BIN, [], {
    env: { ...process.env, PORT: String(port), PIQUET_DATA: data, PIQUET_DIST: DIST },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok && (await r.json()).ok === true) return child;
    } catch { /* not listening yet */ }
    if (Date.now() - t0 > 20_000) throw new Error('the server did not answer within 20 s');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

before(async () => {
  // The server binary, built if it is not (a no-op when it is up to date).
  execFileSync('cargo', ['build', '--release', '-p', 'piquet-server'], { cwd: ROOT, stdio: 'inherit' });
  data = mkdtempSync(join(tmpdir(), 'piquet-e2e-data-'));
  port = await freePort();
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.kill('SIGKILL');
  if (data) rmSync(data, { recursive: true, force: true });
});

/** A phone-sized page in its own context (its own storage: another device), in French. */
async function device(url) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
  const page = await context.newPage();
  // A button the other player's move took away fails fast (see playBoth).
  page.setDefaultTimeout(5_000);
  const errors = watchErrors(page);
  await page.addInitScript((s) => {
    if (!localStorage.getItem('piquet.settings')) localStorage.setItem('piquet.settings', s);
  }, FAST_SETTINGS);
  await page.goto(url);
  await waitForApp(page);
  return { page, errors };
}

/** The cards named on a page (faces and the hand's buttons), and those of its own hand. */
const cardsOn = (page) => page.evaluate(() => {
  const label = (el) => el.getAttribute('aria-label');
  const hand = [...document.querySelectorAll('.seat-bottom .hand-card')].map(label);
  const shownByOther = [...document.querySelectorAll('.seat-top .shown svg.card')].map(label);
  const named = [...document.querySelectorAll('svg.card:not(.card-back)[aria-label], .hand-card[aria-label]')]
    .filter((el) => !el.closest('.seat-top .shown'))
    .map(label);
  return { hand, shownByOther, named, text: document.body.innerText };
});

/** Neither page names a card of the other's hand (but those the other showed, declaring). */
async function assertNoLeak(a, b) {
  const [ca, cb] = [await cardsOn(a), await cardsOn(b)];
  for (const [me, other, who] of [[ca, cb, 'A'], [cb, ca, 'B']]) {
    for (const card of other.hand) {
      if (me.shownByOther.includes(card)) continue;
      assert.ok(!me.named.includes(card), `${who}'s page shows ${card}, in the other's hand`);
      assert.ok(!me.text.includes(card), `${who}'s page names ${card}, in the other's hand`);
    }
  }
}

/**
 * Takes the decisions of both pages until `done()`; checks for leaks after each. At the end of
 * a deal neither deals the next one (the test stops there).
 */
async function playBoth(a, b, done, { max = 600, onStep } = {}) {
  const act = async (p) => {
    if ((await currentPanel(p)) === 'next-deal') return 'waiting';
    try {
      return await step(p);
    } catch (e) {
      // The other player's decision came first (both may deal): the button went away. The
      // next state says what is to be done.
      if (e.name === 'TimeoutError' && /detached|not attached|waiting for locator/.test(e.message)) return 'waiting';
      throw e;
    }
  };
  for (let i = 0; i < max; i++) {
    if (await done()) return i;
    const pa = await act(a);
    const pb = await act(b);
    await assertNoLeak(a, b);
    if (onStep) await onStep(i, pa, pb);
    if (pa === 'waiting' && pb === 'waiting') await a.waitForTimeout(30);
  }
  throw new Error(`not done after ${max} steps`);
}

/** Both pages are back on line: no connection status shown. */
const connected = (page) => page.locator('#link-status').waitFor({ state: 'detached', timeout: 40_000 });

test('a friend joins by the link, a deal is played across a reload and a server restart', async () => {
  const url = `http://127.0.0.1:${port}/`;
  const { page: a } = await device(url);
  // The creator: « Jouer avec un ami », his name, « Créer la partie ».
  await a.locator('#new-game-button').click();
  const friend = a.locator('input[name=opponent][value=friend]');
  await friend.waitFor();
  await a.waitForFunction(() => !document.querySelector('input[name=opponent][value=friend]').disabled);
  await friend.check();
  await a.locator('#friend-name').fill('Alice');
  await a.locator('#create-room').click();
  // The invitation: the link to send, its QR code.
  const link = await a.locator('#room-link').inputValue();
  assert.match(link, /\?room=[0-9a-f]{32}$/);
  assert.ok(await a.locator('#room-qr path').count(), 'a QR code is drawn');
  assert.match(await a.locator('#link-status').innerText(), /En attente de votre ami/);
  assert.match(a.url(), /\?room=[0-9a-f]{32}/, 'the address keeps the room');
  await screenshot(a, 'online-invite-360x640');

  // The friend opens the link on his device: his name, « Rejoindre ».
  const { page: b } = await device(link);
  await b.locator('#player-name').fill('Bob');
  await screenshot(b, 'online-join-360x640');
  await b.locator('#join-button').click();
  for (const p of [a, b]) await p.locator('.table.online').waitFor({ timeout: 20_000 });
  // Each sees the other by name, connected.
  await a.locator('#friend-presence.here').waitFor();
  assert.match(await a.locator('#friend-presence').innerText(), /Bob/);
  await b.locator('#friend-presence.here').waitFor();
  assert.match(await b.locator('#friend-presence').innerText(), /Alice/);

  // A fixed message goes across.
  await b.locator('.button.say[data-say="WellPlayed"]').click();
  await a.locator('.said', { hasText: 'Bob : « Bien joué »' }).waitFor();

  // The cut, then the first deal: either player deals.
  await playBoth(a, b, async () => (await b.locator('.seat-bottom .hand-card').count()) > 0);
  await screenshot(a, 'online-table-a-360x640');
  await screenshot(b, 'online-table-b-360x640');

  // Some decisions in, B reloads: he is back at his seat, his hand as it was.
  await playBoth(a, b, async () => (await a.locator('.trick svg.card').count()) > 0
    || (await currentPanel(a)) === 'play' || (await currentPanel(b)) === 'play');
  const handBefore = (await cardsOn(b)).hand;
  await b.reload();
  await waitForApp(b);
  await b.locator('.table.online').waitFor({ timeout: 20_000 });
  await b.locator('.seat-bottom .hand-card').first().waitFor();
  assert.deepEqual((await cardsOn(b)).hand, handBefore, 'the reload keeps the seat and its hand');

  // The server is killed and started again: both pages say « Reconnexion… », then come back
  // by themselves to the same position.
  const handA = (await cardsOn(a)).hand;
  server.kill('SIGKILL');
  for (const p of [a, b]) {
    await p.locator('#link-status', { hasText: 'Reconnexion…' }).waitFor({ timeout: 20_000 });
  }
  await screenshot(a, 'online-reconnecting-a-360x640');
  server = await startServer();
  for (const p of [a, b]) await connected(p);
  assert.deepEqual((await cardsOn(a)).hand, handA, 'nothing lost: the same hand after the restart');

  // The deal is played to its end.
  await playBoth(a, b, async () => (await currentPanel(a)) === 'next-deal' && (await currentPanel(b)) === 'next-deal');
  await screenshot(a, 'online-deal-over-a-360x640');
  await screenshot(b, 'online-deal-over-b-360x640');
  // The same table sideways and on a desktop.
  for (const [w, h] of [[640, 360], [1280, 800]]) {
    await b.setViewportSize({ width: w, height: h });
    await screenshot(b, `online-deal-over-b-${w}x${h}`);
  }
  await b.setViewportSize(PHONE);
  // The home screen lists the game, with whose turn it is.
  await a.locator('#leave-button').click();
  await a.locator('#online-games li').first().waitFor({ timeout: 10_000 });
  assert.match(await a.locator('#online-games').innerText(), /Bob/);
  await screenshot(a, 'online-home-a-360x640');
});

test('served without the game server, the option is there, disabled, and says why', async () => {
  const staticSite = await serveDist();
  try {
    const { page } = await device(staticSite.url);
    await page.locator('#new-game-button').click();
    const friend = page.locator('input[name=opponent][value=friend]');
    await friend.waitFor();
    await page.locator('#opponent-friend-desc', { hasText: 'Il faut le serveur du jeu' }).waitFor();
    assert.ok(await friend.isDisabled(), 'the option cannot be chosen');
    assert.match(
      await page.locator('#opponent-friend-desc').innerText(),
      /^Il faut le serveur du jeu\u00a0: cette page est servie sans lui\.$/,
    );
    await page.locator('#opponent-friend-desc').scrollIntoViewIfNeeded();
    await screenshot(page, 'online-static-option-360x640');
  } finally {
    await staticSite.close();
  }
});

test('offline, the option says that a game with a friend needs the connection', async () => {
  const site = await serveDist();
  const context = await launchPersistent({ viewport: PHONE, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.addInitScript((s) => localStorage.setItem('piquet.settings', s), FAST_SETTINGS);
    await page.goto(site.url);
    await page.locator('#new-game-button').waitFor();
    await serviceWorkerInControl(page);
    await site.close();
    await page.reload();
    await waitForApp(page);
    await page.locator('#new-game-button').click();
    const desc = page.locator('#opponent-friend-desc');
    await desc.filter({ hasText: 'connexion' }).waitFor();
    assert.match(await desc.innerText(), /^Une partie avec un ami demande la connexion\.$/);
    assert.ok(await page.locator('input[name=opponent][value=friend]').isDisabled());
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
