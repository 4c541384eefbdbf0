// The deal of the day (« Donne du jour »), through the page only, at 360 × 640 and 1280 × 800:
// the day's deal (the day of UTC) played to its end as elder against Le Maître, then, in place
// of the panel, Le Maître's play of the same cards from the player's seat — both scores, the
// difference of the margins, the decisions side by side, the line to share — within 5 s of the
// deal's end (it is computed in the worker while the player plays). Nothing is saved: the game
// in progress, if any, is not touched. The same deal embedded in a host page of its own
// (<piquet-table mode="daily">) at 360 × 640 and 1280 × 800: played through the frame, the host
// hears `ready`, each `decision`, `dealOver` and the `daily` comparison, which agrees with what
// the table shows. Screenshots land in tests/e2e/artifacts/daily-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, openPage, screenshot, serveAndLaunch } from './harness.mjs';
import { step } from './play.mjs';

describe('the deal of the day', () => {
  const env = serveAndLaunch();

  for (const [width, height] of [[360, 640], [1280, 800]]) {
    const size = `${width}x${height}`;
    test(`played as elder at ${size}, then compared with Le Maître's play of the same cards`, async () => {
      const { page, errors } = await openPage(env.browser, env.server.url, { width, height });
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
      await page.locator('#daily-difference').waitFor();
      const ms = Date.now() - ended;
      console.log(`${size}: Le Maître's comparison shown ${ms} ms after the deal's end`);
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

  for (const [width, height] of [[360, 640], [1280, 800]]) {
    const size = `${width}x${height}`;
    test(`embedded (<piquet-table mode="daily">) at ${size}: played in the frame, the host told the comparison`, async () => {
      // The reader asks for reduced motion: the computer's moves come at once (the embedded
      // table has no settings of its own).
      const page = await env.browser.newPage({ viewport: { width, height }, locale: 'fr-FR', reducedMotion: 'reduce' });
      const host = `${env.server.url}host-daily.html`;
      await page.route(host, (route) => route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>La donne du jour</title></head>
<body style="margin:0;font-family:serif"><h1 style="font-size:1.1rem;margin:.4rem">La donne du jour</h1>
<script src="piquet-table.js"></script>
<piquet-table id="t" mode="daily" lang="fr" title="La donne du jour"></piquet-table>
<script>
  window.heard = [];
  for (const type of ['piquet-ready', 'piquet-decision', 'piquet-deal-over', 'piquet-daily', 'piquet-error']) {
    document.getElementById('t').addEventListener(type, (e) => window.heard.push({ ...e.detail, event: type }));
  }
</script></body></html>`,
      }));
      await page.goto(host);
      const heard = (type) => page.evaluate((t) => window.heard.filter((m) => m.event === t), type);
      await page.waitForFunction(() => window.heard.some((m) => m.event === 'piquet-ready'));
      assert.equal((await heard('piquet-ready'))[0].mode, 'daily');
      await page.frameLocator('piquet-table iframe').locator('#daily-head').waitFor({ timeout: 30_000 });
      const frame = page.frames().find((f) => f.url().includes('embed.html'));
      assert.equal(await frame.locator('#daily-head').getAttribute('data-date'), new Date().toISOString().slice(0, 10));
      assert.equal(await frame.locator('#leave-button').count(), 0, 'no way out of a host\'s page');
      await page.screenshot({ path: `tests/e2e/artifacts/daily-embed-${size}-start.png` });
      let ended = 0;
      for (const start = Date.now(); Date.now() - start < 180_000 && !ended;) {
        if (await frame.locator('#daily-result').count()) ended = Date.now();
        else await step(frame);
      }
      assert.ok(ended, 'the deal ends');
      await frame.locator('#daily-difference').waitFor({ timeout: 5000 });
      await page.waitForFunction(() => window.heard.some((m) => m.event === 'piquet-daily'), null, { timeout: 5000 });
      console.log(`embedded ${size}: the comparison told ${Date.now() - ended} ms after the deal's end`);
      const [daily] = await heard('piquet-daily');
      assert.equal(daily.date, new Date().toISOString().slice(0, 10));
      const difference = Number(await frame.locator('#daily-difference').getAttribute('data-difference'));
      assert.equal(daily.difference, difference, 'the host hears what the table shows');
      assert.equal(daily.difference, (daily.player[0] - daily.player[1]) - (daily.master[0] - daily.master[1]));
      assert.equal(daily.share, await frame.locator('#daily-share').innerText());
      assert.equal((await heard('piquet-deal-over')).length, 1, 'one dealOver');
      assert.ok((await heard('piquet-decision')).length >= 12, 'each of the reader\'s decisions');
      assert.equal((await heard('piquet-daily')).length, 1, 'the comparison told once');
      assert.equal(await frame.locator('#daily-close').count(), 0, 'nothing to close inside a host\'s page');
      assert.deepEqual(await heard('piquet-error'), []);
      await page.screenshot({ path: `tests/e2e/artifacts/daily-embed-${size}-result.png` });
      // Nothing was stored by the embedded table.
      assert.equal(await page.evaluate(() => localStorage.length), 0);
      await page.close();
    });
  }
});
