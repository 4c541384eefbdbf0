// The rules page: reachable from the first screen and the top bar, in both languages, with the
// five presets side by side as the engine defines them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
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
      await page.locator('#rules-button').click();
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
    await page.close();
  });
});
