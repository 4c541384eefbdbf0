// Performance, measured through the page (a benchmark, run by `./x bench`, not by `./x test`:
// timings are reported, never asserted): the first screen's render time with a cold cache, and
// the main thread's long tasks (> 50 ms) while the strongest computer level thinks in its worker.
// The numbers go to stdout and to tests/e2e/artifacts/perf.json.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, launch, serveDist, watchErrors } from './harness.mjs';
import { FAST_SETTINGS, currentPanel, startGame, step } from './play.mjs';

const results = {};

describe('performance', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'perf.json'), JSON.stringify(results, null, 2));
    await browser?.close();
    await server?.close();
  });

  test('first screen after navigation, cold cache (five runs)', async () => {
    const times = [];
    for (let i = 0; i < 5; i++) {
      // A new context each time: an empty cache, no service worker.
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.getElementById('new-game-button')) {
            window.__firstScreen = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(server.url);
      await page.locator('#new-game-button').waitFor();
      times.push(Math.round(await page.evaluate(() => window.__firstScreen)));
      await context.close();
    }
    times.sort((a, b) => a - b);
    results.firstScreenMs = { runs: times, median: times[2] };
    console.log(`first screen after navigation (cold cache), ms: ${times.join(', ')}; median ${times[2]}`);
    assert.equal(times.length, 5);
  });

  test('main-thread long tasks while the master thinks', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.addInitScript((s) => {
      localStorage.setItem('piquet.settings', s);
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__longTasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
        }
      }).observe({ type: 'longtask' });
    }, FAST_SETTINGS);
    await page.goto(`${server.url}?seed=21`);
    await startGame(page, { preset: 'classique', opponent: '5' });
    const thinking = [];
    let computerMoves = 0;
    let plays = 0;
    const t0 = Date.now();
    while (plays < 6 && Date.now() - t0 < 90_000) {
      const panel = await currentPanel(page);
      if (panel === 'waiting') {
        // The computer is thinking: watch the main thread until the page wants the human again.
        const start = await page.evaluate(() => performance.now());
        await page.waitForFunction(() => !document.querySelector('.panel.waiting'), null, { timeout: 60_000 });
        const end = await page.evaluate(() => performance.now());
        thinking.push([start, end]);
        computerMoves++;
        continue;
      }
      if (panel === 'play') plays++;
      await step(page);
    }
    const longTasks = await page.evaluate(() => window.__longTasks);
    const during = longTasks.filter((t) => thinking.some(([s, e]) => t.at >= s && t.at <= e));
    const thoughtMs = Math.round(thinking.reduce((sum, [s, e]) => sum + (e - s), 0));
    results.masterThinking = { waits: computerMoves, thoughtMs, longTasksDuring: during, longTasksAll: longTasks };
    console.log(`the master thought ${thoughtMs} ms over ${computerMoves} waits; long tasks meanwhile: ${JSON.stringify(during)}`);
    assert.ok(computerMoves > 3, 'the computer played');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
