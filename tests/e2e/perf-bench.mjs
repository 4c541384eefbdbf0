// Performance, measured through the page (a benchmark, run by `./x bench`, not by `./x test`:
// timings are reported, never asserted): the first screen on a slow phone, and the main
// thread's long tasks (> 50 ms) while the strongest computer level thinks in its worker.
// The numbers go to stdout and to tests/e2e/artifacts/perf.json.
//
// The first screen is measured as a phone on a slow network would see it: Chromium DevTools
// Protocol throttling (Network.emulateNetworkConditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms
// round trip; Emulation.setCPUThrottlingRate 4), a 360×640 viewport, a cold cache (a new browser
// context per run), dist/ served compressed, each measure made twice: brotli, as the game server
// sends it (the build's precompressed copies, scripts/compress.mjs) and as most hosts do, then
// gzip -9, as a host that has no brotli would. Five runs each.
//   first screen: from navigation start to the first animation frame in which the home screen
//     (`main.home`) is in the document and the loading splash (`.splash`) is not;
//   first-load bytes: what crossed the network for it, compressed, headers included (Resource
//     Timing transferSize of the page and of every response that ended before that frame).
//   bytes on the link: what the server sent before that frame, to the page and to the service
//     worker alike (the service worker is throttled as the page is, attached through the
//     browser's DevTools session as it starts: on a phone both share one link).
//   app ready: the first screen is a small shell (src/shell.rs); the play wasm (src/bin/play.rs:
//     the way to a game against the computer) follows and takes its place (the event
//     piquet:app-ready): the time until « Nouvelle partie » answers at once.
// After the first screen, each run also waits for the service worker to install and reports
// what the server sent for its precache, and how many times each wasm was sent (1 when the
// precache reuses what the page fetched; the whole app's, which the page did not ask for, once,
// by the precache).
// Under the same conditions (slow 4G, CPU ÷4, brotli then gzip, cold cache, a phone):
//   a new game's first decision: from navigation start to the first animation frame in which
//     the table offers its first decision (the cut made, « Distribuer » or « Recevoir les
//     cartes »), the page driven as fast as a player could: « Nouvelle partie » touched as soon
//     as the first screen shows it, then « Commencer » as soon as the dialog does (classique
//     against the computer, the dialog's defaults); with what crossed the network before it.
//   a replay embed: a host page on another origin with one iframe to embed.html?mode=replay
//     and a record to fetch (records/hoffmann-1909.txt); from the host page's navigation start
//     to the first `state` message it receives from the table, and everything the frame
//     downloaded before it (embed.html, its scripts, style sheets, wasm and the record: the
//     bytes the server sent, compressed, and Resource Timing's transferSize, headers included).
// Also: the review of whole deals in the browser worker (every deal of whole games played through
// the page, each reviewed from the score sheet): the time from the click to the first frame that
// shows the result, per preset median, p95 (nearest rank), max, and the main thread's tasks over
// 50 ms while each review ran.
// Also: a problem's verdict, from the answer — every shipped problem opened from the list and
// answered through the page with its best answer; the time from the answer's last touch to the
// first frame that shows the verdict, by kind (the issue's target: 1 s); and the deal of the
// day's comparison, from the deal's end — the day's deal played through the page on three
// dates; the time from the first frame that shows the deal over to the first that shows the
// comparison (Le Maître's play of the same cards, computed in the worker while the player plays;
// target: 5 s).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, DIST, PHONE, ROOT, launch, openPage, serveDist, watchErrors } from './harness.mjs';
import { FAST_SETTINGS, answer, currentPanel, playToTheEnd, startGame, step } from './play.mjs';

const results = {};
const RUNS = 5;
const SLOW_4G = {
  offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8),
};
const CPU_SLOWDOWN = 4;
// The content codings each page-load measure is made with: brotli (the game server, most hosts),
// then gzip (a host without brotli).
const ENCODINGS = ['br', 'gzip'];
const CODING_NAMES = { br: 'brotli', gzip: 'gzip' };
// The games whose every deal is reviewed (the player's seat, as « Revoir » does after a game
// against the computer): each played through the page against level 1.
// REVIEW_GAMES=classique:1,rubicon:1 in the environment measures fewer.
const REVIEW_GAMES = process.env.REVIEW_GAMES
  ? process.env.REVIEW_GAMES.split(',').map((g) => { const [preset, n] = g.split(':'); return { preset, games: Number(n || 1) }; })
  : [
    { preset: 'classique', games: 2 }, { preset: 'rubicon', games: 2 },
    { preset: 'ancien', games: 1 }, { preset: 'moderne', games: 2 }, { preset: '150', games: 1 },
  ];

/** The middle value (the mean of the two middle ones for an even count). */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
};
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

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

  /** A new context for one cold run: a phone, an empty cache, the link and the CPU slowed. */
  const slowPhone = async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return { context, page };
  };
  const sent = (log, wall) => log.filter((r) => r.at <= wall);
  const files = (entries) => entries.map((r) => `${r.path.slice(1) || 'index.html'} ${kb(r.bytes)}`).join(', ');

  for (const encoding of ENCODINGS) {
    test(`first screen on a slow phone: slow 4G, CPU ÷${CPU_SLOWDOWN}, ${CODING_NAMES[encoding]}, cold cache, 360×640 (${RUNS} runs)`, async () => {
      const log = [];
      const served = await serveDist(DIST, { encoding, log });
      const runs = [];
      // Every service worker the browser starts gets the same network conditions as the page.
      const browserCdp = await browser.newBrowserCDPSession();
      await browserCdp.send('Target.setDiscoverTargets', { discover: true });
      browserCdp.on('Target.targetCreated', async ({ targetInfo }) => {
        if (targetInfo.type !== 'service_worker') return;
        const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false });
        let id = 0;
        const send = (method, params) => browserCdp.send('Target.sendMessageToTarget', {
          sessionId, message: JSON.stringify({ id: ++id, method, params }),
        });
        await send('Network.enable', {});
        await send('Network.emulateNetworkConditions', SLOW_4G);
      });
      try {
        for (let i = 0; i < RUNS; i++) {
          log.length = 0;
          // A new context each time: an empty HTTP cache, no service worker.
          const { context, page } = await slowPhone();
          await page.addInitScript(() => {
            window.addEventListener('piquet:app-ready', () => { window.__appReady = performance.now(); });
            const shown = () => document.querySelector('main.home') && !document.querySelector('.splash');
            new MutationObserver((_, observer) => {
              if (!shown()) return;
              observer.disconnect();
              requestAnimationFrame(() => {
                window.__firstScreen = performance.now();
                window.__firstScreenWall = Date.now();
              });
            }).observe(document, { childList: true, subtree: true });
          });
          await page.goto(served.url, { waitUntil: 'commit' });
          await page.waitForFunction(() => window.__firstScreen !== undefined, null, { timeout: 60_000 });
          const run = await page.evaluate(() => {
            const at = window.__firstScreen;
            const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
              .filter((e) => e.responseEnd <= at);
            const wasm = entries.find((e) => e.name.endsWith('_bg.wasm'));
            return {
              firstScreenMs: Math.round(at),
              wasmArrivedMs: wasm ? Math.round(wasm.responseEnd) : null,
              bytes: entries.reduce((sum, e) => sum + e.transferSize, 0),
              files: entries.map((e) => ({
                file: new URL(e.name).pathname.slice(1) || 'index.html', transferred: e.transferSize, raw: e.decodedBodySize,
              })),
            };
          });
          await page.waitForFunction(() => window.__appReady !== undefined, null, { timeout: 60_000 });
          run.appReadyMs = Math.round(await page.evaluate(() => window.__appReady));
          const wall = await page.evaluate(() => window.__firstScreenWall);
          run.linkBytes = log.filter((r) => r.at <= wall).reduce((sum, r) => sum + r.bytes, 0);
          const answered = log.length;
          // Then the service worker, registered once the page is idle, precaches the build.
          // (ready: the worker is active, so its install, the precache, is over.)
          await page.evaluate(() => navigator.serviceWorker.ready);
          const precache = log.slice(answered);
          run.precacheBytes = precache.reduce((sum, r) => sum + r.bytes, 0);
          run.precacheFiles = precache.length;
          // How many times each of the three wasm (the first screen's, the play wasm, the whole
          // app's) was sent.
          const sent = (re) => log.filter((r) => re.test(r.path)).length;
          run.wasmServed = {
            firstScreen: sent(/piquet-web-[0-9a-f]+_bg\.wasm$/), play: sent(/\/play_bg\.wasm$/), app: sent(/\/app_bg\.wasm$/),
          };
          run.appWasmServed = Math.max(...Object.values(run.wasmServed));
          runs.push(run);
          console.log(`run ${i + 1}: first screen ${run.firstScreenMs} ms (the wasm had arrived at ${run.wasmArrivedMs} ms), `
            + `the play wasm ready at ${run.appReadyMs} ms, `
            + `${kb(run.bytes)} transferred to the page before it, ${kb(run.linkBytes)} sent on the link in all `
            + `(${run.files.map((f) => `${f.file} ${kb(f.transferred)}`).join(', ')}); then the precache: `
            + `${run.precacheFiles} files, ${kb(run.precacheBytes)} from the server; the first screen's wasm sent ${run.wasmServed.firstScreen}×, the play wasm ${run.wasmServed.play}×, the whole app's ${run.wasmServed.app}×`);
          await context.close();
        }
      } finally {
        await browserCdp.detach();
        await served.close();
      }
      const times = runs.map((r) => r.firstScreenMs);
      const bytes = runs.map((r) => r.bytes);
      const ready = runs.map((r) => r.appReadyMs);
      results.slowPhone ??= {};
      results.slowPhone[encoding] = {
        conditions: { ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, viewport: '360x640', encoding, cache: 'cold' },
        firstScreenMs: { runs: times, median: median(times), max: Math.max(...times) },
        firstLoadBytes: { runs: bytes, median: median(bytes), max: Math.max(...bytes) },
        linkBytes: { runs: runs.map((r) => r.linkBytes), median: median(runs.map((r) => r.linkBytes)) },
        appReadyMs: { runs: ready, median: median(ready), max: Math.max(...ready) },
        runs,
      };
      console.log(`first screen on a slow phone (${CODING_NAMES[encoding]}), ms: ${times.join(', ')}; median ${median(times)}, max ${Math.max(...times)}`);
      console.log(`the play wasm ready, ms: ${ready.join(', ')}; median ${median(ready)}, max ${Math.max(...ready)}`);
      console.log(`first-load bytes (${CODING_NAMES[encoding]}, transferred): median ${kb(median(bytes))}, max ${kb(Math.max(...bytes))}; `
        + `on the link before the first screen (page and service worker): median ${kb(results.slowPhone[encoding].linkBytes.median)}`);
      assert.equal(runs.length, RUNS);
    });

    test(`a new game's first decision on a slow phone: slow 4G, CPU ÷${CPU_SLOWDOWN}, ${CODING_NAMES[encoding]}, cold cache, 360×640 (${RUNS} runs)`, async () => {
      const log = [];
      const served = await serveDist(DIST, { encoding, log });
      const runs = [];
      try {
        for (let i = 0; i < RUNS; i++) {
          log.length = 0;
          const { context, page } = await slowPhone();
          const errors = watchErrors(page);
          await page.addInitScript(() => {
            const marks = {};
            window.__marks = marks;
            const mark = (name) => requestAnimationFrame(() => {
              marks[name] = performance.now();
              marks[`${name}Wall`] = Date.now();
            });
            new MutationObserver(() => {
              if (!marks.home && !marks.homeAsked && document.querySelector('main.home') && !document.querySelector('.splash')) {
                marks.homeAsked = true;
                mark('home');
              }
              if (!marks.dialog && !marks.dialogAsked && document.querySelector('#new-game #start-game')) {
                marks.dialogAsked = true;
                mark('dialog');
              }
              const deal = document.querySelector('.table #deal-button');
              if (!marks.decisionAsked && deal && !deal.disabled) {
                marks.decisionAsked = true;
                mark('decision');
              }
            }).observe(document, { childList: true, subtree: true, attributes: true });
          });
          await page.goto(served.url, { waitUntil: 'commit' });
          await page.locator('#new-game-button').click({ timeout: 60_000 });
          await page.locator('#new-game #start-game').click({ timeout: 60_000 });
          await page.waitForFunction(() => window.__marks.decision !== undefined, null, { timeout: 60_000 });
          const marks = await page.evaluate(() => window.__marks);
          const before = sent(log, marks.decisionWall);
          const run = {
            decisionMs: Math.round(marks.decision),
            firstScreenMs: Math.round(marks.home),
            dialogMs: Math.round(marks.dialog),
            bytes: before.reduce((sum, r) => sum + r.bytes, 0),
            files: before.map((r) => ({ file: r.path.slice(1) || 'index.html', bytes: r.bytes })),
          };
          runs.push(run);
          console.log(`run ${i + 1}: the first decision at ${run.decisionMs} ms (the first screen at ${run.firstScreenMs} ms, `
            + `the new-game dialog at ${run.dialogMs} ms); ${kb(run.bytes)} sent before it (${files(before)})`);
          assert.deepEqual(errors, []);
          await context.close();
        }
      } finally {
        await served.close();
      }
      const times = runs.map((r) => r.decisionMs);
      results.firstDecision ??= {};
      results.firstDecision[encoding] = {
        conditions: { ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, viewport: '360x640', encoding, cache: 'cold' },
        decisionMs: { runs: times, median: median(times), max: Math.max(...times) },
        bytes: { runs: runs.map((r) => r.bytes), median: median(runs.map((r) => r.bytes)) },
        runs,
      };
      console.log(`a new game's first decision on a slow phone (${CODING_NAMES[encoding]}), ms: ${times.join(', ')}; median ${median(times)}, max ${Math.max(...times)}; `
        + `sent before it: median ${kb(results.firstDecision[encoding].bytes.median)}`);
      assert.equal(runs.length, RUNS);
    });

    test(`a replay embed on a slow phone: slow 4G, CPU ÷${CPU_SLOWDOWN}, ${CODING_NAMES[encoding]}, cold cache, a host of another origin (${RUNS} runs)`, async () => {
      const log = [];
      const served = await serveDist(DIST, { encoding, log });
      const query = 'mode=replay&record=records/hoffmann-1909.txt&lang=en';
      const hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An article</title></head>
  <body style="margin:0"><h1>Piquet in 1909</h1><p>Hoffmann's game, move by move.</p>
  <iframe id="table" src="${served.url}embed.html?${query}" title="Piquet" style="width:100%;height:480px;border:0"></iframe>
  <script>
    window.__messages = [];
    window.addEventListener('message', (event) => {
      if (event.data?.piquet !== 1) return;
      window.__messages.push(event.data.type);
      if (event.data.type === 'state' && window.__state === undefined) {
        window.__state = performance.now();
        window.__stateWall = Date.now();
      }
    });
  </script></body></html>`;
      const host = createServer((req, res) => {
        if (req.url !== '/') { res.writeHead(204).end(); return; }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(hostPage);
      });
      await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
      const runs = [];
      try {
        for (let i = 0; i < RUNS; i++) {
          log.length = 0;
          const { context, page } = await slowPhone();
          const errors = watchErrors(page);
          await page.goto(`http://127.0.0.1:${host.address().port}/`, { waitUntil: 'commit' });
          await page.waitForFunction(() => window.__state !== undefined, null, { timeout: 60_000 });
          const at = await page.evaluate(() => ({ state: window.__state, wall: window.__stateWall, origin: performance.timeOrigin }));
          const frame = page.frames().find((f) => f.url().includes('embed.html'));
          const inFrame = await frame.evaluate((hostAt) => {
            const at = hostAt - performance.timeOrigin;
            const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
              .filter((e) => e.responseEnd <= at);
            return {
              fromFrameStart: at,
              transferred: entries.reduce((sum, e) => sum + e.transferSize, 0),
              files: entries.map((e) => ({ file: new URL(e.name).pathname.slice(1), transferred: e.transferSize, raw: e.decodedBodySize })),
            };
          }, at.origin + at.state);
          const before = sent(log, at.wall);
          const run = {
            firstStateMs: Math.round(at.state),
            fromFrameNavigationMs: Math.round(inFrame.fromFrameStart),
            bytes: before.reduce((sum, r) => sum + r.bytes, 0),
            transferred: inFrame.transferred,
            files: inFrame.files,
            worker: log.some((r) => /worker/.test(r.path)),
            playTable: log.some((r) => /^\/embed(_bg\.wasm|\.js)$/.test(r.path)),
          };
          runs.push(run);
          console.log(`run ${i + 1}: the first state at ${run.firstStateMs} ms (${run.fromFrameNavigationMs} ms from the frame's navigation); `
            + `${kb(run.bytes)} sent by the server before it (${files(before)}), ${kb(run.transferred)} transferred with headers; `
            + `the worker fetched: ${run.worker}, the table that plays fetched: ${run.playTable}`);
          assert.deepEqual(errors, []);
          await context.close();
        }
      } finally {
        await new Promise((ok) => host.close(ok));
        await served.close();
      }
      const times = runs.map((r) => r.firstStateMs);
      const bytes = runs.map((r) => r.bytes);
      results.replayEmbed ??= {};
      results.replayEmbed[encoding] = {
        conditions: { ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, viewport: '360x640', frame: '360x480', encoding, cache: 'cold', query },
        firstStateMs: { runs: times, median: median(times), max: Math.max(...times) },
        bytes: { runs: bytes, median: median(bytes), max: Math.max(...bytes) },
        transferred: { runs: runs.map((r) => r.transferred), median: median(runs.map((r) => r.transferred)) },
        runs,
      };
      console.log(`a replay embed's first state on a slow phone (${CODING_NAMES[encoding]}), ms: ${times.join(', ')}; median ${median(times)}, max ${Math.max(...times)}; `
        + `downloaded before it: median ${kb(median(bytes))} (${CODING_NAMES[encoding]} bodies), ${kb(results.replayEmbed[encoding].transferred.median)} with headers`);
      assert.equal(runs.length, RUNS);
      assert.ok(runs.every((r) => !r.worker), "a replay does not fetch the computer's worker");
    });
  }

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

  test(`the review of whole deals in the browser worker, from the score sheet: ${REVIEW_GAMES.map((g) => `${g.preset} ×${g.games}`).join(', ')}`, async () => {
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
    const reviews = [];
    let seed = 40;
    for (const { preset, games } of REVIEW_GAMES) {
      for (let g = 0; g < games; g++, seed++) {
        // Each game from a new page: the last one is forgotten first.
        await page.evaluate(() => localStorage.removeItem('piquet.game')).catch(() => {});
        await page.goto(`${server.url}?seed=${seed}`);
        await startGame(page, { preset, opponent: '1' });
        await playToTheEnd(page, { timeoutMs: 300_000 });
        // Every deal of the game, reviewed from the score sheet as a player would.
        await page.locator('#sheet-button').click();
        const rows = page.locator('#score-sheet .review-row');
        await rows.first().waitFor();
        const deals = await rows.count();
        for (let d = 0; d < deals; d++) {
          if (!(await page.locator('#score-sheet').count())) await page.locator('#sheet-button').click();
          // Timed in the page: from the click to the first frame that shows the result.
          const run = await page.evaluate((i) => new Promise((done, fail) => {
            const ready = () => document.querySelector('#review #review-list, #review #review-only-marked');
            const t0 = performance.now();
            let sawProgress = false;
            const observer = new MutationObserver(() => {
              sawProgress ||= document.querySelector('#review-progress') !== null;
              if (!ready()) return;
              observer.disconnect();
              requestAnimationFrame(() => done({
                t0, t1: performance.now(), sawProgress, decisions: document.querySelectorAll('#review .decision').length,
              }));
            });
            observer.observe(document.body, { childList: true, subtree: true });
            setTimeout(() => { observer.disconnect(); fail(new Error('no review within 120 s')); }, 120_000);
            document.querySelectorAll('#score-sheet .review-row')[i].click();
          }), d);
          // Each long task with when it began, from the click.
          const tasks = (await page.evaluate(() => window.__longTasks))
            .filter((t) => t.at + t.ms >= run.t0 && t.at <= run.t1)
            .map((t) => ({ ...t, after: Math.round(t.at - run.t0) }));
          reviews.push({
            preset, seed, deal: d + 1, ms: Math.round(run.t1 - run.t0), decisions: run.decisions,
            progressShown: run.sawProgress, longTasks: tasks,
          });
          console.log(`${preset} seed ${seed} deal ${d + 1}: ${Math.round(run.t1 - run.t0)} ms, `
            + `${run.decisions} decisions; long tasks meanwhile: ${JSON.stringify(tasks)}`);
          await page.locator('#review .modal-head button').click();
          await page.locator('#review').waitFor({ state: 'detached' });
        }
      }
    }
    const stats = (rs) => {
      const ms = rs.map((r) => r.ms).sort((a, b) => a - b);
      // Nearest rank: the value below which 95 % of the deals fall.
      const p95 = ms[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)];
      return {
        deals: ms.length, medianMs: median(ms), p95Ms: p95, maxMs: ms.at(-1),
        decisionsPerDeal: +(rs.reduce((s, r) => s + r.decisions, 0) / rs.length).toFixed(1),
        longTasks: rs.flatMap((r) => r.longTasks),
      };
    };
    const byPreset = Object.fromEntries(REVIEW_GAMES.map(({ preset }) => [preset, stats(reviews.filter((r) => r.preset === preset))]));
    results.review = { all: stats(reviews), byPreset, reviews };
    for (const [name, s] of [...Object.entries(byPreset), ['all', results.review.all]]) {
      console.log(`review in the browser worker, ${name}: ${s.deals} deals (${s.decisionsPerDeal} decisions each), `
        + `median ${s.medianMs} ms, p95 ${s.p95Ms} ms, max ${s.maxMs} ms; main-thread tasks over 50 ms while reviews ran: `
        + `${s.longTasks.length ? JSON.stringify(s.longTasks) : 'none'}`);
    }
    assert.ok(reviews.length >= 20, `${reviews.length} deals reviewed`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a problem\'s verdict, from the answer: every shipped problem, answered with its best', async () => {
    const { page, errors } = await openPage(browser, server.url, PHONE);
    const index = JSON.parse(readFileSync(join(ROOT, 'problems', 'index.json'), 'utf8'));
    const verdicts = [];
    for (const entry of index.problems) {
      const file = JSON.parse(readFileSync(join(ROOT, 'problems', entry.file), 'utf8'));
      await page.locator('#problems-button').click();
      await page.locator(`.problem-open[data-problem="${entry.id}"]`).click();
      await page.locator(`#problem-question[data-problem="${entry.id}"]`).waitFor();
      // Timed in the page: from the answer's last touch to the first frame with the verdict.
      await page.evaluate(() => {
        const t = { t0: 0, t1: 0 };
        window.__verdict = t;
        document.addEventListener('click', () => { t.t0 = performance.now(); }, { capture: true });
        const observer = new MutationObserver(() => {
          if (!document.getElementById('problem-verdict')) return;
          observer.disconnect();
          requestAnimationFrame(() => { t.t1 = performance.now(); });
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await answer(page, file.answer.verdict.best);
      await page.waitForFunction(() => window.__verdict.t1 > 0);
      const ms = await page.evaluate(() => Math.round(window.__verdict.t1 - window.__verdict.t0));
      verdicts.push({ id: entry.id, kind: entry.kind, ms });
      await page.locator('#problem-list').click();
      await page.locator('#problems .problem-open').first().waitFor();
      await page.keyboard.press('Escape');
      await page.locator('#problems').waitFor({ state: 'detached' });
    }
    const stats = (xs) => {
      const ms = xs.map((v) => v.ms).sort((a, b) => a - b);
      return { problems: ms.length, medianMs: median(ms), p95Ms: ms[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)], maxMs: ms.at(-1) };
    };
    const kinds = [...new Set(verdicts.map((v) => v.kind))];
    results.problemVerdict = {
      all: stats(verdicts), byKind: Object.fromEntries(kinds.map((k) => [k, stats(verdicts.filter((v) => v.kind === k))])), verdicts,
    };
    for (const [name, st] of [...Object.entries(results.problemVerdict.byKind), ['all', results.problemVerdict.all]]) {
      console.log(`a problem's verdict from the answer, ${name}: ${st.problems} problems, median ${st.medianMs} ms, p95 ${st.p95Ms} ms, max ${st.maxMs} ms`);
    }
    assert.equal(verdicts.length, index.problems.length);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the deal of the day\'s comparison, from the deal\'s end: three days\' deals played through the page', async () => {
    const runs = [];
    for (const day of ['2026-11-25', '2026-11-26', '2026-11-27']) {
      const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
      const errors = watchErrors(page);
      await page.clock.setFixedTime(new Date(`${day}T12:00:00Z`));
      await page.addInitScript((s) => {
        localStorage.setItem('piquet.settings', s);
        const t = { over: 0, compared: 0 };
        window.__daily = t;
        new MutationObserver(() => {
          if (!t.over && document.getElementById('daily-result')) requestAnimationFrame(() => { t.over = performance.now(); });
          if (!t.compared && document.getElementById('daily-difference')) requestAnimationFrame(() => { t.compared = performance.now(); });
        }).observe(document, { childList: true, subtree: true });
      }, FAST_SETTINGS);
      await page.goto(server.url);
      await page.waitForFunction(() => window.piquetAppReady === true, null, { timeout: 60_000 });
      await page.locator('#daily-deal-button').click();
      await page.locator('#daily-head').waitFor();
      for (let guard = 0; guard < 400 && !(await page.locator('#daily-result').count()); guard++) await step(page);
      await page.waitForFunction(() => window.__daily.compared > 0, null, { timeout: 60_000 });
      const { over, compared } = await page.evaluate(() => window.__daily);
      runs.push({ day, ms: Math.round(compared - over) });
      console.log(`the deal of the day ${day}: the comparison shown ${Math.round(compared - over)} ms after the deal's end`);
      assert.deepEqual(errors, []);
      await page.close();
    }
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    results.dailyComparison = { runs, medianMs: median(ms), maxMs: ms.at(-1) };
    console.log(`the deal of the day's comparison from the deal's end: median ${median(ms)} ms, max ${ms.at(-1)} ms`);
  });
});
