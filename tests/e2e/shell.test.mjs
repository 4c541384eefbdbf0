// The app shell: first screen, language switch, installability, offline reload.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DESKTOP, PHONE, axeViolations, copyOfDist, launch, launchPersistent, screenshot, serveDist,
  serviceWorkerInControl, waitForApp, watchErrors,
} from './harness.mjs';

describe('app shell', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`first screen renders without console errors (${name})`, async () => {
      const page = await browser.newPage({ viewport, locale: 'fr-FR' });
      const errors = watchErrors(page);
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1, name: 'Piquet' }).waitFor();
      await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
      assert.equal(await page.locator('.splash').count(), 0, 'the loading splash is replaced');
      assert.equal(await page.locator('svg.card').count(), 5, 'the fan of five cards is drawn');
      // Nothing overflows the phone's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the ${name} viewport`);
      await screenshot(page, `shell-first-screen-${name}`);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('the language switch changes the whole interface and is remembered', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('button', { name: /New game/ }).waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.getByText('Nouvelle partie').count(), 0);
    assert.equal(await page.getAttribute('.lang-option[lang=en]', 'aria-pressed'), 'true');
    await page.reload();
    await page.getByRole('button', { name: /New game/ }).waitFor();
    await screenshot(page, 'shell-english-desktop');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('an English browser gets English on a first visit', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'en-GB' });
    await page.goto(server.url);
    await page.getByRole('button', { name: /New game/ }).waitFor();
    await page.close();
  });

  test('the settings and new-game dialogs open, work from the keyboard and close', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    await page.getByRole('button', { name: /Nouvelle partie/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle partie' });
    await dialog.waitFor();
    assert.equal(await dialog.locator('input[name=preset]').count(), 5, 'five presets to choose from');
    assert.equal(await dialog.getByRole('radio', { name: /Classique/ }).isChecked(), true);
    await dialog.getByRole('radio', { name: /Rubicon/ }).check();
    await screenshot(page, 'shell-new-game-phone');
    assert.deepEqual(await axeViolations(page), [], 'new-game dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Paramètres' }).first().click();
    const settings = page.getByRole('dialog', { name: 'Paramètres' });
    await settings.waitFor();
    await settings.getByRole('radio', { name: 'Quatre couleurs' }).check();
    await screenshot(page, 'shell-settings-phone');
    assert.deepEqual(await axeViolations(page), [], 'settings dialog');
    await settings.getByRole('button', { name: 'Fermer' }).click();
    await settings.waitFor({ state: 'detached' });
    assert.equal(await page.locator('.app.deck-fourcolour').count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('corrupted saved settings are set aside, reported in one line, and the app starts', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    // Once the app has started (and saved its settings), corrupt them behind its back.
    await waitForApp(page);
    await page.evaluate(() => localStorage.setItem('piquet.settings', '%%% not json'));
    await page.reload();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Les paramètres enregistrés étaient illisibles\s: .*l’original est gardé dans les paramètres\./);
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.')).map((k) => localStorage.getItem(k)));
    assert.deepEqual(kept, ['%%% not json']);
    await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('progressive web app', () => {
  test('the manifest and service worker make it installable (CDP Page.getInstallabilityErrors)', async () => {
    const server = await serveDist();
    const context = await launchPersistent({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);
      const manifest = await (await page.request.get(new URL('manifest.webmanifest', server.url).href)).json();
      assert.equal(manifest.display, 'standalone');
      const sizes = manifest.icons.map((i) => `${i.sizes}:${i.purpose}`);
      for (const want of ['192x192:any', '512x512:any', '512x512:maskable']) assert.ok(sizes.includes(want), want);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test('after one visit the app reloads and renders with the server stopped, a game on the play wasm and the statistics on the whole app', async () => {
    const server = await serveDist();
    const context = await launchPersistent({ viewport: PHONE, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(server.url);
      await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
      await serviceWorkerInControl(page);
      const precached = await page.evaluate(async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith('piquet-')));
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
      assert.ok(precached.some((p) => p.endsWith('.wasm')), `the wasm is precached: ${precached}`);
      // Every wasm of the page, the whole app's too, which this page never asked for.
      for (const file of ['play_bg.wasm', 'play.js', 'play_loader.js', 'app_bg.wasm', 'app.js']) {
        assert.ok(precached.some((p) => p.endsWith(`/${file}`)), `${file} is precached: ${precached}`);
      }
      assert.equal(await page.evaluate(() => window.piquetApp), undefined, 'the page never started the whole app');
      await server.close();
      await page.reload();
      await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
      assert.equal(await page.locator('svg.card').count(), 5);
      await screenshot(page, 'shell-offline-phone');
      // Offline, a new game on the play wasm, reloaded: the table again, from the cache.
      await page.locator('#new-game-button').click();
      await page.locator('#start-game').click();
      await page.locator('.table #deal-button').waitFor();
      await page.reload();
      await page.locator('.table #deal-button').waitFor();
      assert.ok(await page.evaluate(() => window.piquetPlay !== undefined), 'the table is the play wasm\'s');
      await screenshot(page, 'shell-offline-game-phone');
      // The statistics, from the first screen: the whole app, from the cache too.
      await page.locator('#leave-button').click();
      await page.locator('#stats-button').click();
      await page.locator('#stats').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });

  test('a new version waits for the player, who reloads into it; old caches are dropped', async () => {
    const root = copyOfDist();
    const server = await serveDist(root);
    const context = await launchPersistent({ viewport: DESKTOP, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(server.url);
      await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
      await serviceWorkerInControl(page);
      const cachesBefore = await page.evaluate(() => caches.keys());
      assert.equal(cachesBefore.length, 1);
      // Publish a new version: the service worker's build line changes, as any rebuild changes it.
      const sw = join(root, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/"version":"([0-9a-f]+)"/, '"version":"$1next"'));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      const toast = page.getByRole('status').filter({ hasText: 'nouvelle version' });
      await toast.waitFor();
      await screenshot(page, 'shell-update-ready-desktop');
      // Until the player says so, the old version stays in charge.
      assert.deepEqual(await page.evaluate(() => caches.keys()).then((k) => k.includes(cachesBefore[0])), true);
      await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Recharger' }).click()]);
      await page.getByRole('button', { name: /Nouvelle partie/ }).waitFor();
      const cachesAfter = await page.evaluate(() => caches.keys());
      assert.deepEqual(cachesAfter, [`${cachesBefore[0]}next`]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });
});
