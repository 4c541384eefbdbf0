// The deal of the day (« Donne du jour »), through the page only, at 360 × 640 and 1280 × 800:
// the day's deal (the day of UTC) played to its end as elder against Le Maître, then, in place
// of the panel, Le Maître's play of the same cards from the player's seat — both scores, the
// difference of the margins, the decisions side by side, the line to share — within 5 s of the
// deal's end (it is computed in the worker while the player plays). Nothing is saved: the game
// in progress, if any, is not touched. Screenshots land in tests/e2e/artifacts/daily-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { fastPage, step } from './play.mjs';

describe('the deal of the day', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [width, height] of [[360, 640], [1280, 800]]) {
    const size = `${width}x${height}`;
    test(`played as elder at ${size}, then compared with Le Maître's play of the same cards`, async () => {
      const { page, errors } = await fastPage(browser, server.url, { width, height });
      await page.locator('#daily-deal-button').click();
      await page.locator('#daily-head').waitFor();
      assert.equal(await page.locator('#daily-head').getAttribute('data-date'), new Date().toISOString().slice(0, 10));
      // The player is elder: the first decision is his exchange.
      await page.locator('#confirm-discard').waitFor();
      await screenshot(page, `daily-${size}-start`);
      let ended = 0;
      for (let guard = 0; guard < 400; guard++) {
        if (await page.locator('#daily-result').count()) {
          ended = Date.now();
          break;
        }
        await step(page);
      }
      assert.ok(ended, 'the deal ends');
      await page.locator('#daily-difference').waitFor({ timeout: 5000 });
      const ms = Date.now() - ended;
      console.log(`${size}: Le Maître's comparison shown ${ms} ms after the deal's end`);
      assert.ok(ms < 5000);
      const points = async (id) => (await page.locator(id).innerText()).match(/(\d+) – (\d+)/).slice(1).map(Number);
      const [p, q] = await points('#daily-you');
      const [m, n] = await points('#daily-master');
      const difference = Number(await page.locator('#daily-difference').getAttribute('data-difference'));
      assert.equal(difference, (p - q) - (m - n), 'duplicate scoring: your margin less his');
      const share = await page.locator('#daily-share').innerText();
      assert.ok(share.startsWith(`Piquet, donne du jour ${new Date().toISOString().slice(0, 10)}`), share);
      assert.ok(share.includes(`${p} à ${q}`) && share.includes(`${m} à ${n}`), share);
      await page.locator('.daily-decisions summary').click();
      const rows = await page.locator('.daily-decisions tbody tr').count();
      assert.ok(rows >= 3, `the elder's decisions side by side (${rows})`);
      await screenshot(page, `daily-${size}-result`);
      if (width === 360) assert.deepEqual(await axeViolations(page), [], 'axe on the comparison');
      assert.equal(await page.evaluate(() => localStorage.getItem('piquet.game')), null, 'nothing saved');
      await page.locator('#daily-close').click();
      await page.locator('#daily-deal-button').waitFor();
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
