// « Jouer avec un ami »: a game between two browsers through the game server (crates/server),
// which serves dist/ and the rooms. One player creates the game, the other opens the link and
// joins; they play a deal through the pages only; one side reloads, the server is killed
// (SIGKILL) and started again, and both sides reconnect by themselves and finish the deal. At
// every step neither page holds a card of the other's hand. A third browser watches a deal
// (the players allowed it) and never holds a card both were not shown; a room without watchers
// says so by the players' names; a time per move runs out and both are told what the server
// played; a finished game is exported and played again (« Rejouer »). The static build (no
// server) shows the option disabled, with why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import {
  DIST, ROOT, axeViolations, launch, launchPersistent, screenshot, seedStorage, serveDist, serviceWorkerInControl,
  waitForApp, watchErrors,
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
async function device(url, { rooms } = {}) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
  const page = await context.newPage();
  // A seat this device holds already (a room made over the API): its token in storage.
  if (rooms) await seedStorage(page, { 'piquet.rooms': JSON.stringify({ v: 1, rooms }) });
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
  await b.locator('#say-menu > summary').click();
  await b.locator('.button.say[data-say="WellPlayed"]').click();
  assert.equal(await b.locator('#say-menu').getAttribute('open'), null, 'the menu closes once a message is said');
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
  let page;
  try {
    ({ page } = await device(staticSite.url));
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
    // The page goes with its site: left open, it would register the service worker (once the
    // player has left it alone for a while, static/pwa.js) from a server that is gone.
    await page?.context().close();
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

/** A room made over the API, and joined: `{ room, ta, tb }`. */
async function apiRoom(settings, { join = true } = {}) {
  const base = `http://127.0.0.1:${port}`;
  const post = async (path, body) => {
    const r = await fetch(`${base}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const v = await r.json();
    assert.ok(r.ok, `${path}: ${r.status} ${JSON.stringify(v)}`);
    return v;
  };
  const created = await post('/api/rooms', { name: 'Alice', ...settings });
  const joined = join ? await post(`/api/rooms/${created.room}/join`, { name: 'Bob' }) : null;
  return { room: created.room, ta: created.token, tb: joined?.token };
}

/**
 * The cards a watcher's page must not name: those of each hand (read from the players' own
 * pages) that its seat did not show (read from the other player's page, where they are drawn
 * as shown). Checks the watcher holds no hand at all.
 */
async function assertWatcherSeesOnlyWhatBothSaw(w, a, b) {
  const [ca, cb, cw] = [await cardsOn(a), await cardsOn(b), await cardsOn(w)];
  assert.deepEqual(cw.hand, [], 'a watcher holds no hand');
  assert.equal(await w.locator('.hand-card').count(), 0, 'no card to play');
  const wNamed = await w.evaluate(() => [...document.querySelectorAll('svg.card:not(.card-back)[aria-label]')]
    .filter((el) => !el.closest('.shown')).map((el) => el.getAttribute('aria-label')));
  for (const [player, other, who] of [[ca, cb, 'A'], [cb, ca, 'B']]) {
    for (const card of player.hand) {
      const shown = other.shownByOther.includes(card);
      if (!shown) {
        assert.ok(!wNamed.includes(card), `the watcher's page shows ${card}, in ${who}'s hand`);
        assert.ok(!cw.text.includes(card), `the watcher's page names ${card}, in ${who}'s hand`);
      }
    }
  }
}

test('a third person watches a deal (the players allowed it), with the time per move on every side', async () => {
  const url = `http://127.0.0.1:${port}/`;
  const { page: a } = await device(url);
  await a.locator('#new-game-button').click();
  const friend = a.locator('input[name=opponent][value=friend]');
  await a.waitForFunction(() => !document.querySelector('input[name=opponent][value=friend]')?.disabled);
  await friend.check();
  await a.locator('#friend-name').fill('Alice');
  // A day per move, watchers allowed.
  await a.locator('input[name=move-limit][value="86400"]').check();
  await a.locator('#allow-watchers').check();
  await a.locator('#allow-watchers').scrollIntoViewIfNeeded();
  await screenshot(a, 'online-create-options-360x640');
  for (const [w, h] of [[640, 360], [1280, 800]]) {
    await a.setViewportSize({ width: w, height: h });
    await a.locator('#allow-watchers').scrollIntoViewIfNeeded();
    await screenshot(a, `online-create-options-${w}x${h}`);
  }
  await a.setViewportSize(PHONE);
  await a.locator('#create-room').click();
  // The invitation: the settings said, and the link to watch beside the link to play.
  assert.match(await a.locator('#room-settings').innerText(), /1 jour par coup · spectateurs admis/);
  const link = await a.locator('#room-link').inputValue();
  const watchLink = await a.locator('#watch-link').inputValue();
  assert.equal(watchLink, `${link}&watch=1`);
  await screenshot(a, 'online-invite-watchers-360x640');

  // Bob's page says who invites him and under which settings.
  const { page: b } = await device(link);
  await b.locator('#visit-headline').waitFor();
  assert.equal(await b.locator('#visit-headline').innerText(),
    'Alice vous invite à une partie de piquet, chacun sur son appareil.');
  assert.match(await b.locator('#visit-settings').innerText(), /1 jour par coup · spectateurs admis$/);
  await screenshot(b, 'online-join-settings-360x640');
  await b.locator('#player-name').fill('Bob');
  await b.locator('#join-button').click();
  for (const p of [a, b]) await p.locator('.table.online').waitFor({ timeout: 20_000 });

  // The watcher opens the link to watch: both names, both present, no hand, no decision.
  const { page: w, errors: werrors } = await device(watchLink);
  await w.locator('.table.watching').waitFor({ timeout: 20_000 });
  await w.locator('#presence-a.here').waitFor();
  await w.locator('#presence-b.here').waitFor();
  assert.match(await w.locator('#watching').innerText(), /Vous regardez la partie/);
  // The players are told someone watches.
  for (const p of [a, b]) await p.locator('#watchers', { hasText: '1 spectateur' }).waitFor();
  // A fixed message reaches the watcher too.
  await a.locator('#say-menu > summary').click();
  await a.locator('.button.say[data-say="Thanks"]').click();
  await w.locator('.said', { hasText: 'Alice : « Merci »' }).waitFor();

  // The deal, played by the two players; the watcher's page checked at every step.
  await playBoth(a, b, async () => (await b.locator('.seat-bottom .hand-card').count()) > 0);
  // The time per move: who is to decide and how long is left, on all three pages.
  for (const p of [a, b, w]) await p.locator('#deadline').waitFor();
  const lines = await Promise.all([a, b, w].map((p) => p.locator('#deadline').innerText()));
  assert.ok(lines.some((l) => /^À vous\u00a0: encore 2[34]\u00a0h\u00a0\d\d$/.test(l)), lines.join(' | '));
  assert.ok(lines.some((l) => /^(Alice|Bob)\u00a0: encore 2[34]\u00a0h\u00a0\d\d$/.test(l)), lines.join(' | '));
  await screenshot(w, 'online-watch-360x640');
  let checked = 0;
  let shownSeen = false;
  await playBoth(a, b, async () => (await currentPanel(a)) === 'next-deal' && (await currentPanel(b)) === 'next-deal', {
    onStep: async (i) => {
      await assertWatcherSeesOnlyWhatBothSaw(w, a, b);
      checked += 1;
      if (!shownSeen && (await w.locator('.seat .shown svg.card').count()) > 0) {
        shownSeen = true;
        await screenshot(w, 'online-watch-shown-360x640');
      }
      if (i === 12) {
        await screenshot(w, 'online-watch-play-360x640');
        await screenshot(a, 'online-table-watched-a-360x640');
        await screenshot(b, 'online-table-watched-b-360x640');
      }
    },
  });
  assert.ok(checked > 10, `${checked} steps checked`);
  await w.locator('#watch-status', { hasText: /^Donne 1 terminée/ }).waitFor();
  await assertWatcherSeesOnlyWhatBothSaw(w, a, b);
  assert.deepEqual(await axeViolations(w), []);
  for (const [wd, h] of [[640, 360], [1280, 800]]) {
    for (const [p, name] of [[w, 'watch'], [a, 'table-watched-a'], [b, 'table-watched-b']]) {
      await p.setViewportSize({ width: wd, height: h });
      await screenshot(p, `online-${name}-${wd}x${h}`);
    }
  }
  await w.setViewportSize(PHONE);
  await screenshot(w, 'online-watch-deal-over-360x640');
  assert.deepEqual(werrors, []);

  // A fourth visitor with the link to play: both seats taken, he may watch.
  const { page: v } = await device(link);
  await v.locator('#visit-watchers').waitFor();
  assert.equal(await v.locator('#visit-headline').innerText(), 'Alice et Bob jouent déjà cette partie.');
  assert.equal(await v.locator('#visit-watchers').innerText(), 'Alice et Bob acceptent des spectateurs.');
  await v.locator('#watch-button').click();
  await v.locator('.table.watching').waitFor({ timeout: 20_000 });
  assert.match(v.url(), /watch=1/, 'a reload watches again');
  for (const p of [a, b]) await p.locator('#watchers', { hasText: '2 spectateurs' }).waitFor();

  // The first screen: the game with how long is left.
  await a.setViewportSize(PHONE);
  await a.locator('#leave-button').click();
  await a.locator('#online-games li', { hasText: 'Bob' }).first().waitFor({ timeout: 10_000 });
  assert.match(await a.locator('#online-games').innerText(), /encore 2[34]\u00a0h\u00a0\d\d/);
  await screenshot(a, 'online-home-deadline-360x640');
  for (const [wd, h] of [[640, 360], [1280, 800]]) {
    await a.setViewportSize({ width: wd, height: h });
    await screenshot(a, `online-home-deadline-${wd}x${h}`);
  }
});

test('a room without watchers says so by the players\u2019 names', async () => {
  const { room } = await apiRoom({ preset: 'moderne', watchers: false });
  const base = `http://127.0.0.1:${port}/`;
  // The link to watch, made by hand: refused, by name.
  const { page: w } = await device(`${base}?room=${room}&watch=1`);
  await w.locator('#link-status', { hasText: 'Alice et Bob' }).waitFor({ timeout: 20_000 });
  assert.equal(await w.locator('#link-status').innerText(), 'Alice et Bob n’acceptent pas de spectateurs.');
  assert.equal(await w.locator('.table').count(), 0);
  await screenshot(w, 'online-no-watchers-360x640');
  // The link to play, both seats taken: who plays, and no way to watch.
  const { page: v } = await device(`${base}?room=${room}`);
  await v.locator('#visit-watchers').waitFor();
  assert.equal(await v.locator('#visit-watchers').innerText(), 'Alice et Bob n’acceptent pas de spectateurs.');
  assert.equal(await v.locator('#watch-button').count(), 0);
  assert.deepEqual(await axeViolations(v), []);
  await screenshot(v, 'online-full-no-watchers-360x640');
});

test('a time per move runs out: the server moves for the late seat, and both are told', async () => {
  // The shortest time the server allows (10 s), made over the API.
  const { room, ta, tb } = await apiRoom({ preset: 'classique', watchers: false, move_limit_secs: 10 });
  const base = `http://127.0.0.1:${port}/?room=${room}`;
  const { page: a } = await device(base, { rooms: [{ room, token: ta }] });
  const { page: b } = await device(base, { rooms: [{ room, token: tb }] });
  for (const p of [a, b]) await p.locator('.table.online').waitFor({ timeout: 20_000 });
  // Nobody deals: after 10 s the server deals; then nobody moves: after 10 s more it moves
  // for the seat to act.
  for (const p of [a, b]) await p.locator('#deadline').waitFor();
  assert.match(await a.locator('#deadline').innerText(), /^Donne suivante\u00a0: encore 0:(0\d|10)$/);
  await a.locator('.timed-out').waitFor({ timeout: 40_000 });
  const said = await Promise.all([a, b].map((p) => p.locator('.timed-out').first().innerText()));
  assert.ok(said.includes('Temps écoulé\u00a0: l’ordinateur a joué 1 coup à votre place.'), said.join(' | '));
  assert.ok(said.some((l) => /^Temps écoulé pour (Alice|Bob)\u00a0: l’ordinateur a joué 1 coup à sa place\.$/.test(l)),
    said.join(' | '));
  await screenshot(a, 'online-timed-out-a-360x640');
  await screenshot(b, 'online-timed-out-b-360x640');
});

/**
 * Plays a room's whole game with two bots over WebSockets, from a page of the server's origin
 * (random legal decisions, each sent 110 ms after the state that asks it, within the server's
 * rate): resolves with the game's number once it is over.
 */
async function playOut(page, room, ta, tb) {
  await page.goto(`http://127.0.0.1:${port}/api/health`);
  return page.evaluate(([room, tokens]) => new Promise((done, fail) => {
    const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
    let over = 0;
    setTimeout(() => fail(new Error('the game did not end within 240 s')), 240_000);
    tokens.forEach((token, k) => {
      const ws = new WebSocket(`ws://${location.host}/api/rooms/${room}/ws`);
      let acted = -1;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'error' && m.code !== 'stale') fail(new Error(`${m.code}: ${m.en}`));
        if (m.type !== 'state' || m.seq === acted) return;
        const { seq, view } = m;
        // Within the server's 10 messages a second per connection.
        const send = (msg) => { acted = seq; setTimeout(() => ws.send(JSON.stringify(msg)), 110); };
        const stage = view.stage.stage;
        if (stage === 'game_over') {
          ws.close();
          over += 1;
          if (over === 2) done(view.game_number);
        } else if (stage === 'choosing_dealer' && view.stage.chooser === view.seat) {
          send({ type: 'choose_dealer', seq, deal: true });
        } else if (stage === 'deal_due' && k === 0) {
          send({ type: 'next_deal', seq });
        } else if (stage === 'playing' && view.stage.to_act === view.seat) {
          const deal = view.game.deal;
          if (deal.discard_limits) {
            const [min, max] = deal.discard_limits;
            const n = Math.max(min, Math.min(1, max));
            send({ type: 'act', seq, action: { action: 'discard', arg: deal.hand.split(' ').slice(0, n).join(' ') } });
          } else {
            send({ type: 'act', seq, action: pick(deal.legal_actions) });
          }
        }
      };
    });
  }), [room, [ta, tb]]);
}

test('a finished game is exported whole, then played again (« Rejouer »)', async () => {
  const { room, ta, tb } = await apiRoom({
    preset: 'classique', format: { kind: 'cent', target: 100, match_play: false }, watchers: false,
  });
  const bots = await (await browser.newContext()).newPage();
  assert.equal(await playOut(bots, room, ta, tb), 1);
  const base = `http://127.0.0.1:${port}/?room=${room}`;
  const { page: a } = await device(base, { rooms: [{ room, token: ta }] });
  const { page: b } = await device(base, { rooms: [{ room, token: tb }] });
  // Both at the end of the game: the final score, « Rejouer ».
  for (const p of [a, b]) await p.locator('.panel.game-over #play-again').waitFor({ timeout: 20_000 });
  const verdicts = await Promise.all([a, b].map((p) => p.locator('.panel.game-over h2').innerText()));
  assert.ok(verdicts.some((v) => /^Vous gagnez/.test(v)) && verdicts.some((v) => /(Alice|Bob) gagne/.test(v)), verdicts.join(' | '));
  await screenshot(a, 'online-game-over-a-360x640');

  // The export: the whole record (every hand now), as JSON, the players by their names.
  await a.locator('#table-menu').click();
  await a.locator('#export-button').click();
  const dialog = a.locator('.export');
  await dialog.waitFor();
  const [download] = await Promise.all([a.waitForEvent('download'), a.locator('#export-json').click()]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.ok(exported.deals.length >= 2, `${exported.deals.length} deals`);
  // Every deal whole: those before the last played out (twelve tricks, 24 cards at least); the
  // last may stop in its declarations, when a player reaches the target there (the cent's rule).
  const counts = exported.deals.map((d) => d.actions?.length ?? 0);
  assert.ok(counts.slice(0, -1).every((n) => n >= 24), `actions per deal: ${JSON.stringify(counts)}`);
  const totals = exported.deals.reduce((t, d) => t + (d.actions?.length ?? 0), 0);
  assert.ok(totals > 40, `${totals} actions`);
  await screenshot(a, 'online-export-360x640');
  await a.keyboard.press('Escape');

  // « Rejouer »: Alice asks, Bob is told and accepts; game 2 starts in the same room.
  await a.locator('#play-again').click();
  await a.locator('#rematch-status', { hasText: 'Revanche proposée' }).waitFor();
  await b.locator('#rematch-status', { hasText: 'Alice propose une revanche' }).waitFor();
  await screenshot(b, 'online-rematch-offered-b-360x640');
  await b.locator('#play-again').click();
  for (const p of [a, b]) {
    await p.locator('.panel.game-over').waitFor({ state: 'detached', timeout: 20_000 });
  }
  // A new game: nothing scored, its first deal to deal (or the cut to choose).
  for (const p of [a, b]) {
    assert.match(await p.locator('.deal-label').innerText(), /^(La coupe|Donne 1)/);
    assert.equal(await p.locator('#count-me .score-value').innerText(), '0');
  }
  await playBoth(a, b, async () => (await a.locator('.seat-bottom .hand-card').count()) > 0
    || (await b.locator('.seat-bottom .hand-card').count()) > 0);
  await screenshot(a, 'online-rematch-a-360x640');
});
