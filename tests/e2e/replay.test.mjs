// The replay viewer in the app: both historical records to their documented final scores, the
// viewer's log checked step by step against the record's own actions (forward and back), the
// seat views never naming the other seat's unseen cards, loading by paste and by file, a bad
// record and a bad link named, export (JSON, text, link), "play this deal" with save and resume,
// a record in a link offline, axe-core and screenshots (phone and desktop); on a phone upright and
// sideways, the step buttons and the commentary on screen together at every step.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACTS, DESKTOP, PHONE, ROOT, axeViolations, cardName, launch, launchPersistent, screenshot, serveDist,
  watchErrors,
} from './harness.mjs';

const nameOf = cardName;
const COUNT = ['aucune carte', 'une carte', 'deux cartes', 'trois cartes', 'quatre cartes', 'cinq cartes',
  'six cartes', 'sept cartes', 'huit cartes'];
const record = (name) => readFileSync(join(ROOT, 'records', name), 'utf8');
const FACHEUX = JSON.parse(record('les-facheux.json'));

/** A page on the app's replay viewer (French), with its console watched. */
async function viewer(browser, server, viewport = DESKTOP) {
  const page = await browser.newPage({ viewport, locale: 'fr-FR' });
  const errors = watchErrors(page);
  await page.goto(server.url);
  await page.click('#replay-button');
  await page.getByRole('heading', { name: 'Relecture d’une partie' }).waitFor();
  return { page, errors };
}

const index = async (page) => Number(await page.getAttribute('#main', 'data-index'));
const totals = async (page) => [
  Number(await page.getAttribute('#replay-totals', 'data-a')),
  Number(await page.getAttribute('#replay-totals', 'data-b')),
];
// French typography puts no-break spaces before « : » and inside « « » »; read them as spaces.
const spaced = (lines) => lines.map((l) => l.replace(/\s/g, ' '));
const logLines = async (page) => spaced(await page.locator('#replay-log li').allInnerTexts());
const freshLines = async (page) => spaced(await page.locator('#replay-log li.fresh').allInnerTexts());

/** Presses a key and waits for the cursor to stand at `expected`. */
async function press(page, key, expected) {
  await page.keyboard.press(key);
  await page.waitForFunction((i) => document.querySelector('#main')?.dataset.index === String(i), expected);
}

describe('replay viewer', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  test('both historical records replay to their documented final scores', async () => {
    const { page, errors } = await viewer(browser, server);
    await page.click('#open-les-facheux');
    await page.locator('#replay-event').filter({ hasText: 'Les Fâcheux' }).waitFor();
    assert.deepEqual(await totals(page), [0, 0]);
    await page.click('#replay-end');
    await page.waitForFunction(() => document.querySelector('#replay-totals')?.dataset.b === '69');
    assert.deepEqual(await totals(page), [0, 69], 'Les Fâcheux: Alcippe 0, Saint-Bouvain 69');
    // The metadata is folded under the heading (the table whole on screen), and opens.
    assert.equal(await page.locator('#replay-facts').getAttribute('open'), null, 'folded');
    await page.click('#replay-facts summary');
    const meta = await page.locator('.replay-meta').innerText();
    // The rules in words: the nearest preset and what differs from it (no « abandon=true »).
    for (const fact of ['Alcippe — Saint-Bouvain', '1661', 'CC0-1.0', 'Cavendish', 'Ancien — Abandon du coup (Les Fâcheux)\u00a0: oui']) {
      assert.ok(meta.includes(fact), `metadata shows ${fact}: ${meta}`);
    }
    assert.ok(!meta.includes('abandon=true'), meta);
    await page.click('.replay-loader summary');
    await page.click('#open-hoffmann-1909');
    await page.locator('#replay-event').filter({ hasText: 'Hoyle' }).waitFor();
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#replay-totals')?.dataset.a === '43');
    assert.deepEqual(await totals(page), [43, 23], 'Hoffmann 1909: A 43, B 23');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('every step shows the recorded action in words, and stepping back gives the same log', async () => {
    const { page, errors } = await viewer(browser, server);
    await page.click('#open-les-facheux');
    await page.locator('#replay-position').waitFor();
    const actions = FACHEUX.deals[0].actions;
    const names = { A: 'Alcippe', B: 'Saint-Bouvain' };
    // The deal's opening comment is shown before the first action, in French; its technical
    // note apart, under its own label.
    assert.match(await page.locator('#replay-comment > p').innerText(), /Alcippe raconte à Éraste/);
    assert.match(await page.locator('#replay-note summary').innerText(), /Note technique/);
    const logs = [await logLines(page)];
    let plays = 0;
    for (let k = 1; k <= actions.length; k++) {
      await press(page, 'ArrowRight', k);
      const a = actions[k - 1];
      const fresh = await freshLines(page);
      const who = names[a.seat];
      assert.equal(await page.locator('#replay-position').innerText(), `Donne 1/1 · coup ${k}/${actions.length}`);
      if (a.action === 'play') {
        plays += 1;
        assert.ok(fresh.includes(`${who} — joue : ${nameOf(a.arg)}`), `step ${k}: ${who} plays ${a.arg}; log: ${fresh}`);
      } else if (a.action === 'discard') {
        const n = a.arg.split(' ').length;
        assert.ok(fresh.includes(`${who} — écart : ${COUNT[n]}`), `step ${k}: ${who} discards ${n}; log: ${fresh}`);
      } else if (a.action === 'propose_abandon') {
        assert.ok(fresh.some((l) => l.includes('propose d’abandonner')), `step ${k}: ${fresh}`);
      } else if (a.action === 'answer') {
        assert.ok(fresh.some((l) => l.startsWith(`${who} : «`)), `step ${k}: ${who} answers; log: ${fresh}`);
      }
      // The log holds exactly the cards played so far.
      const all = await logLines(page);
      assert.equal(all.filter((l) => l.includes(' — joue : ')).length, plays, `step ${k}: plays in the log`);
      // The commentary of the action is shown at that action.
      if (a.comment) {
        assert.equal((await page.locator('#replay-comment > p').innerText()).trim(), a.comment.fr.trim(), `step ${k}: comment`);
        assert.doesNotMatch(await page.locator('#replay-comment > p').innerText(), /RULES\.md|seed 0/);
      } else {
        assert.equal(await page.locator('#replay-comment').count(), 0, `step ${k}: no comment`);
      }
      logs.push(all);
    }
    assert.ok(await page.locator('#replay-forward').isDisabled(), 'no step beyond the end');
    for (let k = actions.length - 1; k >= 0; k--) {
      await press(page, 'ArrowLeft', k);
      assert.deepEqual(await logLines(page), logs[k], `the log at step ${k} is the same going back`);
    }
    await press(page, 'End', actions.length);
    await press(page, 'Home', 0);
    // Jump to a trick: trick 6 is about to be led (the 11th card of the deal).
    const sixth = actions.map((a, i) => [a, i]).filter(([a]) => a.action === 'play')[10][1];
    await page.selectOption('#replay-trick', '6');
    await page.waitForFunction((i) => document.querySelector('#main')?.dataset.index === String(i), sixth);
    assert.equal(await page.locator('#replay-trick').inputValue(), '6');
    await screenshot(page, 'replay-trick-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'replay-trick-phone');
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const [width, height] of [[360, 640], [640, 360], [568, 320]]) {
    test(`on a phone (${width}×${height}) the step buttons and the commentary are on screen together at every step`, async () => {
      const { page, errors } = await viewer(browser, server, { width, height });
      await page.click('#open-les-facheux');
      await page.locator('#replay-position').waitFor();
      // From the top of the page (opening the record may have scrolled to its button).
      await page.evaluate(() => window.scrollTo(0, 0));
      const actions = FACHEUX.deals[0].actions;
      // Both on screen, neither covered, the page where it was: nothing to scroll to read on.
      const check = (k) => page.evaluate((k) => {
        const problems = [];
        const vw = window.innerWidth;
        const vh = window.innerHeight;
        const seen = (sel) => {
          const el = document.querySelector(sel);
          if (!el) { problems.push(`${sel} is missing`); return null; }
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) {
            problems.push(`${sel} is not on screen: ${Math.round(r.top)}→${Math.round(r.bottom)} in ${vh}`);
            return null;
          }
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
          if (!el.contains(hit)) problems.push(`${sel} is covered by ${hit?.className || hit?.tagName}`);
          return r;
        };
        for (const sel of ['#replay-start', '#replay-back', '#replay-play', '#replay-forward', '#replay-end']) seen(sel);
        const box = seen('#replay-comment');
        if (box) {
          // Its words begin inside the box (a long comment scrolls inside it).
          const words = document.querySelector('#replay-comment > p')?.getBoundingClientRect();
          if (!words || words.top > box.bottom - 12 || words.top < box.top - 1) problems.push('the commentary\'s words are not in its box');
        }
        if (window.scrollY !== 0 || window.scrollX !== 0) problems.push(`the page scrolled to ${window.scrollX},${window.scrollY}`);
        return problems.map((p) => `step ${k}: ${p}`);
      }, k);
      const problems = [...await check(0)];
      let commented = 0;
      for (let k = 1; k <= actions.length; k++) {
        await page.click('#replay-forward');
        await page.waitForFunction((i) => document.querySelector('#main')?.dataset.index === String(i), k);
        if (!actions[k - 1].comment) continue;
        commented++;
        await page.locator('#replay-comment > p').waitFor();
        problems.push(...await check(k));
        // What the phone shows (the dock is fixed: a full-page picture would misplace it).
        if (commented === 1) await page.screenshot({ path: join(ARTIFACTS, `replay-commentary-${width}x${height}.png`) });
      }
      assert.ok(commented >= 3, `the record comments ${commented} of its actions`);
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('a seat view never names the other seat\'s unseen cards', async () => {
    const { page, errors } = await viewer(browser, server, PHONE);
    for (const id of ['les-facheux', 'hoffmann-1909']) {
      if (await page.locator('.replay-loader[open]').count() === 0) await page.click('.replay-loader summary');
      await page.click(`#open-${id}`);
      await page.waitForFunction(() => document.querySelector('#main')?.dataset.index === '0');
      const len = Number(await page.getAttribute('#main', 'data-len'));
      for (let i = 0; i < len; i += 3) {
        await page.check('#view-open');
        await page.evaluate(() => document.activeElement?.blur());
        // The truth, from the open view: each hand, the talon.
        const hands = {};
        for (const seat of ['A', 'B']) {
          hands[seat] = await page.locator(`[data-seat=${seat}] .replay-hand svg.card`).evaluateAll(
            (cards) => cards.map((c) => c.getAttribute('aria-label')),
          );
        }
        const talon = await page.locator('.replay-talon svg.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
        for (const [seat, other] of [['A', 'B'], ['B', 'A']]) {
          await page.check(`#view-${seat.toLowerCase()}`);
          await page.evaluate(() => document.activeElement?.blur());
          assert.equal(await page.locator(`[data-seat=${other}] .replay-hand`).count(), 0, 'the other hand is backs');
          // Everything the page says, but the cards the other seat showed (and the words showing them).
          const said = await page.evaluate(() => {
            const copy = document.querySelector('#main').cloneNode(true);
            for (const el of copy.querySelectorAll('.shown, .seen')) el.remove();
            for (const li of copy.querySelectorAll('#replay-log li')) if (/ — (montre|voit au talon)\s:\s/.test(li.textContent)) li.remove();
            const labels = [...copy.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
            return `${copy.textContent}\n${labels.join('\n')}`;
          });
          for (const card of [...hands[other], ...talon]) {
            assert.ok(!said.includes(card), `${id} step ${i}, ${seat}'s view names ${card}`);
          }
          assert.ok(hands[seat].every((c) => said.includes(c)), `${id} step ${i}: ${seat} sees his own hand`);
        }
        for (let s = 0; s < 3 && i + s + 1 < len; s++) await press(page, 'ArrowRight', i + s + 1);
      }
    }
    await page.check('#view-a');
    await screenshot(page, 'replay-seat-view-phone');
    assert.deepEqual(await axeViolations(page), [], 'seat view');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a pasted record opens; a malformed one is named and nothing breaks', async () => {
    const { page, errors } = await viewer(browser, server, PHONE);
    await page.fill('#record-paste', '{"format": "piquet-record", "version": 2, "rules": "whist"');
    await page.click('#record-paste-open');
    const alert = page.locator('#replay-error');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Cette partie ne peut pas être lue — le JSON s’arrête avant sa fin \(ligne 1\)/);
    await page.fill('#record-paste', record('les-facheux.txt').replace('[Rules "ancien"]', '[Rules "whist"]'));
    await page.click('#record-paste-open');
    await page.waitForFunction(() => /whist/.test(document.querySelector('#replay-error')?.textContent));
    await page.fill('#record-paste', record('hoffmann-1909.txt'));
    await page.click('#record-paste-open');
    await page.locator('#replay-event').filter({ hasText: 'Hoyle' }).waitFor();
    assert.equal(await alert.count(), 0, 'the error goes once a record opens');
    // A file.
    await page.click('.replay-loader summary');
    await page.setInputFiles('#record-file', join(ROOT, 'records', 'les-facheux.json'));
    await page.locator('#replay-event').filter({ hasText: 'Fâcheux' }).waitFor();
    await page.setInputFiles('#record-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('[Format "piquet-record"]\n[Version "7"]\n') });
    await page.waitForFunction(() => /bad\.txt/.test(document.querySelector('#replay-error')?.textContent));
    assert.match(await alert.innerText(), /«\sbad\.txt\s»\s: ligne 3\s: il manque l’étiquette d’en-tête \[Rules/);
    await screenshot(page, 'replay-error-phone');
    assert.deepEqual(await axeViolations(page), [], 'viewer with an error');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a bad link is named; a good link opens the record in English', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-GB' });
    const errors = watchErrors(page);
    await page.goto(`${server.url}#record=abc$def`);
    await page.locator('#replay-error').filter({ hasText: 'not base64url' }).waitFor();
    await page.goto('about:blank');
    const text = record('hoffmann-1909.txt');
    await page.goto(`${server.url}#record=${Buffer.from(text).toString('base64url')}`);
    await page.locator('#replay-event').filter({ hasText: 'Hoyle' }).waitFor();
    await page.getByRole('heading', { name: 'Game replay' }).waitFor();
    // The commentary in English, the interface's language.
    await page.keyboard.press('ArrowRight');
    await page.locator('#replay-comment > p').filter({ hasText: 'A keeps his diamonds' }).waitFor();
    await screenshot(page, 'replay-link-desktop');
    assert.deepEqual(await axeViolations(page), [], 'viewer, English');
    await page.click('#replay-close');
    await page.getByRole('button', { name: /New game/ }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the fragment is dropped on leaving the viewer');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('export: JSON and text downloads, and a link that opens the same record', async () => {
    const { page, errors } = await viewer(browser, server);
    await page.click('#open-les-facheux');
    await page.click('.replay-export summary');
    for (const [id, check] of [
      ['#export-json', (s) => JSON.parse(s).meta.players[1] === 'Saint-Bouvain'],
      ['#export-text', (s) => s.includes('[PlayerB "Saint-Bouvain"]') && s.includes('B:abandon yes')],
    ]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      assert.match(download.suggestedFilename(), /^piquet-ancien-moliere-les-facheux.*\.(json|txt)$/);
      const body = readFileSync(await download.path(), 'utf8');
      assert.ok(check(body), `${id}: ${body.slice(0, 200)}`);
    }
    await page.click('#export-link');
    const link = await page.inputValue('#export-link-text');
    assert.match(link, /#record=[A-Za-z0-9_-]+$/);
    const other = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    await other.goto(link);
    await other.locator('#replay-event').filter({ hasText: 'Les Fâcheux' }).waitFor();
    await other.keyboard.press('End');
    await other.waitForFunction(() => document.querySelector('#replay-totals')?.dataset.b === '69');
    await other.close();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('play this deal: a game from the position, saved and resumed like any game', async () => {
    const { page, errors } = await viewer(browser, server, PHONE);
    await page.click('#open-hoffmann-1909');
    for (let k = 1; k <= 2; k++) await press(page, 'ArrowRight', k);
    await page.click('.replay-play summary');
    await page.selectOption('#play-from-seat', 'B');
    await page.selectOption('#play-from-level', '1');
    await screenshot(page, 'replay-play-from-phone');
    await page.click('#play-from-here');
    await page.locator('main.table').waitFor();
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('piquet.game')));
    assert.equal(saved.config.opponent.bot, '1');
    // The player took seat B of the record: the saved game has the seats swapped, two actions made.
    const hoffmann = JSON.parse(record('hoffmann-1909.json'));
    assert.equal(saved.record.deals[0].actions.length, 2);
    assert.equal(saved.record.deals[0].layout.elder, hoffmann.deals[0].layout.elder);
    assert.notEqual(saved.record.deals[0].layout.dealer, hoffmann.deals[0].layout.dealer);
    const hand = await page.locator('.seat-bottom .hand svg.card').count();
    assert.equal(hand, 12, 'my twelve cards after the exchange');
    await page.reload();
    await page.locator('main.table').waitFor();
    assert.equal(await page.locator('.seat-bottom .hand svg.card').count(), 12, 'resumed after a reload');
    await screenshot(page, 'replay-play-from-table-phone');
    // The game exports from the table (its menu), unfinished: the record so far, seats as played.
    await page.click('#table-menu');
    await page.click('#export-button');
    const dialog = page.getByRole('dialog', { name: 'Exporter' });
    await dialog.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.locator('#export-text').click()]);
    const text = readFileSync(await download.path(), 'utf8');
    assert.match(text, /\[Rules "rubicon"\]/);
    assert.match(download.suggestedFilename(), /^piquet-rubicon-.*\.txt$/);
    assert.match(text, /\[PlayerA "B"\]/, 'the player took seat B of the record');
    await dialog.locator('#export-link').click();
    assert.match(await dialog.locator('#export-link-text').inputValue(), /#record=[A-Za-z0-9_-]+$/);
    await screenshot(page, 'game-export-phone');
    assert.deepEqual(await axeViolations(page), [], 'export dialog');
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a record in a link opens offline after one visit', async () => {
    const offline = await serveDist();
    const context = await launchPersistent({ viewport: PHONE, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(offline.url);
      await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
        }
      });
      await offline.close();
      await page.goto('about:blank');
      const text = record('les-facheux.txt');
      await page.goto(`${offline.url}#record=${Buffer.from(text).toString('base64url')}`);
      await page.locator('#replay-event').filter({ hasText: 'Les Fâcheux' }).waitFor();
      await page.keyboard.press('End');
      await page.waitForFunction(() => document.querySelector('#replay-totals')?.dataset.b === '69');
      await screenshot(page, 'replay-offline-phone');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('axe-core finds nothing on the viewer, open and seat views, phone and desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors } = await viewer(browser, server, viewport);
      const size = viewport === PHONE ? 'phone' : 'desktop';
      await screenshot(page, `replay-empty-${size}`);
      assert.deepEqual(await axeViolations(page), [], `empty viewer (${size})`);
      await page.click('#open-les-facheux');
      for (let k = 1; k <= 12; k++) await press(page, 'ArrowRight', k);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the viewer is ${overflow}px wider than the screen`);
      await screenshot(page, `replay-open-${size}`);
      assert.deepEqual(await axeViolations(page), [], `open view (${size})`);
      await page.check('#view-b');
      await screenshot(page, `replay-seat-b-${size}`);
      assert.deepEqual(await axeViolations(page), [], `seat view (${size})`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
