// The rules page: reachable from the first screen and the top bar, in both languages, with the
// five presets side by side as the engine defines them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startGame } from './play.mjs';
import {
  DESKTOP, PHONE, axeViolations, launch, screenshot, serveDist, waitForApp, watchErrors,
} from './harness.mjs';

describe('rules page', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`opens from the first screen, cites articles, compares the presets (${name})`, async () => {
      const page = await browser.newPage({ viewport, locale: 'fr-FR' });
      const errors = watchErrors(page);
      await page.goto(server.url);
      await waitForApp(page);
      // The top bar stays one row even on a 360-px phone: name, languages, rules and settings.
      const bar = await page.locator('header.topbar').boundingBox();
      const brand = await page.locator('header.topbar .brand').boundingBox();
      assert.ok(bar.height < 64, `top bar is one row (${bar.height} px high)`);
      assert.ok(brand.height < 32, `the name is not wrapped (${brand.height} px high)`);
      await page.locator('#open-rules').click();
      const dialog = page.getByRole('dialog', { name: 'Règles' });
      await dialog.waitFor();
      // Article by article, in French.
      await dialog.getByRole('heading', { name: 'Le point' }).waitFor();
      const arts = await dialog.locator('.art').allTextContents();
      assert.ok(arts.includes('Art. 15.1'), `cites Art. 15.1: ${arts.join(', ')}`);
      assert.ok(arts.includes('Art. 18'), 'cites the pique article');
      // The presets side by side: a header cell per preset, a row per option.
      const table = dialog.getByRole('table');
      const heads = await table.locator('thead th').allTextContents();
      assert.deepEqual(heads, ['Règle', 'Classique', 'Ancien', 'Moderne', 'Rubicon', 'En 150']);
      const row = async (label) => table.getByRole('row', { name: new RegExp(`^${label}`) })
        .locator('td').allTextContents();
      assert.deepEqual(await row('Cartes / talon'), ['32 / 8', '36 / 12', '32 / 8', '32 / 8', '32 / 8']);
      assert.deepEqual(await row('Repic et pic'), ['oui', 'oui', 'oui', 'oui', 'non']);
      // What differs from classique is marked.
      const differs = await table.getByRole('row', { name: /^Écart du premier/ })
        .locator('td.differs').allTextContents();
      assert.deepEqual(differs, ['1–8']);
      // A contents link scrolls without touching the URL (the fragment carries records).
      await dialog.getByRole('link', { name: 'Les cinq façons de jouer' }).click();
      assert.equal(new URL(page.url()).hash, '');
      await screenshot(page, `rules-page-${name}`);
      assert.deepEqual(await axeViolations(page), []);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('in English from the top bar', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-GB' });
    await page.goto(server.url);
    await page.locator('#open-rules').click();
    const dialog = page.getByRole('dialog', { name: 'Rules' });
    await dialog.getByRole('heading', { name: 'The point' }).waitFor();
    await dialog.getByText('Only the last trick taken may be looked at again.').waitFor();
    const game = await dialog.getByRole('row', { name: /^Game/ }).locator('td').allTextContents();
    assert.deepEqual(game, [
      '100, match and belle', '100', '100', 'Rubicon, 6 deals', '150, match, belle to 221',
    ]);
    // The presets are named as the new-game dialog names them: one vocabulary.
    const heads = await dialog.getByRole('table').locator('thead th').allTextContents();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('#new-game-button').click();
    const offered = await page.locator('input[name=preset] ~ .preset-name').allTextContents();
    assert.deepEqual(heads, ['Rule', ...offered]);
    assert.deepEqual(offered, ['Classic', 'Ancien', 'Modern', 'Rubicon', 'To 150']);
    await page.close();
  });

  test('from an ancien game, « Règles » opens at the ancien rules; its export is named and dated', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    await waitForApp(page);
    await startGame(page, { preset: 'ancien', opponent: '1' });
    await page.locator('#table-rules').click();
    const dialog = page.getByRole('dialog', { name: 'Règles' });
    const ancien = dialog.locator('#rules-variant-ancien[aria-current]');
    await ancien.waitFor();
    assert.match(await ancien.innerText(), /^Ancien \(du temps de Molière\)\s:\s36 cartes/);
    await page.waitForFunction(() => {
      const r = document.getElementById('rules-variant-ancien').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    assert.equal(await dialog.locator('.rule[aria-current]').count(), 1, 'only the game’s own rules marked');
    await screenshot(page, 'rules-from-ancien-game-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The game's export keeps its context: the rules and the day in the name, the players and
    // the day in the record.
    await page.click('#table-menu');
    await page.click('#export-button');
    const exportDialog = page.getByRole('dialog', { name: 'Exporter' });
    await exportDialog.waitFor();
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const [json] = await Promise.all([page.waitForEvent('download'), exportDialog.locator('#export-json').click()]);
    assert.equal(json.suggestedFilename(), `piquet-ancien-${today}.json`);
    const record = JSON.parse(readFileSync(await json.path(), 'utf8'));
    assert.deepEqual(record.meta.players, ['Vous', 'L’ordinateur']);
    assert.equal(record.meta.date, today);
    const [text] = await Promise.all([page.waitForEvent('download'), exportDialog.locator('#export-text').click()]);
    assert.equal(text.suggestedFilename(), `piquet-ancien-${today}.txt`);

    // Opened again in the viewer, the file says who played and when (not « Joueur A — Joueur B »).
    const viewer = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    await viewer.goto(server.url);
    await viewer.click('#replay-button');
    await viewer.click('.replay-loader summary');
    await viewer.setInputFiles('#record-file', await json.path());
    const heading = viewer.locator('#replay-event');
    await heading.filter({ hasText: 'Vous — L’ordinateur' }).waitFor();
    await viewer.click('#replay-facts summary');
    const meta = await viewer.locator('.replay-meta').innerText();
    assert.ok(meta.includes(today), meta);
    assert.ok(!meta.includes('Joueur A'), meta);
    await viewer.close();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
