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
import { layoutProblems, panelControls } from './layout-check.mjs';

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
      let axed = false;
      let decisions = 0;
      // Every decision is checked as it is about to be taken (inside `step`, so that one the
      // computer's reply brings meanwhile is not taken unchecked).
      const check = async (panel) => {
        if (panel === 'error') throw new Error(await page.locator('.table .notice').innerText());
        if (panel === 'waiting') return;
        decisions++;
        const problems = await layoutProblems(page, panel);
        if (problems.length) {
          await screenshot(page, `layout-${size}-FAILED-${panel}`);
          assert.deepEqual(problems, [], `${size}, ${panel} (decision ${decisions})`);
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
      // The panels over the table: the breakdown of a count and the score sheet.
      await page.click('#count-me');
      await page.locator('#explain').waitFor();
      await screenshot(page, `layout-${size}-breakdown`);
      await page.keyboard.press('Escape');
      await page.locator('#explain').waitFor({ state: 'detached' });
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
