// Loading the app: the Content-Security-Policy of index.html and embed.html (present, enforced,
// and reported by the harness), the service worker registered only after the first screen and
// precaching from what the page already fetched, and the rules page (fetched on demand) on a
// 320-px phone without sideways scrolling, online and offline.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DIST, axeViolations, expectConsole, launch, launchPersistent, screenshot, serveDist,
  serviceWorkerInControl, watchErrors,
} from './harness.mjs';

const SMALL_PHONE = { width: 320, height: 568 };

/** The directives of the page's Content-Security-Policy meta element, by name. */
async function policyOf(page) {
  const content = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  return Object.fromEntries(content.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
}

/** Opens the rules page at the current size and waits for its text (fetched on demand). */
async function openRules(page) {
  await page.locator('#open-rules').click();
  const dialog = page.getByRole('dialog', { name: 'Règles' });
  await dialog.locator('.rules-text').waitFor();
  return dialog;
}

/**
 * An init script: `window.__marks[name]`, when an element matching `selector` is first in the
 * page with the loading splash gone, and `window.__marks.register`, when the page registers its
 * service worker (performance.now()).
 */
function markRegistration({ name, selector }) {
  window.__marks = {};
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector) && !document.querySelector('.splash')) {
      window.__marks[name] = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    window.__marks.register = performance.now();
    return register(...args);
  };
}

describe('loading', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  for (const [name, path] of [['index.html', ''], ['embed.html', 'embed.html?mode=replay&record=records/hoffmann-1909.txt']]) {
    test(`${name} carries a Content-Security-Policy that the browser enforces`, async () => {
      const page = await browser.newPage({ viewport: SMALL_PHONE, locale: 'fr-FR' });
      const errors = watchErrors(page);
      await page.goto(server.url + path);
      await page.locator(name === 'index.html' ? 'main.home' : '#replay-position').waitFor();
      const csp = await policyOf(page);
      // Scripts: the origin, the hashes of Trunk's inline loader, wasm compilation; nothing else.
      assert.equal(csp['script-src'][0], "'self'");
      assert.ok(csp['script-src'].slice(1, -1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)), csp['script-src'].join(' '));
      assert.ok(csp['script-src'].length > 2, 'the inline loader is allowed by its hash');
      assert.equal(csp['script-src'].at(-1), "'wasm-unsafe-eval'");
      for (const [directive, value] of [['worker-src', "'self'"], ['object-src', "'none'"], ['base-uri', "'none'"], ['form-action', "'none'"]]) {
        assert.deepEqual(csp[directive], [value], directive);
      }
      assert.deepEqual(csp['connect-src'], name === 'index.html' ? ["'self'"] : ['*'], 'record= may name any server (docs/embedding.md)');
      assert.ok(!csp['script-src'].includes("'unsafe-eval'") && !csp['script-src'].includes("'unsafe-inline'"));
      // The page runs under it without a single violation (the harness fails on any); an
      // injected inline script is refused, and the harness sees the violation.
      const seen = expectConsole(page, /CSP violation: script-src-elem blocked inline|Executing inline script violates/);
      const injected = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.body.append(script);
        await new Promise((r) => setTimeout(r, 100));
        return window.__injected === true;
      });
      assert.equal(injected, false, 'an inline script is refused');
      assert.ok(seen.some((m) => /CSP violation: script-src-elem blocked inline/.test(m)), `the harness saw it: ${seen}`);
      assert.deepEqual(errors, [], 'nothing else, and the expected messages are not problems');
      await page.close();
    });
  }

  test('a violation inside an embedded table (an iframe) is seen by the harness', async () => {
    const page = await browser.newPage({ viewport: SMALL_PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}embed-example.html`);
    await page.frameLocator('#frame').locator('#replay-position').waitFor();
    const seen = expectConsole(page, /CSP violation: script-src-elem blocked inline in http:\/\/[^ ]*\/embed\.html|Executing inline script violates/);
    const frame = page.frames().find((f) => new URL(f.url()).pathname === '/embed.html');
    await frame.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
    });
    await page.waitForTimeout(200);
    assert.equal(await frame.evaluate(() => window.__injected === true), false);
    assert.ok(seen.some((m) => m.startsWith('CSP violation: script-src-elem blocked inline in ')), `seen: ${seen}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the rules page reads on a 320-px phone: nothing wider than the screen but the presets table', async () => {
    const page = await browser.newPage({ viewport: SMALL_PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    const dialog = await openRules(page);
    await dialog.getByRole('heading', { name: 'Le point' }).waitFor();
    const layout = await page.evaluate(() => {
      const width = window.innerWidth;
      const wide = [...document.querySelectorAll('#rules *')]
        .filter((el) => !el.closest('.table-scroll') || el.classList.contains('table-scroll'))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5 || box.width > width))
        .map(({ el, box }) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.left)}–${Math.round(box.right)}`);
      const modal = document.getElementById('rules');
      const table = document.querySelector('#rules .table-scroll');
      return {
        width,
        pageWidth: document.documentElement.scrollWidth,
        dialogOverflow: modal.scrollWidth - modal.clientWidth,
        paragraphs: [...document.querySelectorAll('#rules .rule')].map((li) => li.getBoundingClientRect().width),
        tableScrolls: table.scrollWidth > table.clientWidth,
        wide,
      };
    });
    assert.deepEqual(layout.wide, [], 'every element of the dialog fits the screen, outside the table box');
    assert.equal(layout.pageWidth, layout.width, 'the page does not scroll sideways');
    assert.equal(layout.dialogOverflow, 0, 'the dialog does not scroll sideways');
    assert.ok(layout.paragraphs.length > 30 && layout.paragraphs.every((w) => w <= layout.width - 32),
      `every rule is laid out within the dialog: ${Math.max(...layout.paragraphs)} px`);
    assert.ok(layout.tableScrolls, 'the presets table scrolls inside its own box');
    await screenshot(page, 'rules-page-320');
    assert.deepEqual(await axeViolations(page), []);
    // Switching the language fetches the other text.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.locator('#open-rules').click();
    await page.getByRole('dialog', { name: 'Rules' }).getByRole('heading', { name: 'The point' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('service worker timing', () => {
  test('registered after the first screen; its precache reuses what the page fetched; the rules work offline', async () => {
    const log = [];
    const server = await serveDist(DIST, { log });
    const context = await launchPersistent({ viewport: SMALL_PHONE, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.addInitScript(markRegistration, { name: 'firstScreen', selector: 'main.home' });
      await page.goto(server.url);
      await serviceWorkerInControl(page);
      const marks = await page.evaluate(() => window.__marks);
      assert.ok(marks.firstScreen > 0 && marks.register > marks.firstScreen,
        `the service worker is registered after the first screen: ${JSON.stringify(marks)}`);
      // Every file of the build that the page fetched came from the server once: the install
      // took them from the HTTP cache.
      const sent = (re) => log.filter((r) => re.test(r.path)).length;
      assert.equal(sent(/piquet-web-[0-9a-f]+_bg\.wasm$/), 1, 'the app wasm is sent once');
      assert.equal(sent(/piquet-web-[0-9a-f]+\.js$/), 1, 'the app JS is sent once');
      assert.equal(sent(/style-[0-9a-f]+\.css$/), 1, 'the style sheet is sent once');
      assert.equal(sent(/worker_bg\.wasm$/), 1, 'the worker wasm is precached (once)');
      assert.equal(sent(/^\/rules\/fr\.html$/), 1, 'the rules text is precached');
      assert.equal(sent(/^\/embed(_bg\.wasm|\.js)$/), 0, "the embedded table's own files are not the app's");
      // Offline: the app and its rules page.
      await server.close();
      await page.reload();
      const dialog = await openRules(page);
      await dialog.getByRole('heading', { name: 'Le point' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });
});

describe('the way to a game on a slow link', () => {
  // The order of requests and events on a link slowed as the benchmark's (1.6 Mbit/s, 150 ms):
  // nothing here is timed, only what comes before what.
  test('the play wasm is asked for at navigation, beside the first screen\'s; the precache waits for the table', async () => {
    const server = await serveDist();
    const context = await launchPersistent({ viewport: SMALL_PHONE, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
      });
      await page.addInitScript(markRegistration, { name: 'table', selector: '#app main.table' });
      await page.goto(server.url);
      await page.locator('#new-game-button').click();
      await page.locator('#new-game #start-game').click();
      await page.locator('.table #deal-button:not([disabled])').waitFor();
      await serviceWorkerInControl(page);
      const { marks, timing } = await page.evaluate(() => ({
        marks: window.__marks,
        timing: Object.fromEntries(performance.getEntriesByType('resource')
          .map((e) => [new URL(e.name).pathname.replace(/^\//, '').replace(/-[0-9a-f]{8,16}(?=(_bg)?\.)/, ''), e])
          .map(([name, e]) => [name, { start: e.startTime, end: e.responseEnd }])),
      }));
      const shell = timing['piquet-web_bg.wasm'];
      const play = timing['play_bg.wasm'];
      assert.ok(shell && play, `both wasm were fetched: ${Object.keys(timing)}`);
      assert.ok(play.start < shell.end,
        `the play wasm is asked for while the first screen's comes: ${JSON.stringify({ shell, play })}`);
      assert.ok(shell.start <= timing['style.css'].start,
        `the first screen's wasm is asked for before the style sheets: ${JSON.stringify({ shell, css: timing['style.css'] })}`);
      // Asked for by a script inline in the page (static/preload.js), as it is parsed: before
      // even the first style sheet or pwa.js has arrived (a fetched script asked for it at
      // 0.68 s on this link, once the style sheets were all in).
      const earliest = Math.min(timing['style.css'].end, timing['pwa.js'].end);
      assert.ok(play.start < earliest,
        `the play wasm is asked for as the page is parsed: ${JSON.stringify({ play, css: timing['style.css'], pwa: timing['pwa.js'] })}`);
      assert.ok(marks.table > 0 && marks.register > marks.table,
        `the service worker is registered once the table is drawn: ${JSON.stringify(marks)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });
});

describe('embedded table offline', () => {
  test('with storage=1 its own files are cached, and it reloads with the server stopped', async () => {
    const server = await serveDist();
    const context = await launchPersistent({ viewport: SMALL_PHONE });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const url = `${server.url}embed.html?mode=replay&record=records/hoffmann-1909.txt&storage=1`;
      await page.goto(url);
      await page.locator('#replay-position').waitFor();
      const cached = () => page.evaluate(async () => {
        const keys = await caches.keys();
        const cache = keys.length ? await caches.open(keys[0]) : null;
        return navigator.serviceWorker.controller !== null && cache !== null
          && (await cache.match('embed_bg.wasm')) !== undefined && (await cache.match('embed.js')) !== undefined;
      });
      const t0 = Date.now();
      while (!(await cached())) {
        assert.ok(Date.now() - t0 < 30_000, "the embedded table's files are cached within 30 s");
        await page.waitForTimeout(200);
      }
      await server.close();
      await page.reload();
      await page.locator('#replay-position').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });
});
