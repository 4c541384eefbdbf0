// The embedded table: the example host page (an iframe driven by postMessage, and the
// <piquet-table> custom element), the message round trip (load + goto → state), bad
// parameters, records and messages named in the table and sent to the host as `error` while the
// host page stays intact, nothing written to storage without storage=1, a whole game in play
// mode to its gameover event, the record fetched once and the historical records fetched by the
// loader, a game played on from a record (its players on the seats, its
// commentary where the game stands, in frames on a host page of another origin), axe-core and
// screenshots at phone and desktop sizes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import {
  DESKTOP, PHONE, ROOT, axeViolations, drawSeed, expectConsole, hostMessages, launch, screenshot,
  serveDist,
  waitForMessage, postToFrame, watchErrors,
} from './harness.mjs';
import { playToTheEnd } from './play.mjs';

const FACHEUX = JSON.parse(readFileSync(join(ROOT, 'records', 'les-facheux.json'), 'utf8'));
const HOFFMANN_TEXT = readFileSync(join(ROOT, 'records', 'hoffmann-1909.txt'), 'utf8');

describe('embedding', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  test('the example page: an iframe and two custom elements, ready and reporting their state', async () => {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${server.url}embed-example.html`);
      // The iframe: ready, resized, then the state of the fetched record.
      await waitForMessage(page, 'ready', 'm.mode === "replay"');
      const state = await waitForMessage(page, 'state', 'm.index === 0');
      assert.equal(state.length, 33, 'Hoffmann: 32 actions, 33 positions');
      assert.deepEqual(state.scores.totals, [0, 0]);
      await waitForMessage(page, 'resize', 'm.height > 300');
      const height = await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height);
      assert.ok(height > 300, `the host sized the iframe from resize: ${height}`);
      // The custom element: DOM events, its own iframe sized by itself.
      await page.waitForFunction(() => window.elementLog.some((e) => e.event === 'piquet-state'));
      const first = await page.evaluate(() => window.elementLog.find((e) => e.event === 'piquet-state'));
      assert.deepEqual(first.players, ['Alcippe', 'Saint-Bouvain']);
      assert.equal(first.length, 35);
      const element = page.locator('#element iframe');
      const src = new URL(await element.getAttribute('src'));
      assert.equal(src.pathname, '/embed.html');
      assert.equal(src.searchParams.get('mode'), 'replay');
      assert.equal(src.searchParams.get('record'), `${server.url}records/les-facheux.json`, 'resolved against the host page');
      assert.equal(src.searchParams.get('readonly'), '1');
      await page.waitForFunction(() => document.querySelector('#element iframe').getBoundingClientRect().height > 300);
      // Read-only: no loading, no export, no playing on in the element's table.
      const elementFrame = page.frameLocator('#element iframe');
      await elementFrame.locator('#replay-position').waitFor();
      assert.equal(await elementFrame.locator('.replay-loader, .replay-export, .replay-play').count(), 0);
      // The play-mode element deals a Rubicon game against level 1.
      const player = page.frameLocator('#player iframe');
      await player.locator('main.table').waitFor();
      await player.locator('.side .panel').first().waitFor();
      assert.equal(await player.locator('#leave-button').count(), 0, 'no "leave" in an embedded game');
      await page.waitForTimeout(300);
      await screenshot(page, `embed-example-${size}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test('postMessage round trip: load and goto answer with state; setLanguage switches', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${server.url}embed-example.html`);
    await waitForMessage(page, 'state', 'm.index === 0');
    await page.evaluate(() => { window.hostLog.length = 0; });
    await page.click('#load-facheux');
    const loaded = await waitForMessage(page, 'state', 'm.players[0] === "Alcippe"');
    assert.equal(loaded.index, 0);
    assert.equal(loaded.length, FACHEUX.deals[0].actions.length + 1);
    // Trick 6 of deal 1: the position before the 11th card played.
    const plays = FACHEUX.deals[0].actions.map((a, i) => [a, i]).filter(([a]) => a.action === 'play');
    await page.click('#goto-trick');
    const trick = await waitForMessage(page, 'state', `m.players[0] === "Alcippe" && m.index === ${plays[10][1]}`);
    assert.equal(trick.deal, 1);
    assert.equal(trick.action, plays[10][1]);
    const frame = page.frameLocator('#frame');
    assert.equal(await frame.locator('#replay-trick').inputValue(), '6');
    // To the end: 0–69 (the record is one deal: the game to 100 is not over, so no gameover).
    await page.click('#goto-end');
    const end = await waitForMessage(page, 'state', `m.players[0] === "Alcippe" && m.index === ${FACHEUX.deals[0].actions.length}`);
    assert.deepEqual(end.scores.totals, [0, 69]);
    assert.deepEqual(await hostMessages(page, 'gameover'), []);
    // goto by index, then by deal and action, straight from the host.
    await postToFrame(page, { piquet: 1, type: 'goto', deal: 1, action: 3 });
    await waitForMessage(page, 'state', 'm.players[0] === "Alcippe" && m.index === 3');
    await page.click('#lang-fr');
    await frame.getByRole('heading', { name: 'Relecture d’une partie' }).waitFor({ state: 'attached' });
    assert.equal(await frame.locator('html').getAttribute('lang'), 'fr');
    await page.click('#lang-en');
    await frame.getByRole('heading', { name: 'Game replay' }).waitFor({ state: 'attached' });
    assert.equal(await frame.locator('html').getAttribute('lang'), 'en');
    // The text form works as well as the JSON form.
    await postToFrame(page, { piquet: 1, type: 'load', record: HOFFMANN_TEXT });
    await waitForMessage(page, 'state', 'm.players[0] === "A" && m.index === 0 && m.length === 33');
    assert.deepEqual(await hostMessages(page, 'error'), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('bad parameters, records and messages are named; the host page stays intact', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}embed-example.html`);
    await waitForMessage(page, 'state', 'm.index === 0');
    const frame = page.frameLocator('#frame');
    const send = (message) => postToFrame(page, message);

    // A malformed record: named once in the table (one line) and sent to the host; the table
    // keeps its record.
    await send({ piquet: 1, type: 'load', record: '[Format "piquet-record"]\n[Version "3"]\n[Rules "whist"]\n[Cut ""]\n' });
    let error = await waitForMessage(page, 'error', 'm.message.includes("whist")');
    assert.match(error.message, /^This record cannot be read — /);
    await frame.locator('#replay-error').filter({ hasText: 'whist' }).waitFor();
    assert.equal(await frame.locator('#replay-error, #embed-notice').count(), 1, 'said once');
    assert.equal(await frame.locator('#replay-position').count(), 1, 'the record on the table stays');
    // …and the host hears of it as before: its phase named at the next step.
    await send({ piquet: 1, type: 'next' });
    const next = await waitForMessage(page, 'state', 'm.index === 1');
    assert.ok(next.phase, `the phase after a failed load: ${JSON.stringify(next)}`);
    // Malformed messages: to the host only.
    for (const [message, says] of [
      [{ piquet: 1, type: 'fly' }, 'unknown message type "fly"'],
      [{ type: 'goto', index: 1 }, 'not a piquet message'],
      [{ piquet: 1, type: 'goto', deal: 1, trick: 13 }, '"trick" must be a whole number from 1 to 12, not 13'],
      ['hello', 'must be an object'],
      [{ piquet: 1, type: 'goto', index: 9999 }, 'no such position in this record: index 9999; its positions are 0 to 32'],
    ]) {
      await send(message);
      error = await waitForMessage(page, 'error', `m.message.includes(${JSON.stringify(says)})`);
      assert.ok(error, says);
    }
    assert.equal(await frame.locator('#replay-error, #embed-notice').count(), 1, 'no notice for a host\'s bad message');
    await screenshot(page, 'embed-errors-phone');
    // A message from another window than the host: ignored (the table does not move).
    const before = (await hostMessages(page, 'state')).length;
    const inner = page.frames().find((f) => f.url().includes('embed.html?mode=replay&record=records/hoffmann'));
    await inner.evaluate(() => window.postMessage({ piquet: 1, type: 'goto', index: 5 }, '*'));
    await waitForMessage(page, 'error', 'm.message.includes("other than the host page was ignored")');
    await page.waitForTimeout(200);
    assert.equal((await hostMessages(page, 'state')).length, before, 'no move for a foreign message');

    // Bad parameters: a visible, specific error, and `error` to the host.
    await page.evaluate(() => { document.getElementById('frame').src = 'embed.html?mode=watch&colour=red&autoplay=5'; });
    error = await waitForMessage(page, 'error', 'm.message.includes("colour")');
    assert.match(error.message, /mode=“watch” is not valid: expected play, replay, problem or daily/);
    assert.match(error.message, /unknown parameter “colour”/);
    assert.match(error.message, /autoplay=“5” is not valid/);
    assert.equal(error.errors.length, 3);
    await frame.getByRole('heading', { name: /cannot be shown|ne peut pas s’afficher/ }).waitFor();
    assert.equal(await frame.locator('#embed-error li').count(), 3);
    assert.equal((await frame.locator('body').innerText()).includes('docs/embedding.md'), false, 'no sentence meant for the host');
    await screenshot(page, 'embed-bad-parameters-phone');
    assert.deepEqual(await axeViolations(page), [], 'host page with a failed table');
    // A record URL that does not exist (the browser logs the failed fetch: expected here).
    expectConsole(page, /Failed to load resource: the server responded with a status of 404/);
    await page.evaluate(() => { document.getElementById('frame').src = 'embed.html?record=records/nothing-here.txt'; });
    error = await waitForMessage(page, 'error', 'm.message.includes("nothing-here")');
    assert.match(error.message, /HTTP 404/);
    await frame.locator('#replay-error').filter({ hasText: '404' }).waitFor();
    assert.equal(await frame.locator('#replay-error, #embed-notice').count(), 1, 'said once');
    // A bad record in the fragment.
    await page.evaluate(() => { document.getElementById('frame').src = 'embed.html?lang=en#record=%%%'; });
    error = await waitForMessage(page, 'error', 'm.message.includes("base64url")');

    // The host page is intact: its heading, its other tables, its own buttons.
    await page.getByRole('heading', { name: 'Piquet on another page' }).waitFor();
    await page.frameLocator('#element iframe').locator('#replay-position').waitFor();
    assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
    await page.close();
  });

  test('a whole Rubicon partie in the play element, to one piquet-gameover naming the winner', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const errors = watchErrors(page);
    const seed = drawSeed('embedded Rubicon partie');
    await page.goto(`${server.url}embed-example.html`);
    // The element's own seed: the same cut and deals on a rerun with SEED.
    await page.evaluate((s) => document.getElementById('player').setAttribute('seed', s), seed);
    await page.waitForFunction((s) => new URL(document.querySelector('#player iframe').src).searchParams.get('seed') === s, seed);
    await page.evaluate(() => {
      // The heights the table asks for (height=auto, the element's default), all game long.
      window.resizes = [];
      window.addEventListener('message', (event) => {
        if (event.source === document.querySelector('#player iframe')?.contentWindow && event.data?.type === 'resize') {
          window.resizes.push(event.data.height);
        }
      });
      window.playerLog = [];
      for (const name of ['piquet-state', 'piquet-gameover', 'piquet-error']) {
        document.getElementById('player')
          .addEventListener(name, (event) => window.playerLog.push({ event: name, ...event.detail }));
      }
    });
    const frame = await (await page.locator('#player iframe').elementHandle()).contentFrame();
    await frame.waitForURL((url) => url.searchParams.get('seed') === seed);
    await frame.locator('main.table').waitFor();
    // Played through the embedded table's own buttons, as a visitor would.
    const decisions = await playToTheEnd(frame, { timeoutMs: 240_000 });
    assert.ok(decisions > 6 * 12, `at least twelve cards a deal for six deals: ${decisions} decisions`);
    await page.waitForFunction(() => window.playerLog.some((e) => e.event === 'piquet-gameover'));
    await page.waitForTimeout(300);
    const log = await page.evaluate(() => window.playerLog);
    const over = log.filter((e) => e.event === 'piquet-gameover');
    assert.equal(over.length, 1, 'the host hears of the end once');
    const { mode, winner, totals } = over[0];
    assert.equal(mode, 'play');
    const states = log.filter((e) => e.event === 'piquet-state');
    const last = states.at(-1);
    assert.ok(last.deal >= 6, `a Rubicon partie has six deals or more: ${last.deal}`);
    assert.deepEqual(last.scores.totals, totals, 'the last state and the gameover agree');
    const w = winner === 'A' ? 0 : 1;
    assert.ok(totals[w] > totals[1 - w], `the winner ${winner} has the higher total: ${totals}`);
    assert.ok(states.some((s) => s.deal === 1) && states.some((s) => s.deal === last.deal), 'a state for every deal');
    assert.deepEqual(log.filter((e) => e.event === 'piquet-error'), []);
    // A whole game asks for its height once (when the seeded table loads), not on every panel.
    const resizes = await page.evaluate(() => window.resizes);
    console.log(`# resize messages in a whole Rubicon game (${decisions} decisions): ${resizes.length} (${resizes})`);
    assert.ok(resizes.length <= 2, `a handful of resize messages in a whole game, not hundreds: ${resizes}`);
    const frameHeight = await page.evaluate(() => document.querySelector('#player iframe').getBoundingClientRect().height);
    assert.equal(frameHeight, resizes.at(-1) ?? frameHeight, 'the element applied the height asked');
    await screenshot(page, 'embed-example-game-over');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('an embedded table writes nothing to storage unless storage=1', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const seed = drawSeed('embedded game with and without storage');
    await page.goto(`${server.url}embed.html?mode=play&rules=classique&level=1&lang=en&seed=${seed}`);
    await page.locator('main.table').waitFor();
    await page.locator('.seat-bottom .hand svg.card').first().waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'no storage by default');
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
    await page.goto(`${server.url}embed.html?mode=play&rules=classique&level=1&lang=en&storage=1&seed=${seed}`);
    await page.locator('.seat-bottom .hand svg.card').first().waitFor();
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('piquet.embed.game.')));
    assert.equal(await page.evaluate(() => localStorage.getItem('piquet.game')), null, 'the app\'s own game is untouched');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a replay\'s record is fetched once, from the start script; the loader fetches the historical records', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const asked = [];
    page.on('request', (r) => { if (r.url().includes('/records/')) asked.push(new URL(r.url()).pathname); });
    await page.goto(`${server.url}embed.html?mode=replay&lang=en&record=records/hoffmann-1909.txt`);
    await page.locator('#replay-position').waitFor();
    // embed.html asked for the record beside the wasm, and the viewer took that response
    // (src/services/files.rs, started_fetch) instead of asking again.
    assert.deepEqual(asked, ['/records/hoffmann-1909.txt']);
    assert.equal(await page.evaluate(() => 'piquetRecord' in window), false, 'the early fetch was taken');
    // The embedded wasm does not carry the historical records: its loader fetches them.
    await page.locator('#replay-more > summary').click();
    await page.locator('#replay-more .replay-loader > summary').click();
    await page.locator('#open-les-facheux').click();
    await page.waitForFunction(() => document.body.textContent.includes('Alcippe'));
    assert.deepEqual(asked, ['/records/hoffmann-1909.txt', '/records/les-facheux.txt']);
    await screenshot(page, 'embed-replay-loader-fetched');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('autoplay steps by itself from the start, and stops at the end', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    const hash = `#record=${Buffer.from(HOFFMANN_TEXT).toString('base64url')}`;
    await page.goto(`${server.url}embed.html?mode=replay&readonly=1&autoplay=200&lang=en${hash}`);
    await page.locator('#replay-position').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('#main')?.dataset.index) >= 4);
    assert.equal(await page.getAttribute('#replay-play', 'aria-pressed'), 'true');
    await page.waitForFunction(() => document.querySelector('#main')?.dataset.index === '32', null, { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector('#replay-play')?.getAttribute('aria-pressed') === 'false');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('play mode from a record: its players on the seats, its commentary where the game stands', async () => {
    // Les Fâcheux up to Alcippe's refusal to abandon: his exchange is next, and the reader
    // plays his seat (A).
    const record = structuredClone(FACHEUX);
    record.deals[0].actions = record.deals[0].actions.slice(0, 3);
    const said = record.deals[0].actions[2].comment.fr;
    const hash = `#record=${Buffer.from(JSON.stringify(record)).toString('base64url')}`;
    // A host page on another origin, one frame of the given size.
    const host = createServer((req, res) => {
      const q = new URL(req.url, 'http://x').searchParams;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Hôte</title></head>
<body style="margin:0;background:#f5f0e6"><p>Alcippe raconte sa partie.</p>
<iframe id="frame" src="${server.url}embed.html?mode=play&level=1&lang=fr&seed=5&seat=${q.get('seat')}${hash}" title="Piquet" style="width:${q.get('w')}px;height:${q.get('h')}px;border:0;display:block"></iframe>
</body></html>`);
    });
    await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
    const hostUrl = `http://127.0.0.1:${host.address().port}/`;
    try {
      for (const [w, h] of [[320, 480], [600, 400], [1280, 720]]) {
        const page = await browser.newPage({ viewport: { width: Math.max(w, 360) + 20, height: h + 60 } });
        const errors = watchErrors(page);
        await page.goto(`${hostUrl}?w=${w}&h=${h}&seat=A`);
        const frame = page.frameLocator('#frame');
        await frame.locator('main.table .seat-bottom .hand svg.card').first().waitFor();
        assert.equal(await frame.locator('.seat-bottom .seat-name, .my-head .seat-name').first().innerText(), 'Alcippe');
        assert.equal(await frame.locator('.seat-top .seat-name').innerText(), 'Saint-Bouvain');
        const words = frame.locator('.side .record-words');
        assert.equal((await words.innerText()).replace(/\s/g, ' ').includes(said.replace(/\s/g, ' ')), true, await words.innerText());
        // The words give way to the decision: its main button in sight.
        const main = frame.locator('#confirm-discard');
        const box = await main.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= h + 1, `the exchange's button in sight at ${w}×${h}: ${JSON.stringify(box)}`);
        await screenshot(page, `embed-record-play-${w}x${h}`);
        if (w === 320) {
          // The reader's move: the record's words belong to the position before; none now.
          const cards = frame.locator('.seat-bottom .hand-card.enabled');
          await cards.last().click({ position: { x: 10, y: 20 } });
          await main.click();
          await words.waitFor({ state: 'detached' });
          assert.equal(await frame.locator('.my-head .seat-name').innerText(), 'Alcippe');
        }
        assert.deepEqual(errors, []);
        await page.close();
      }
      // From Saint-Bouvain's side: he is the reader, at the bottom.
      const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
      const errors = watchErrors(page);
      await page.goto(`${hostUrl}?w=600&h=400&seat=B`);
      const frame = page.frameLocator('#frame');
      await frame.locator('main.table .seat-bottom .hand svg.card').first().waitFor();
      assert.equal(await frame.locator('.my-head .seat-name').innerText(), 'Saint-Bouvain');
      assert.equal(await frame.locator('.seat-top .seat-name').innerText(), 'Alcippe');
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await new Promise((ok) => host.close(ok));
    }
  });

  test('axe-core and screenshots: replay and play, themes, phone and desktop', async () => {
    const hash = `#record=${Buffer.from(HOFFMANN_TEXT).toString('base64url')}`;
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      for (const [name, query] of [
        ['replay', `embed.html?mode=replay&lang=en${hash}`],
        ['replay-light', `embed.html?mode=replay&lang=fr&theme=light&readonly=1${hash}`],
        ['replay-dark-small', `embed.html?mode=replay&lang=en&theme=dark&size=small${hash}`],
        // Seed 132 cuts equal ranks twice before the decisive draw: the tied draws are faded.
        ['play', 'embed.html?mode=play&rules=rubicon&level=1&lang=fr&seed=132'],
      ]) {
        const page = await browser.newPage({ viewport });
        const errors = watchErrors(page);
        await page.goto(`${server.url}${query}`);
        if (name.startsWith('play')) {
          await page.locator('main.table').waitFor();
          await page.locator('.cut-draw.decisive').waitFor();
          assert.equal(await page.locator('.cut-draw').count(), 3, 'two tied draws, then the decisive one');
          assert.equal(await page.locator('.cut-again').count(), 2);
        } else {
          await page.locator('#replay-position').waitFor();
          for (let k = 1; k <= 9; k++) await page.keyboard.press('ArrowRight');
          await page.waitForFunction(() => document.querySelector('#main')?.dataset.index === '9');
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${name} is ${overflow}px wider than the ${size} screen`);
        await screenshot(page, `embed-${name}-${size}`);
        assert.deepEqual(await axeViolations(page), [], `${name} (${size})`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });

  test('the looks: every theme passes axe in play and replay; auto follows the reader; bg, accent, font, back and size are drawn', async () => {
    const hash = `#record=${Buffer.from(HOFFMANN_TEXT).toString('base64url')}`;
    /** Plays on (the first button of the panel) until the hand is dealt. */
    const toTheHand = async (page) => {
      await page.locator('main.table').waitFor();
      for (let i = 0; i < 8 && !(await page.locator('.seat-bottom .hand svg.card').count()); i += 1) {
        const button = page.locator('.side .panel button:not([disabled])').first();
        if (await button.count()) await button.click().catch(() => {});
        await page.waitForTimeout(400);
      }
      await page.locator('.seat-bottom .hand svg.card').first().waitFor();
    };
    const root = (page) => page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      body: getComputedStyle(document.body).backgroundColor,
      font: getComputedStyle(document.documentElement).fontFamily,
    }));
    for (const [theme, scheme] of [['baize', 'light'], ['light', 'dark'], ['dark', 'light'], ['auto', 'dark'], ['auto', 'light']]) {
      for (const mode of ['play', 'replay']) {
        const page = await browser.newPage({ viewport: PHONE, colorScheme: scheme });
        const errors = watchErrors(page);
        await page.goto(mode === 'play'
          ? `${server.url}embed.html?mode=play&rules=rubicon&level=1&lang=en&seed=7&theme=${theme}`
          : `${server.url}embed.html?mode=replay&lang=fr&theme=${theme}${hash}`);
        if (mode === 'play') await toTheHand(page);
        else {
          await page.locator('#replay-position').waitFor();
          for (let k = 1; k <= 9; k++) await page.keyboard.press('ArrowRight');
          await page.waitForFunction(() => document.querySelector('#main')?.dataset.index === '9');
        }
        const drawn = theme === 'auto' ? scheme : theme;
        assert.equal((await root(page)).theme, drawn, `${theme} in a ${scheme} system`);
        if (drawn === 'dark') assert.equal((await root(page)).body, 'rgb(18, 18, 18)', 'a neutral dark');
        if (theme === 'auto' && mode === 'play') {
          // The reader's system changes its mind: the table follows.
          await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'light' : 'dark' });
          await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme === 'dark' ? 'light' : 'dark');
        }
        await screenshot(page, `embed-theme-${theme}-${scheme}-${mode}-phone`);
        assert.deepEqual(await axeViolations(page), [], `${theme} (${scheme} system), ${mode}`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    }

    // bg, accent, back, font drawn; size changes the cards for real, in play and in a replay.
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${server.url}embed.html?mode=play&rules=rubicon&level=1&lang=en&seed=7&theme=light&bg=%23121212&accent=navy&back=%23f5f5dc&font=system`);
    await toTheHand(page);
    const looks = await root(page);
    assert.equal(looks.theme, 'dark', 'a dark bg takes light words, even with theme=light');
    assert.equal(looks.body, 'rgb(18, 18, 18)');
    assert.match(looks.font, /^system-ui/);
    assert.equal(await page.locator('.card-back .card-frame').first().evaluate((e) => getComputedStyle(e).fill), 'rgb(245, 245, 220)');
    const primary = page.locator('.side .panel .button.primary').first();
    if (await primary.count()) {
      assert.deepEqual(await primary.evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]),
        ['rgb(0, 0, 128)', 'rgb(255, 255, 255)'], 'the accent, with words readable on it');
    }
    assert.deepEqual(await axeViolations(page), [], 'bg, accent, back, font');
    await screenshot(page, 'embed-looks-desktop');
    const width = async (url, cards) => {
      await page.goto(url);
      if (url.includes('mode=play')) await toTheHand(page);
      else await page.locator('#replay-position').waitFor();
      return page.locator(cards).first().evaluate((e) => e.getBoundingClientRect().width);
    };
    for (const [viewport, modes] of [[DESKTOP, ['play', 'replay']], [PHONE, ['play', 'replay']]]) {
      await page.setViewportSize(viewport);
      for (const mode of modes) {
        const sizes = [];
        for (const size of ['small', 'medium', 'large']) {
          sizes.push(await width(mode === 'play'
            ? `${server.url}embed.html?mode=play&rules=rubicon&level=1&lang=en&seed=7&size=${size}`
            : `${server.url}embed.html?mode=replay&lang=en&size=${size}${hash}`,
          mode === 'play' ? '.seat-bottom .hand-card' : '.replay-seat .card'));
        }
        assert.ok(sizes[0] < sizes[1], `${mode} at ${viewport.width}: small ${sizes[0]} < medium ${sizes[1]}`);
        if (viewport === DESKTOP) assert.ok(sizes[1] < sizes[2], `${mode} at ${viewport.width}: medium ${sizes[1]} < large ${sizes[2]}`);
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the looks from the host: typos named and ignored, setTheme, and the element\'s attributes (font="inherit")', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${server.url}embed-example.html`);
    await waitForMessage(page, 'state', 'm.index === 0');
    const frame = page.frameLocator('#frame');
    const html = (f) => f.locator('html').evaluate((e) => ({ theme: e.dataset.theme, size: e.dataset.size, bg: e.dataset.bg ?? null }));
    // setTheme: what it names changes, the rest stays; a bad field is named and changes nothing.
    await postToFrame(page, { piquet: 1, type: 'setTheme', theme: 'dark', size: 'large' });
    await frame.locator('html[data-theme="dark"][data-size="large"]').waitFor({ state: 'attached' });
    await postToFrame(page, { piquet: 1, type: 'setTheme', bg: 'transparent' });
    await frame.locator('html[data-bg="transparent"]').waitFor({ state: 'attached' });
    assert.deepEqual(await html(frame), { theme: 'dark', size: 'large', bg: 'transparent' });
    await postToFrame(page, { piquet: 1, type: 'setTheme', accent: 'blurple', theme: 'light' });
    const refused = await waitForMessage(page, 'error', 'm.message.startsWith("setTheme")');
    assert.match(refused.message, /^setTheme: "accent" must be a CSS colour: .* not "blurple"$/);
    assert.deepEqual(await html(frame), { theme: 'dark', size: 'large', bg: 'transparent' }, 'a refused setTheme changes nothing');
    // Cosmetic typos in the parameters: each named to the host, the default used, the table shown.
    await page.evaluate(() => { document.getElementById('frame').src = 'embed.html?lang=en&bg=blurple&accent=url(x)&font=inherit&back=%23zz&theme=neon'; });
    for (const name of ['bg', 'accent', 'font', 'back', 'theme']) {
      const e = await waitForMessage(page, 'error', `m.message.startsWith("${name}=")`);
      assert.match(e.message, /is not valid: expected .*; the default is used$/, e.message);
    }
    await frame.locator('.replay').first().waitFor();
    assert.deepEqual(await html(frame), { theme: 'baize', size: 'medium', bg: null });
    // The element: looks as attributes, font="inherit" passes the element's own font, setTheme().
    await page.evaluate(() => {
      const el = document.getElementById('element');
      el.style.fontFamily = '"Gill Sans", Georgia, serif';
      el.setAttribute('font', 'inherit');
      el.setAttribute('accent', '#b91c1c');
    });
    await page.waitForFunction(() => new URL(document.querySelector('#element iframe').src).searchParams.get('font') === '"Gill Sans", Georgia, serif');
    const element = page.frameLocator('#element iframe');
    await element.locator('#replay-position').waitFor();
    assert.match(await element.locator('html').evaluate((e) => getComputedStyle(e).fontFamily), /^"Gill Sans", Georgia, serif$/);
    await page.evaluate(() => document.getElementById('element').setTheme({ theme: 'light', back: 'navy' }));
    await element.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    assert.match(await element.locator('html').getAttribute('style'), /--back:#000080;/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
