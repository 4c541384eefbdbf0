// The table on every screen: a whole deal played through the page at nine sizes, upright and
// sideways, from 320 × 568 to 1920 × 1080. At every decision the page must not scroll, the
// decision's controls and the playable cards must be on screen, and each playable card must
// offer a touch target of at least 40 × 40 CSS px (measured with document.elementFromPoint: the
// area where the card itself is what a finger hits). axe-core must find nothing at any size.
// Screenshots of every phase at every size land in tests/e2e/artifacts/layout-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { currentPanel, fastPage, startGame, step } from './play.mjs';
import { layoutProblems } from './layout-check.mjs';

export const SIZES = [
  [320, 568], [360, 640], [390, 844], [568, 320], [640, 360], [844, 390],
  [768, 1024], [1280, 800], [1920, 1080],
];

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

  for (const [i, [width, height]] of SIZES.entries()) {
    test(`a whole deal at ${width}×${height}: no scroll, controls and cards on screen, 40 px targets`, async () => {
      const size = `${width}x${height}`;
      const { page, errors } = await fastPage(browser, `${server.url}?seed=${SEED + width}`, { width, height });
      await startGame(page, { preset: i % 2 ? 'rubicon' : 'classique', opponent: '1' });
      const shot = new Set();
      let axed = false;
      let decisions = 0;
      for (let guard = 0; guard < 400; guard++) {
        const panel = await currentPanel(page);
        if (panel === 'error') throw new Error(await page.locator('.table .notice').innerText());
        if (panel !== 'waiting') {
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
          if (!axed && panel === 'play') {
            axed = true;
            assert.deepEqual(await axeViolations(page), [], `axe at ${size}`);
          }
        }
        if (panel === 'next-deal' || panel === 'over') break;
        await step(page, {});
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
});
