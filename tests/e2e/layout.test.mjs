// The table on every screen: a whole deal played through the page at nine sizes, upright and
// sideways, from 320 × 568 to 1920 × 1080. At every decision the page must not scroll, the
// decision's controls and the playable cards must be on screen, and each playable card must
// offer a touch target of at least 40 × 40 CSS px (measured with document.elementFromPoint: the
// area where the card itself is what a finger hits). axe-core must find nothing at any size.
// Screenshots of every phase at every size land in tests/e2e/artifacts/layout-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { fastPage, startGame, step } from './play.mjs';
import { layoutProblems, overlapProblems, panelControls } from './layout-check.mjs';

export const SIZES = [
  [320, 568], [360, 640], [390, 844], [568, 320], [640, 360], [844, 390],
  [768, 1024], [1280, 800], [1920, 1080],
];

/**
 * The kinds of decision panel that one deal against the computer can show: across the nine
 * sizes each must be met at least once (with every one of its controls checked). The end of a
 * game, the hand-over of pass-and-play and an abandon are not in one deal: game.test.mjs plays
 * to the end on a phone; carte-blanche.test.mjs checks carte blanche's controls the same way.
 */
const KINDS = ['cut', 'choose', 'discard', 'declare', 'answer', 'leftover', 'expose', 'play', 'next-deal'];

/** The seed of the deals: SEED=… reruns a failure; printed either way. */
const SEED = Number(process.env.SEED ?? 20261123);

describe('the table on every screen', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
    console.log(`# layout: SEED=${SEED}`);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  /** Size → the panels met there, and the controls each showed. */
  const met = new Map();

  for (const [i, [width, height]] of SIZES.entries()) {
    test(`a whole deal at ${width}×${height}: no scroll, controls and cards on screen, 40 px targets`, async () => {
      const size = `${width}x${height}`;
      const { page, errors } = await fastPage(browser, `${server.url}?seed=${SEED + width}`, { width, height });
      await startGame(page, { preset: i % 2 ? 'rubicon' : 'classique', opponent: '1' });
      const shot = new Set();
      const hinted = new Set();
      // What lies over the table met at this size: a toast, the refusal of a card, the last
      // trick looked at again, the computer thinking.
      const overlays = new Set();
      let axed = false;
      let decisions = 0;
      // Every decision is checked as it is about to be taken (inside `step`, so that one the
      // computer's reply brings meanwhile is not taken unchecked).
      const check = async (panel) => {
        if (panel === 'error') throw new Error(await page.locator('.table .notice').innerText());
        if (await page.locator('.table .toast-score').count()) overlays.add('toast');
        if (panel === 'waiting') {
          // The computer thinking: its dots whole, nothing covered, the names whole beside the
          // mark of whose turn it is.
          if (await page.locator('.panel.waiting .dots').count()) {
            overlays.add('thinking');
            const problems = await layoutProblems(page, 'waiting');
            if (problems.length) await screenshot(page, `layout-${size}-FAILED-waiting`);
            assert.deepEqual(problems, [], `${size}, waiting`);
          }
          return;
        }
        decisions++;
        const problems = await layoutProblems(page, panel);
        if (problems.length) {
          await screenshot(page, `layout-${size}-FAILED-${panel}`);
          assert.deepEqual(problems, [], `${size}, ${panel} (decision ${decisions})`);
        }
        // In the play: a card that may not be played touched (its refusal shown), and the last
        // trick looked at again, each checked over the table, then put back.
        if (panel === 'play' && !overlays.has('refusal')) {
          const refused = page.locator('.seat-bottom .hand-card[aria-disabled="true"]');
          if (await refused.count()) {
            overlays.add('refusal');
            await refused.first().click({ position: { x: 12, y: 30 }, force: true });
            await page.locator('.refusal.shown').waitFor();
            const problems = await overlapProblems(page);
            await screenshot(page, `layout-${size}-${problems.length ? 'FAILED-' : ''}refusal`);
            assert.deepEqual(problems, [], `${size}, a card refused`);
          }
        }
        if (panel === 'play' && !overlays.has('last-trick') && await page.locator('#last-trick').count()) {
          overlays.add('last-trick');
          await page.locator('#last-trick').click();
          await page.locator('.trick-note').waitFor();
          const problems = await layoutProblems(page, panel);
          await screenshot(page, `layout-${size}-${problems.length ? 'FAILED-' : ''}last-trick`);
          assert.deepEqual(problems, [], `${size}, the last trick looked at again`);
          await page.locator('#last-trick').click();
          await page.locator('.trick-note').waitFor({ state: 'detached' });
        }
        if (!shot.has(panel)) {
          shot.add(panel);
          await screenshot(page, `layout-${size}-${panel}`);
        }
        const seen = met.get(size) ?? new Map();
        met.set(size, seen);
        const controls = seen.get(panel) ?? new Set();
        for (const c of await panelControls(page)) controls.add(c);
        seen.set(panel, controls);
        // On the two phones upright, the hint: its reason read whole (the panel makes room),
        // the cards it suggests marked in the hand, the panel's controls still in reach.
        if (width <= 360 && height >= 568 && (panel === 'play' || panel === 'discard') && !hinted.has(panel)) {
          hinted.add(panel);
          await page.locator('#hint-button').click();
          const box = page.locator('.hint-box');
          await box.waitFor({ timeout: 60_000 });
          const text = await box.innerText();
          const whole = await box.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const side = el.closest('.side').getBoundingClientRect();
            return el.scrollHeight <= el.clientHeight + 1 && r.top >= Math.max(0, side.top) - 1
              && r.bottom <= Math.min(window.innerHeight, side.bottom) + 1 && r.right <= window.innerWidth + 1;
          });
          assert.ok(whole, `${size}: the hint « ${text} » is read whole`);
          assert.doesNotMatch(text, /0\u202f% .*0\u202f%/);
          const marked = await page.locator('.seat-bottom .hand-card.hinted svg').evaluateAll((s) => s.map((x) => x.getAttribute('aria-label').toLowerCase()));
          if (panel === 'play') assert.equal(marked.length, 1, `${size}: the card of « ${text} » is marked`);
          else assert.ok(marked.length > 0 || /Ne rien écarter/.test(text), `${size}: the discards of « ${text} » are marked`);
          // Each card marked is named (a discard may group its cards: « le sept et le huit de pique »).
          for (const name of marked) {
            const [rank, suit] = [name.split(' ')[0], name.split(' ').at(-1)];
            assert.ok(text.toLowerCase().includes(rank) && text.toLowerCase().includes(suit), `${size}: « ${name} » marked, the hint says « ${text} »`);
          }
          const problems = await layoutProblems(page, panel);
          if (problems.length) await screenshot(page, `layout-${size}-FAILED-hint-${panel}`);
          assert.deepEqual(problems, [], `${size}, ${panel} with the hint shown`);
          await screenshot(page, `layout-${size}-hint-${panel}`);
        }
        // A wide screen: twelve cards side by side across the whole width, none over another.
        if (width >= 1280 && panel === 'discard' && !overlays.has('wide-hand')) {
          overlays.add('wide-hand');
          const overlap = await page.locator('.seat-bottom .hand-card').evaluateAll((cards) => cards.slice(1)
            .map((c, i) => cards[i].getBoundingClientRect().right - c.getBoundingClientRect().left)
            .filter((o) => o > 1));
          assert.deepEqual(overlap, [], `${size}: the hand's cards overlap`);
          assert.equal(await page.locator('.seat-bottom .hand-card').count(), 12);
        }
        if (!axed && panel === 'play') {
          axed = true;
          assert.deepEqual(await axeViolations(page), [], `axe at ${size}`);
        }
      };
      // Up to the end of the deal, checked and left untaken.
      const over = Symbol('over');
      try {
        for (let guard = 0; guard < 400; guard++) {
          await step(page, {
            onPanel: async (panel) => {
              await check(panel);
              if (panel === 'next-deal' || panel === 'over') throw over;
            },
          });
        }
      } catch (e) {
        if (e !== over) throw e;
      }
      assert.ok(shot.has('next-deal') || shot.has('over'), `${size}: the deal was played to its end (${[...shot]})`);
      assert.ok(shot.has('play'), `${size}: cards were played`);
      console.log(`# layout ${size}: over the table, ${[...overlays].join(', ')}`);
      for (const o of ['toast', 'last-trick']) assert.ok(overlays.has(o), `${size}: ${o} met (${[...overlays]})`);
      if (width <= 360 && height >= 568) assert.ok(hinted.has('play'), `${size}: a hint was asked for in the play`);
      // The panels over the table: the breakdown of a count and the score sheet.
      await page.click('#count-me');
      await page.locator('#explain').waitFor();
      await screenshot(page, `layout-${size}-breakdown`);
      await page.keyboard.press('Escape');
      await page.locator('#explain').waitFor({ state: 'detached' });
      // The score sheet reads whole: both seats' columns in the dialog, nothing sideways.
      await page.click('#sheet-button');
      await page.locator('#score-sheet').waitFor();
      const sheetProblems = await page.evaluate(() => {
        const out = [];
        const sheet = document.querySelector('#score-sheet .score-sheet');
        const box = document.querySelector('#score-sheet .modal-body').getBoundingClientRect();
        if (sheet.scrollWidth > sheet.clientWidth + 1) out.push(`the sheet scrolls sideways: ${sheet.scrollWidth} in ${sheet.clientWidth}`);
        for (const cell of sheet.querySelectorAll('th, td')) {
          if (cell.getClientRects().length === 0 || getComputedStyle(cell).display === 'none') continue;
          const r = cell.getBoundingClientRect();
          if (r.right > box.right + 1) out.push(`« ${cell.textContent} » is cut at the dialog's edge`);
        }
        return out;
      });
      await screenshot(page, `layout-${size}-sheet`);
      assert.deepEqual(sheetProblems, [], `${size}: the score sheet`);
      await page.keyboard.press('Escape');
      await page.locator('#score-sheet').waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  for (const [width, height] of [[1280, 800], [1920, 1080]]) {
    test(`a wide screen, ${width}×${height}: the new-game dialog uses the width; the replay viewer keeps its table whole`, async () => {
      const size = `${width}x${height}`;
      const { page, errors } = await fastPage(browser, server.url, { width, height });
      await page.locator('#new-game-button').click();
      const dialog = page.locator('#new-game');
      await dialog.waitFor();
      const shape = await dialog.evaluate((d) => {
        const groups = [...d.querySelectorAll('.new-game-group')].map((g) => g.getBoundingClientRect());
        const body = d.querySelector('.modal-body');
        return {
          width: d.getBoundingClientRect().width,
          columns: groups.length === 2 && Math.abs(groups[0].top - groups[1].top) < 2 && groups[1].left > groups[0].right,
          scrolls: body.scrollHeight > body.clientHeight + 1,
        };
      });
      await screenshot(page, `layout-${size}-new-game`);
      assert.ok(shape.width >= 900 && shape.columns, `${size}: the dialog in two columns: ${JSON.stringify(shape)}`);
      assert.equal(shape.scrolls, false, `${size}: the whole dialog in sight`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The replay viewer, at the start (full hands) and at the last move (the last trick): the
      // table whole on the screen, the record's facts folded under its heading.
      await page.click('#replay-button');
      for (const id of ['les-facheux', 'hoffmann-1909']) {
        if (await page.locator('.replay-loader summary').count()) {
          const open = await page.locator('.replay-loader').getAttribute('open');
          if (open === null && await page.locator(`#open-${id}`).isHidden()) await page.click('.replay-loader summary');
        }
        await page.click(`#open-${id}`);
        await page.locator('#replay-facts').waitFor();
        assert.equal(await page.locator('#replay-facts').getAttribute('open'), null, 'the facts folded');
        for (const at of ['start', 'end']) {
          if (at === 'end') await page.click('#replay-end');
          await page.waitForTimeout(200);
          const whole = await page.evaluate(() => {
            const r = document.querySelector('.replay-table').getBoundingClientRect();
            const cards = [...document.querySelectorAll('.replay-table .card')].map((c) => c.getBoundingClientRect());
            return { bottom: r.bottom, top: r.top, cards: cards.every((c) => c.bottom <= innerHeight + 1 && c.top >= 0) };
          });
          await screenshot(page, `layout-${size}-replay-${id}-${at}`);
          assert.ok(whole.bottom <= height + 1 && whole.cards, `${size}, ${id} at its ${at}: the table whole ${JSON.stringify(whole)}`);
        }
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('across the nine sizes, every kind of panel was met', () => {
    const all = new Set();
    for (const [size, panels] of met) {
      const list = [...panels].map(([p, c]) => `${p} (${[...c].join(' ')})`);
      console.log(`# layout ${size}: ${list.join(', ')}`);
      for (const p of panels.keys()) all.add(p);
    }
    assert.equal(met.size, SIZES.length, 'every size was played');
    assert.deepEqual(KINDS.filter((k) => !all.has(k)), [], `met: ${[...all]}`);
  });
});
