// The embedded table as a host page meets it: the host is served from another origin than the
// app (two servers on 127.0.0.1, two ports), with a text box that has the focus at the top and
// the tables below the fold. The table never takes the focus nor scrolls the host while the
// reader has not touched it (on load, while the computer plays); every message of the host API
// is answered as docs/embedding.md says; two tables with storage keep their own games.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, axeViolations, copyOfDist, expectConsole, launch, screenshot, serveDist, watchErrors } from './harness.mjs';
import { stepUntil } from './play.mjs';
import { message, send, serveHost, since, untouched } from './host.mjs';

describe('the embedded table on a host page of another origin', () => {
  let app;
  let host;
  let browser;
  before(async () => {
    app = await serveDist();
    host = await serveHost();
    host.setApp(app.url);
    browser = await launch();
  });
  after(async () => { await browser?.close(); await host?.close(); await app?.close(); });

  test('a play table below the fold never takes the focus nor scrolls the host, on load or while the computer plays', async () => {
    // A seed where the computer decides first: it plays while the reader never touches the table.
    let played = false;
    for (let seed = 1; seed <= 12 && !played; seed += 1) {
      const page = await browser.newPage({ viewport: DESKTOP });
      const errors = watchErrors(page);
      await page.goto(host.page(`play-${seed}`, [['t', `mode=play&rules=classique&level=1&lang=en&seed=${seed}`]]));
      assert.equal(new URL(page.url()).origin !== new URL(app.url).origin, true, 'two origins');
      await message(page, 't', 'ready', 'm.mode === "play"');
      const first = await message(page, 't', 'state', 'm.turn !== null');
      assert.equal(first.mode, 'play');
      assert.equal(first.seat, 'A');
      assert.equal(first.deal, 1);
      assert.ok(['exchange', 'declare', 'play', 'leftover', 'abandon'].includes(first.phase), first.phase);
      assert.deepEqual(first.scores.game, [0, 0]);
      assert.equal(first.scores.deal.length, 2);
      assert.equal(first.tricks.length, 2);
      assert.deepEqual(await untouched(page), { active: 'box', y: 0 }, 'after load');
      if (first.turn === 'B') {
        // The computer decides, then it is the reader's turn.
        await message(page, 't', 'state', 'm.turn === "A"');
        await page.waitForTimeout(500);
        assert.deepEqual(await untouched(page), { active: 'box', y: 0 }, 'after the computer\'s move');
        const frame = page.frames().find((f) => f.url().includes('embed.html'));
        assert.equal(await frame.evaluate(() => document.hasFocus()), false, 'the frame did not take the keyboard');
        played = true;
      }
      // The reader types in the host's box: the table does not take the keys.
      await page.keyboard.type('abc');
      assert.equal(await page.inputValue('#box'), 'abc');
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.ok(played, 'a seed where the computer moves first');
  });

  test('once the reader is in the frame, the focus lands in the table, and the host never scrolls', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('touch', [['t', 'mode=play&rules=classique&level=1&lang=en&seed=3']]));
    await message(page, 't', 'state', 'm.turn !== null');
    await page.evaluate(() => document.getElementById('t').scrollIntoView());
    const y = await page.evaluate(() => window.scrollY);
    const frame = page.frameLocator('#t');
    await frame.locator('.seat-bottom .hand svg.card').first().waitFor();
    await frame.locator('main.table').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Tab');
    assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'box', 'the frame has the keyboard');
    assert.equal(await page.evaluate(() => window.scrollY), y, 'the host did not move');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the host API: steps, autoplay, getState, newGame, setLevel, mode, decision', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('api', [['r', `mode=replay&lang=en&record=${encodeURIComponent(`${app.url}records/les-facheux.json`)}`]]));
    await message(page, 'r', 'ready', 'm.mode === "replay"');
    const start = await message(page, 'r', 'state', 'm.index === 0 && m.players[0] === "Alcippe"');
    assert.equal(start.mode, 'replay');
    assert.equal(start.seat, null);
    assert.equal(start.deal, 1);
    assert.equal(typeof start.commentary, 'string', 'the deal\'s commentary, in English');
    assert.deepEqual(start.scores.game, [0, 0]);
    const length = start.length;
    await since(page);
    await send(page, 'r', { type: 'next' });
    assert.equal((await message(page, 'r', 'state', 'm.index === 1')).action, 1);
    await send(page, 'r', { type: 'last' });
    const last = await message(page, 'r', 'state', `m.index === ${length - 1}`);
    assert.deepEqual(last.scores.game, [0, 69]);
    await send(page, 'r', { type: 'previous' });
    await message(page, 'r', 'state', `m.index === ${length - 2}`);
    await send(page, 'r', { type: 'first' });
    await message(page, 'r', 'state', 'm.index === 0');
    // Autoplay from the host, then pause.
    await send(page, 'r', { type: 'play' });
    await message(page, 'r', 'state', 'm.index === 2');
    await send(page, 'r', { type: 'pause' });
    await page.waitForTimeout(300);
    const paused = await page.evaluate(() => window.hostLog.filter((m) => m.type === 'state').at(-1).index);
    await page.waitForTimeout(2500);
    assert.equal(await page.evaluate(() => window.hostLog.filter((m) => m.type === 'state').at(-1).index), paused, 'paused');
    await since(page);
    await send(page, 'r', { type: 'getState' });
    assert.equal((await message(page, 'r', 'state')).index, paused);
    // A game in place of the record, from the reader's seat B: `mode`, then its state.
    await since(page);
    await send(page, 'r', { type: 'newGame', rules: 'rubicon', level: 1, seed: 5, seat: 'B' });
    await message(page, 'r', 'mode', 'm.mode === "play"');
    const game = await message(page, 'r', 'state', 'm.mode === "play"');
    assert.equal(game.seat, 'B');
    await send(page, 'r', { type: 'setLevel', level: 4 });
    await send(page, 'r', { type: 'next' });
    const refused = await message(page, 'r', 'error');
    assert.equal(refused.message, 'next: there is no record on the table');
    await send(page, 'r', { type: 'setLevel', level: 9 });
    assert.equal((await message(page, 'r', 'error', 'm.message.startsWith("setLevel")')).message,
      'setLevel: "level" must be a level, a whole number from 1 to 5, not 9');
    assert.equal(await page.evaluate(() => window.hostLog.filter((m) => m.type === 'error').length), 2, 'setLevel 4 was taken');
    // The reader's decision, in record notation: the reader plays on until they decide.
    const frame = page.frameLocator('#r');
    await page.evaluate(() => document.getElementById('r').scrollIntoView());
    await frame.locator('main.table').waitFor();
    for (let i = 0; i < 40; i += 1) {
      if (await page.evaluate(() => window.hostLog.some((m) => m.type === 'decision'))) break;
      const button = frame.locator('.side .panel button:not([disabled])').first();
      const card = frame.locator('.seat-bottom .hand-card:not([disabled])').first();
      if (await button.count()) await button.click().catch(() => {});
      else if (await card.count()) await card.click().catch(() => {});
      await page.waitForTimeout(300);
    }
    const decision = await message(page, 'r', 'decision');
    assert.equal(decision.seat, 'B');
    assert.match(decision.decision, /^(x( [2-9TJQKA][SHDC])*|blanche( \d+)?|decl( -|( [2-9TJQKA][SHDC])+)|good|equal.*|better.*|look .|expose (yes|no)|[2-9TJQKA][SHDC]|abandon (yes|no)|accept (yes|no))$/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a replay loads the viewer alone; a review and « Jouer cette donne » load the table that plays, which takes over where the viewer stood', async () => {
    // The app served with a log of what it sent, for this page only.
    const log = [];
    const logged = await serveDist(undefined, { log });
    host.setApp(logged.url);
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    try {
      const record = encodeURIComponent(`${logged.url}records/hoffmann-1909.txt`);
      await page.goto(host.page('handover', [['r', `mode=replay&lang=fr&show=review,play&record=${record}`]], { height: 720 }));
      await message(page, 'r', 'ready', 'm.mode === "replay"');
      await message(page, 'r', 'state', 'm.index === 0');
      const sent = (re) => log.filter((r) => re.test(r.path)).length;
      assert.equal(sent(/\/embed_replay_bg\.wasm$/), 1, "the viewer's own wasm");
      assert.equal(sent(/\/embed(_bg\.wasm|\.js)$/), 0, 'not the table that plays');
      assert.equal(sent(/worker/), 0, "not the computer's worker");
      // The host changes the looks and the language, and moves the viewer.
      const frame = page.frameLocator('#r');
      const inFrame = () => page.frames().find((f) => f.url().includes('embed.html'));
      await send(page, 'r', { type: 'setTheme', theme: 'dark', accent: '#f5c542' });
      await send(page, 'r', { type: 'setLanguage', lang: 'en' });
      await send(page, 'r', { type: 'goto', index: 30 });
      await message(page, 'r', 'state', 'm.index === 30');
      await frame.locator('#replay-review').waitFor();
      assert.equal(await frame.locator('#replay-review').innerText(), 'Review of deal\u00a01');
      // The review: the table that plays comes, the viewer where it stood, the review running.
      await page.evaluate(() => document.getElementById('r').scrollIntoView());
      await since(page);
      await frame.locator('#replay-review').click();
      const dialog = frame.locator('#review');
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.locator('#review-list, #review-only-marked').first().waitFor({ timeout: 120_000 });
      assert.equal(sent(/\/embed_bg\.wasm$/), 1, 'the table that plays, once');
      assert.equal(sent(/worker_bg\.wasm$/), 1, "the computer's worker, for the review");
      const shown = await inFrame().evaluate(() => ({
        index: document.querySelector('main.replay')?.dataset.index,
        theme: document.documentElement.dataset.theme,
        lang: document.documentElement.lang,
        accent: document.documentElement.getAttribute('style'),
      }));
      assert.equal(shown.index, '30', 'the viewer where it stood');
      assert.equal(shown.theme, 'dark');
      assert.equal(shown.lang, 'en');
      assert.match(shown.accent, /#f5c542/);
      assert.equal(await dialog.locator('#review-title').innerText(), 'Review of deal\u00a01');
      await screenshot(page, 'embed-handover-review');
      await dialog.locator('.modal-head button').click();
      await dialog.waitFor({ state: 'detached' });
      // « Jouer cette donne »: a game from the position, `mode` to the host, never a second `ready`.
      await frame.locator('.replay-play > summary').click();
      await frame.locator('#play-from-seat').selectOption('B');
      await frame.locator('#play-from-here').click();
      await message(page, 'r', 'mode', 'm.mode === "play"');
      const game = await message(page, 'r', 'state', 'm.mode === "play"');
      assert.equal(game.deal, 1);
      await frame.locator('main.table').waitFor();
      assert.equal(await inFrame().evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.equal(await page.evaluate(() => window.hostLog.filter((m) => m.type === 'ready').length), 0, 'no second ready');
      assert.equal(sent(/\/embed_bg\.wasm$/), 1, 'the table that plays was there already');
      await screenshot(page, 'embed-handover-play');
      assert.deepEqual(errors, []);
    } finally {
      host.setApp(app.url);
      await page.close();
      await logged.close();
    }
  });

  test('a replay whose table that plays cannot be loaded keeps the viewer and says why', async () => {
    const copy = copyOfDist();
    rmSync(join(copy, 'embed_bg.wasm'));
    const broken = await serveDist(copy);
    host.setApp(broken.url);
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    expectConsole(page, /embed_bg\.wasm|404/);
    try {
      const record = encodeURIComponent(`${broken.url}records/hoffmann-1909.txt`);
      await page.goto(host.page('handover-broken', [['r', `mode=replay&lang=en&show=play&record=${record}`]]));
      await message(page, 'r', 'state', 'm.index === 0');
      await since(page);
      const frame = page.frameLocator('#r');
      await frame.locator('.replay-play > summary').click();
      await frame.locator('#play-from-here').click();
      const told = await message(page, 'r', 'error');
      assert.match(told.message, /^The game table could not be loaded: .*embed_bg\.wasm/);
      await frame.locator('#embed-notice').filter({ hasText: 'The game table could not be loaded' }).waitFor();
      await frame.locator('main.replay').waitFor();
      assert.equal(await frame.locator('#embed-switching').count(), 0, 'no longer said to be on its way');
      assert.deepEqual(errors, []);
    } finally {
      host.setApp(app.url);
      await page.close();
      await broken.close();
    }
  });

  test('two tables with storage on one page each keep their own game across a reload', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const url = host.page('two', [
      ['left', 'mode=play&rules=classique&level=1&lang=en&storage=1&id=left&seed=11'],
      ['right', 'mode=play&rules=classique&level=1&lang=en&storage=1&seed=12'],
    ]);
    await page.goto(url);
    await message(page, 'left', 'state', 'm.turn !== null');
    await message(page, 'right', 'state', 'm.turn !== null');
    const hand = (id) => page.frameLocator(`#${id}`).locator('.seat-bottom .hand svg.card').evaluateAll(
      (cards) => cards.map((c) => c.closest('[aria-label]')?.getAttribute('aria-label')).join(','));
    await page.frameLocator('#left').locator('.seat-bottom .hand svg.card').first().waitFor();
    await page.frameLocator('#right').locator('.seat-bottom .hand svg.card').first().waitFor();
    const frame = () => page.frames().find((f) => f.url().includes('id=left'));
    await frame().waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.embed.game.')).length === 2);
    const saved = await frame().evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('piquet.embed.game.')).map((k) => [k, localStorage.getItem(k)])));
    assert.ok('piquet.embed.game.left' in saved, 'id= names the key');
    assert.equal(await frame().evaluate(() => localStorage.getItem('piquet.embed.game')), null, 'no shared key');
    const before = [await hand('left'), await hand('right')];
    assert.notEqual(before[0], before[1], 'two games');
    await page.reload();
    await message(page, 'left', 'state', 'm.turn !== null');
    await message(page, 'right', 'state', 'm.turn !== null');
    await page.frameLocator('#left').locator('.seat-bottom .hand svg.card').first().waitFor();
    await page.frameLocator('#right').locator('.seat-bottom .hand svg.card').first().waitFor();
    assert.deepEqual([await hand('left'), await hand('right')], before, 'each table resumed its own game');
    const after = await frame().evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.embed.game.')).sort());
    assert.deepEqual(after, Object.keys(saved).sort());
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('bg=transparent: the host page shows through, over a light and a dark page, and passes axe', async () => {
    for (const [background, theme] of [['#ffffff', 'light'], ['#121212', 'dark'], ['#f5f0e6', 'auto']]) {
      const page = await browser.newPage({ viewport: DESKTOP, colorScheme: theme === 'dark' ? 'dark' : 'light' });
      const errors = watchErrors(page);
      const name = `clear-${theme}`;
      await page.goto(host.page(name, [
        ['r', `mode=replay&lang=en&bg=transparent&theme=${theme}&record=${encodeURIComponent(`${app.url}records/les-facheux.json`)}`],
        ['p', `mode=play&rules=rubicon&level=1&lang=en&seed=7&bg=transparent&theme=${theme}`],
      ], { background }));
      await message(page, 'r', 'state', 'm.index === 0');
      await message(page, 'p', 'state', 'm.mode === "play"');
      for (const id of ['r', 'p']) {
        await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
        const frame = page.frames().find((f) => f.url().includes(id === 'r' ? 'mode=replay' : 'mode=play'));
        await frame.locator(id === 'r' ? '#replay-position' : 'main.table').waitFor();
        await page.waitForTimeout(400);
        assert.deepEqual(await frame.evaluate(() => [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor)),
          ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'], 'nothing painted by the table itself');
        // The frame's empty foot looks exactly like the host page beside it: no canvas painted
        // behind the table (which a colour scheme other than the host's would bring).
        const box = await page.locator(`#${id}`).boundingBox();
        const inFrame = await page.screenshot({ clip: { x: box.x + 2, y: box.y + box.height - 6, width: 4, height: 4 } });
        await page.evaluate(() => window.scrollTo(0, 0));
        const host = await page.screenshot({ clip: { x: 300, y: 200, width: 4, height: 4 } });
        assert.ok(inFrame.equals(host), `${id} over ${background}: the host's colour shows through`);
        await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
        await screenshot(page, `embed-transparent-${theme}-${id}`);
        // axe judges a frame alone, on white: the host's colour is given to it as its canvas for
        // the check, as the reader sees it.
        await frame.evaluate((bg) => { document.documentElement.style.backgroundColor = bg; }, background);
        assert.deepEqual(await axeViolations(frame), [], `${id}, theme=${theme} over ${background}`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  /** What of the table is out of its frame: the page's own scroll, hand cards, the panel, trick cards. */
  const fit = (frame) => frame.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const d = document.documentElement;
    const inside = (r, box = { top: 0, left: 0, bottom: vh, right: vw }) =>
      r.top >= box.top - 1 && r.left >= box.left - 1 && r.bottom <= box.bottom + 1 && r.right <= box.right + 1;
    const rects = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const centre = document.querySelector('.table .centre')?.getBoundingClientRect();
    const panel = document.querySelector('.side .panel')?.getBoundingClientRect();
    return {
      scroll: [d.scrollHeight - vh, d.scrollWidth - vw, window.scrollY, document.scrollingElement.scrollTop],
      hand: rects('.seat-bottom .hand-card').length,
      handOut: rects('.seat-bottom .hand-card').filter((r) => !inside(r)).length,
      panelOut: panel ? !inside(panel) : false,
      mainButtonOut: rects('.side .panel .panel-foot .button').filter((r) => !inside(r) || !inside(r, panel)).length,
      trickClipped: centre ? rects('.centre .trick .slot .card').filter((r) => !inside(r, centre))
        .map((r) => `card ${Math.round(r.top)}–${Math.round(r.bottom)} in centre ${Math.round(centre.top)}–${Math.round(centre.bottom)}`) : [],
    };
  });

  test('the table fills its frame exactly, 280×360 to 1920×1080: no page scroll, hand and decision in sight, trick whole, at every decision of a deal', async () => {
    for (const [width, height] of [[320, 480], [600, 400], [1280, 720], [280, 360], [1920, 1080]]) {
      const page = await browser.newPage({ viewport: { width: Math.max(width + 40, 400), height: height + 100 }, reducedMotion: 'reduce' });
      const errors = watchErrors(page);
      await page.goto(host.page(`fit-${width}x${height}`, [['t', 'mode=play&rules=classique&level=1&lang=fr&seed=21']], { width, height }));
      await page.evaluate(() => document.getElementById('t').scrollIntoView());
      const frame = page.frames().find((f) => f.url().includes('embed.html'));
      await frame.locator('main.table').waitFor();
      assert.deepEqual(await frame.evaluate(() => [window.innerWidth, window.innerHeight]), [width, height]);
      const seen = new Set();
      let shots = 0;
      const reached = await stepUntil(frame, 'next-deal', {
        max: 120,
        onPanel: async (panel) => {
          if (panel === 'waiting') return;
          const f = await fit(frame);
          const where = `${width}×${height}, ${panel}`;
          if (!seen.has(panel) && shots < 6) {
            seen.add(panel);
            shots += 1;
            await page.locator('#t').screenshot({ path: `tests/e2e/artifacts/embed-fit-${width}x${height}-${panel}.png` });
          }
          assert.deepEqual(f.scroll, [0, 0, 0, 0], `${where}: the frame does not scroll as a page`);
          assert.equal(f.handOut, 0, `${where}: ${f.handOut} of ${f.hand} hand cards out of sight`);
          assert.equal(f.panelOut, false, `${where}: the decision panel out of sight`);
          assert.equal(f.mainButtonOut, 0, `${where}: the panel's main button out of sight`);
          assert.deepEqual(f.trickClipped, [], `${where}: trick cards clipped`);
        },
      });
      assert.ok(reached, `${width}×${height}: a whole deal played`);
      assert.ok(seen.has('play') && (seen.has('declare') || seen.has('answer')), `${width}×${height}: ${[...seen]}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test('height=auto: the frame asks for a height by kind (replay, game) and width only, debounced, and the host applies it', async () => {
    const page = await browser.newPage({ viewport: { width: 760, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(host.page('auto', [['a', `mode=replay&lang=en&height=auto&record=${encodeURIComponent(`${app.url}records/les-facheux.json`)}`]]));
    await page.evaluate(() => window.addEventListener('message', (event) => {
      const frame = document.getElementById('a');
      if (event.source === frame.contentWindow && event.data?.type === 'resize') frame.style.height = `${event.data.height}px`;
    }));
    const resizes = () => page.evaluate(() => window.hostLog.filter((m) => m.type === 'resize').map((m) => m.height));
    const replay = await message(page, 'a', 'resize');
    // Steps through the record: the height does not move.
    for (let i = 0; i < 12; i += 1) await send(page, 'a', { type: 'next' });
    await message(page, 'a', 'state', 'm.index === 12');
    await page.waitForTimeout(600);
    assert.deepEqual(await resizes(), [replay.height], 'one height for the replay');
    // A game: one new height; its panels, its deals: none.
    await send(page, 'a', { type: 'newGame', rules: 'classique', level: 1, seed: 4 });
    const game = await message(page, 'a', 'resize', `m.height !== ${replay.height}`);
    assert.ok(game.height > replay.height, `a game is taller than a replay at 760 px: ${game.height} > ${replay.height}`);
    const frame = page.frames().find((f) => f.url().includes('height=auto'));
    await frame.locator('main.table').waitFor();
    await stepUntil(frame, 'play', { max: 40 });
    await page.waitForTimeout(600);
    assert.deepEqual(await resizes(), [replay.height, game.height], 'panels do not resize the frame');
    assert.deepEqual(await frame.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]), [game.height, game.height], 'the table fills the height asked');
    // The host narrows the column: one new height, after the width settles.
    await page.evaluate(() => { document.getElementById('a').style.width = '360px'; });
    await page.waitForTimeout(150);
    await page.evaluate(() => { document.getElementById('a').style.width = '340px'; });
    const narrow = await message(page, 'a', 'resize', `m.height !== ${game.height} && m.height !== ${replay.height}`);
    await page.waitForTimeout(600);
    assert.deepEqual(await resizes(), [replay.height, game.height, narrow.height], 'debounced: one message for the new width');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the compact replay: the table, the step buttons and the commentary fill the frame; the rest in one menu, or beside it by show=', async () => {
    const record = encodeURIComponent(`${app.url}records/les-facheux.json`);
    for (const [width, height] of [[320, 480], [600, 400], [1280, 720]]) {
      const page = await browser.newPage({ viewport: { width: width + 40, height: height + 100 } });
      const errors = watchErrors(page);
      await page.goto(host.page(`compact-${width}`, [['r', `mode=replay&lang=fr&record=${record}`]], { width, height }));
      await page.evaluate(() => document.getElementById('r').scrollIntoView());
      await message(page, 'r', 'state', 'm.index === 0');
      const frame = page.frames().find((f) => f.url().includes('embed.html'));
      // Before the deal: the record's commentary is there to read.
      await frame.locator('#replay-comment').waitFor();
      const shown = await frame.evaluate(() => {
        const vh = window.innerHeight;
        const vw = window.innerWidth;
        const inView = (sel) => {
          const r = document.querySelector(sel)?.getBoundingClientRect();
          return !!r && r.height > 0 && r.top >= -1 && r.bottom <= vh + 1 && r.left >= -1 && r.right <= vw + 1;
        };
        const d = document.documentElement;
        return {
          scroll: [d.scrollHeight - vh, d.scrollWidth - vw, window.scrollY],
          steps: ['#replay-start', '#replay-back', '#replay-play', '#replay-forward', '#replay-end', '#replay-position'].filter((s) => !inView(s)),
          // The commentary begins in sight (a long one scrolls with the side).
          commentary: ['#replay-comment', '#replay-comment-hidden'].some((sel) => {
            const r = document.querySelector(sel)?.getBoundingClientRect();
            return !!r && r.height > 0 && r.top >= 0 && r.top + 24 <= vh;
          }),
          board: inView('.replay-table'),
          menu: inView('#replay-more > summary'),
          folded: ['.replay-loader', '.replay-meta', '.replay-counts', '#replay-log', '#replay-review', '.replay-export', '.replay-play']
            .filter((s) => document.querySelector(s) && !document.querySelector(s).closest('#replay-more')),
        };
      });
      const where = `${width}×${height}`;
      assert.deepEqual(shown.scroll, [0, 0, 0], `${where}: no page scroll`);
      assert.deepEqual(shown.steps, [], `${where}: the step buttons in sight`);
      await page.locator('#r').screenshot({ path: `tests/e2e/artifacts/embed-replay-${width}x${height}.png` });
      assert.ok(shown.commentary && shown.board && shown.menu, `${where}: ${JSON.stringify(shown)}`);
      assert.deepEqual(shown.folded, [], `${where}: the rest in the menu`);
      await page.locator('#r').screenshot({ path: `tests/e2e/artifacts/embed-replay-${width}x${height}.png` });
      assert.deepEqual(await axeViolations(frame), [], where);
      // The menu opens in place, and the table stays whole.
      await frame.locator('#replay-more > summary').click();
      await frame.locator('#replay-more .replay-counts').waitFor();
      assert.deepEqual(await frame.evaluate(() => [document.documentElement.scrollHeight - window.innerHeight, window.scrollY]), [0, 0]);
      assert.deepEqual(await axeViolations(frame), [], `${where}, menu open`);
      assert.deepEqual(errors, []);
      await page.close();
    }
    // show=: the parts named beside the table; a typo named to the host and ignored.
    const page = await browser.newPage({ viewport: { width: 1320, height: 820 } });
    const errors = watchErrors(page);
    await page.goto(host.page('show', [
      ['s', `mode=replay&lang=en&show=counts,log,details&record=${record}`],
      ['t', `mode=replay&lang=en&show=counts,logs&record=${record}`],
    ], { width: 1280, height: 720 }));
    await message(page, 's', 'state', 'm.index === 0');
    const typo = await message(page, 't', 'error');
    assert.equal(typo.message, 'show=“counts,logs” is not valid: expected a comma list of loader, details, options, counts, log, review, export, play, or all; the default is used');
    const frame = page.frames().find((f) => f.url().includes('show=counts,log,details'));
    await frame.locator('.replay-counts').waitFor();
    assert.deepEqual(await frame.evaluate(() => ['.replay-counts', '#replay-log', '.replay-meta', '.replay-export', '.replay-loader']
      .map((s) => !!document.querySelector(s)?.closest('#replay-more'))), [false, false, false, true, true]);
    assert.deepEqual(await frame.evaluate(() => [document.documentElement.scrollHeight - window.innerHeight, window.scrollY]), [0, 0]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a host with a strict Content-Security-Policy: frame-src and script-src for the app are enough, for an iframe and <piquet-table> (with base=)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const appOrigin = new URL(app.url).origin;
    const violations = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    await page.goto(host.page('strict', [['f', 'mode=play&rules=classique&level=1&lang=en&seed=2']], {
      csp: `default-src 'none'; script-src 'nonce-host' ${appOrigin}; frame-src ${appOrigin}; style-src 'unsafe-inline'`,
      // The element's script, as a host would copy it to its own site: base= points to the app.
      extra: `<script nonce="host" src="${app.url}piquet-table.js"></script>
<piquet-table id="el" mode="replay" lang="en" base="${app.url}" record="${app.url}records/hoffmann-1909.txt"></piquet-table>`,
    }));
    // (The host's policy refuses eval: the log is read without `message`'s predicates.)
    await page.waitForFunction(() => window.hostLog.some((m) => m.from === 'f' && m.type === 'ready'));
    await page.waitForFunction(() => window.hostLog.some((m) => m.from === 'f' && m.type === 'state' && m.mode === 'play'));
    const state = await page.evaluate(() => document.getElementById('el').getState());
    assert.equal(state.mode, 'replay');
    assert.equal(state.length, 33);
    assert.equal(new URL(await page.locator('#el iframe').getAttribute('src')).origin, appOrigin, 'base= found embed.html');
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a sandbox that cannot run the table says so in one line and tells the host; allow-scripts allow-same-origin runs it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // What the browser refuses a frame of opaque origin: the integrity checks, the wasm's fetch.
    expectConsole(page, /Subresource Integrity|blocked by CORS policy|net::ERR_FAILED/);
    await page.goto(host.page('sandbox', [
      ['bad', 'mode=replay&lang=fr&record=records/hoffmann-1909.txt'],
    ], { sandbox: 'allow-scripts', height: 300 }));
    const failed = await message(page, 'bad', 'error');
    assert.equal(failed.reason, 'sandbox');
    assert.match(failed.message, /isolé \(sandbox\) sans allow-same-origin.*sandbox="allow-scripts allow-same-origin"/);
    const frame = page.frames().find((f) => f.url().includes('embed.html'));
    assert.equal(await frame.locator('#embed-boot-error').innerText(), 'Cette table ne peut pas démarrer dans ce cadre.');
    assert.equal(await frame.locator('body').innerText(), 'Cette table ne peut pas démarrer dans ce cadre.', 'one line, nothing for the host');
    await page.locator('#bad').screenshot({ path: 'tests/e2e/artifacts/embed-sandbox-refused.png' });
    await page.close();
    const ok = await browser.newPage({ viewport: DESKTOP });
    const okErrors = watchErrors(ok);
    await ok.goto(host.page('sandbox-ok', [['good', 'mode=replay&lang=en&record=records/hoffmann-1909.txt']], { sandbox: 'allow-scripts allow-same-origin' }));
    await message(ok, 'good', 'state', 'm.index === 0 && m.length === 33');
    assert.deepEqual(await ok.evaluate(() => window.hostLog.filter((m) => m.type === 'error')), []);
    assert.deepEqual(okErrors, []);
    await ok.close();
  });

  test('the custom element on a host of another origin: its methods and its DOM events', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('element', [], {
      extra: `<script nonce="host">
  window.events = [];
  for (const name of ['piquet-ready', 'piquet-state', 'piquet-mode', 'piquet-error', 'piquet-decision']) {
    document.addEventListener(name, (e) => window.events.push({ name, ...e.detail }));
  }
</script>
<script nonce="host" src="${app.url}piquet-table.js"></script>
<piquet-table id="el" mode="replay" lang="en" height="420" record="${app.url}records/les-facheux.json"></piquet-table>`,
    }));
    const el = page.locator('#el');
    assert.equal(await el.evaluate((e) => e.querySelector('iframe').getBoundingClientRect().height), 420, 'a fixed height=');
    const state = (index) => page.waitForFunction((i) => window.events.some((e) => e.name === 'piquet-state' && e.index === i), index);
    await state(0);
    await el.evaluate((e) => { e.next(); e.next(); });
    await state(2);
    await el.evaluate((e) => e.previous());
    await state(1);
    await el.evaluate((e) => e.last());
    const got = await el.evaluate((e) => e.getState());
    assert.equal(got.index, got.length - 1);
    await el.evaluate((e) => e.first());
    await state(0);
    await el.evaluate((e) => e.setTheme({ theme: 'dark', size: 'small' }));
    const frame = page.frames().find((f) => f.url().includes('embed.html'));
    await frame.locator('html[data-theme="dark"][data-size="small"]').waitFor({ state: 'attached' });
    await el.evaluate((e) => e.newGame({ rules: 'rubicon', level: 1, seed: 3, seat: 'B' }));
    await page.waitForFunction(() => window.events.some((e) => e.name === 'piquet-mode' && e.mode === 'play'));
    await page.waitForFunction(() => window.events.some((e) => e.name === 'piquet-state' && e.mode === 'play' && e.seat === 'B'));
    await el.evaluate((e) => e.next());
    await page.waitForFunction(() => window.events.some((e) => e.name === 'piquet-error' && e.message === 'next: there is no record on the table'));
    assert.equal(await frame.locator('html').getAttribute('data-theme'), 'dark', 'the looks stay through a new game');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
