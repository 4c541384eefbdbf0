// The embedded replay's light first stage (src/bin/embed_view, docs/embedding.md, "Weight"), as
// a host page of another origin meets it: it is what the frame loads for mode=replay (not the
// Yew viewer, nor problems.css), it answers every host message a replay takes, it draws the
// replay as the Yew viewer does and fits its frame; « More », a JSON record and a host's `load`
// hand the frame to the Yew viewer at the same position, with nothing lost.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, launch, serveDist, watchErrors } from './harness.mjs';
import { message, send, serveHost, since, untouched } from './host.mjs';

/** The files the frame fetched, by name. */
const fetched = (frame) => frame.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()));

const frameOf = (page) => page.frames().find((f) => f.url().includes('embed.html'));

/** The Yew viewer has the frame (its wasm started, and it drew the viewer). */
const viewerTookOver = (frame) => frame.waitForFunction(
  () => performance.getEntriesByType('resource').some((e) => e.name.endsWith('embed_replay_bg.wasm'))
    && !document.getElementById('light-board') && document.querySelector('main.replay[data-index]'),
  null, { timeout: 30_000 });

describe('the embedded replay\'s light first stage', () => {
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

  test('a text record is shown by the light stage alone, which answers each message of a replay', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('light', [['t', 'mode=replay&record=records/les-facheux.txt&lang=en']]));
    await message(page, 't', 'ready', 'm.mode === "replay"');
    const first = await message(page, 't', 'state');
    assert.equal(first.index, 0);
    assert.ok(first.length > 20, `${first.length} positions`);
    const frame = frameOf(page);
    await frame.locator('#light-board .replay-table').waitFor();
    const files = await fetched(frame);
    assert.ok(files.includes('embed_view_bg.wasm'), files.join(' '));
    for (const heavy of ['embed_replay_bg.wasm', 'embed_replay.js', 'embed_bg.wasm']) {
      assert.ok(!files.includes(heavy), `the light stage fetched ${heavy}`);
    }
    assert.ok(!files.some((f) => /^problems-.*\.css$/.test(f)), `a replay fetched problems.css: ${files.join(' ')}`);
    assert.deepEqual(await untouched(page), { active: 'box', y: 0 }, 'after load');

    const state = async (m, predicate) => {
      await since(page);
      await send(page, 't', m);
      return message(page, 't', 'state', predicate);
    };
    assert.equal((await state({ type: 'next' })).index, 1);
    assert.equal((await state({ type: 'next' })).index, 2);
    assert.equal((await state({ type: 'previous' })).index, 1);
    const last = await state({ type: 'last' });
    assert.equal(last.index, first.length - 1);
    assert.equal((await state({ type: 'first' })).index, 0);
    const atFive = await state({ type: 'goto', index: 5 });
    assert.equal(atFive.index, 5);
    assert.equal(await frame.getAttribute('#main', 'data-index'), '5');
    const deal = await state({ type: 'goto', deal: 1, trick: 2 });
    assert.equal(deal.phase, 'play');
    assert.equal(await frame.locator('.trick .slot .card').count() > 0, true, 'the trick on the table');
    const again = await state({ type: 'getState' });
    assert.deepEqual(again, deal, 'getState repeats the last state');
    for (const key of ['deal', 'action', 'phase', 'turn', 'tricks', 'players', 'commentary', 'scores']) {
      assert.ok(key in deal, `state has ${key}`);
    }
    // The commentary: in the reader's language, as on the table.
    const commented = await state({ type: 'goto', index: 0 });
    if (commented.commentary) {
      assert.ok((await frame.locator('#replay-comment').innerText()).includes(commented.commentary.slice(0, 20)));
    }
    // Refusals: a position the record has not, a message the table does not know.
    await since(page);
    await send(page, 't', { type: 'goto', index: 100000 });
    assert.match((await message(page, 't', 'error')).message, /goto/);
    await since(page);
    await send(page, 't', { type: 'fly' });
    assert.match((await message(page, 't', 'error')).message, /fly/);
    await since(page);
    await send(page, 't', { type: 'goto', index: 1.5 });
    assert.match((await message(page, 't', 'error')).message, /1\.5/);
    // play steps on by itself; pause stops it.
    await since(page);
    await send(page, 't', { type: 'play' });
    await message(page, 't', 'state', 'm.index === 2');
    assert.equal(await frame.getAttribute('#replay-play', 'aria-pressed'), 'true');
    await send(page, 't', { type: 'pause' });
    await frame.waitForSelector('#replay-play[aria-pressed="false"]');
    // setLanguage: the interface and the commentary in French; setTheme: the looks.
    await since(page);
    await state({ type: 'setLanguage', lang: 'fr' });
    await frame.waitForFunction(() => document.documentElement.lang === 'fr');
    assert.equal(await frame.getAttribute('#replay-forward', 'title'), 'Coup suivant');
    await send(page, 't', { type: 'setTheme', theme: 'dark', accent: '#b8860b' });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.match(await frame.evaluate(() => document.documentElement.getAttribute('style')), /b8860b/i);
    // Nothing of it took the host's focus or scrolled it.
    assert.deepEqual(await untouched(page), { active: 'box', y: 0 }, 'after the messages');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the reader steps with the buttons and the keys once in the frame', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('light-keys', [['t', 'mode=replay&record=records/hoffmann-1909.txt&lang=en']]));
    await message(page, 't', 'state');
    const frame = frameOf(page);
    await frame.click('#replay-forward');
    await message(page, 't', 'state', 'm.index === 1');
    assert.equal(await frame.evaluate(() => document.activeElement?.id), 'replay-forward', 'the button keeps the focus');
    await page.keyboard.press('ArrowRight');
    await message(page, 't', 'state', 'm.index === 2');
    await page.keyboard.press('End');
    const end = await message(page, 't', 'state', 'm.index === m.length - 1');
    await page.keyboard.press('Home');
    await message(page, 't', 'state', 'm.index === 0');
    assert.ok(end.length > 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('« More » hands the frame to the Yew viewer at the same position, its menu open and focused; the host goes on', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('light-menu', [['t', 'mode=replay&record=records/les-facheux.txt&lang=en&theme=dark']]));
    await message(page, 't', 'state');
    await send(page, 't', { type: 'goto', index: 7 });
    await message(page, 't', 'state', 'm.index === 7');
    await send(page, 't', { type: 'setTheme', accent: '#b8860b' });
    const frame = frameOf(page);
    await since(page);
    await frame.click('#replay-more > summary');
    await viewerTookOver(frame);
    await frame.waitForSelector('#replay-more[open]');
    assert.equal(await frame.getAttribute('#main', 'data-index'), '7', 'the same position');
    assert.equal(await frame.evaluate(() => document.activeElement?.tagName), 'SUMMARY', 'the menu\'s summary has the focus');
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.match(await frame.evaluate(() => document.documentElement.getAttribute('style')), /b8860b/i, 'the host\'s setTheme kept');
    assert.ok(await frame.locator('#replay-more #replay-log, #replay-more .replay-counts, #replay-more table').count() > 0, 'the menu\'s parts');
    // The host goes on with the Yew viewer: no second ready; next from where it stood.
    await send(page, 't', { type: 'next' });
    assert.equal((await message(page, 't', 'state', 'm.index === 8')).index, 8);
    assert.equal(await page.evaluate(() => window.hostLog.filter((m) => m.type === 'ready').length), 0, 'no second ready');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('height=auto: the height the light stage asked is not asked again by the viewer it hands over to', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('light-auto', [['t', 'mode=replay&record=records/hoffmann-1909.txt&lang=en&height=auto']]));
    const asked = await message(page, 't', 'resize');
    const frame = frameOf(page);
    await frame.click('#replay-more > summary');
    await viewerTookOver(frame);
    await send(page, 't', { type: 'next' });
    await message(page, 't', 'state', 'm.index === 1');
    await page.waitForTimeout(600);
    const resizes = await page.evaluate(() => window.hostLog.filter((m) => m.type === 'resize').map((m) => m.height));
    assert.deepEqual(resizes, [asked.height], 'one resize, from the light stage');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a record in JSON, and a host\'s load, go to the Yew viewer, which reads them', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(host.page('light-json', [
      ['j', 'mode=replay&record=records/hoffmann-1909.json&lang=en'],
      ['l', 'mode=replay&record=records/hoffmann-1909.txt&lang=en'],
    ], { height: 500 }));
    const json = await message(page, 'j', 'state');
    assert.equal(json.index, 0);
    await viewerTookOver(page.frames().find((f) => f.url().includes('hoffmann-1909.json')));
    assert.equal(await page.evaluate(() => window.hostLog.filter((m) => m.from === 'j' && m.type === 'ready').length), 1, 'one ready');
    const text = await message(page, 'l', 'state');
    const facheux = await (await fetch(`${app.url}records/les-facheux.txt`)).text();
    await since(page);
    await send(page, 'l', { type: 'load', record: facheux });
    const loaded = await message(page, 'l', 'state', `m.length !== ${text.length}`);
    assert.equal(loaded.index, 0);
    assert.equal(loaded.players[0] !== text.players[0] || loaded.length !== text.length, true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the light stage fits 320×480, 600×400 and 1280×720 frames, trick whole, as the Yew viewer does after « More »', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [width, height] of [[320, 480], [600, 400], [1280, 720]]) {
      const page = await browser.newPage({ viewport: { width: Math.max(width + 40, 400), height: height + 100 } });
      const errors = watchErrors(page);
      await page.goto(host.page(`light-fit-${width}`, [['t', 'mode=replay&record=records/les-facheux.txt&lang=fr']], { width, height }));
      await message(page, 't', 'state');
      await send(page, 't', { type: 'goto', deal: 1, trick: 3 });
      await message(page, 't', 'state', 'm.phase === "play"');
      await page.evaluate(() => document.getElementById('t').scrollIntoView());
      const frame = frameOf(page);
      const fit = () => frame.evaluate(() => {
        const d = document.documentElement;
        const centre = document.querySelector('.replay-centre')?.getBoundingClientRect();
        const board = document.querySelector('.replay-board')?.getBoundingClientRect();
        const inside = (r, box) => r.top >= box.top - 1 && r.left >= box.left - 1 && r.bottom <= box.bottom + 1 && r.right <= box.right + 1;
        return {
          scroll: [d.scrollHeight - window.innerHeight, d.scrollWidth - window.innerWidth, window.scrollY],
          trick: [...document.querySelectorAll('.trick .slot .card')].length,
          // Whole in the centre, and in sight: the board scrolls inside itself in a short frame.
          clipped: [...document.querySelectorAll('.trick .slot .card')].map((e) => e.getBoundingClientRect())
            .filter((r) => !inside(r, centre) || !inside(r, board))
            .map((r) => `card ${Math.round(r.top)}–${Math.round(r.bottom)} in centre ${Math.round(centre.top)}–${Math.round(centre.bottom)}, board ${Math.round(board.top)}–${Math.round(board.bottom)}`),
        };
      });
      const light = await fit();
      assert.deepEqual(light.scroll, [0, 0, 0], `${width}×${height}: the light stage scrolls as a page`);
      assert.ok(light.trick > 0, `${width}×${height}: a trick on the table`);
      assert.deepEqual(light.clipped, [], `${width}×${height}: trick cards clipped`);
      await page.locator('#t').screenshot({ path: join(ARTIFACTS, `embed-light-${width}x${height}.png`) });
      await frame.click('#replay-more > summary');
      await viewerTookOver(frame);
      await frame.waitForSelector('#replay-more[open]');
      await frame.evaluate(() => { document.getElementById('replay-more').open = false; });
      const yew = await fit();
      assert.deepEqual(yew.scroll, [0, 0, 0], `${width}×${height}: the viewer scrolls as a page`);
      assert.deepEqual(yew.clipped, [], `${width}×${height}: trick cards clipped in the viewer`);
      await page.locator('#t').screenshot({ path: join(ARTIFACTS, `embed-light-${width}x${height}-viewer.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
