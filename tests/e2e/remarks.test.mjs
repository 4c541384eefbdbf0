// The score as it comes and as it is written down, on a game whose deals were laid out for it
// (tests/e2e/fixtures/pic-capot-blanche.json, checked by tests/seeds.rs): the player's seventh
// lead makes a pic, shown on his seat beside its count as « +31 · une carte marquante menée, pic »; he takes
// every trick (capot); in the second deal he holds cartes blanches. The score sheet writes pic,
// capot and cartes blanches under his points.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DESKTOP, PHONE, axeViolations, launch, screenshot, seedStorage, serveDist, waitForApp, watchErrors } from './harness.mjs';
import { FAST_SETTINGS, currentPanel, stepUntil } from './play.mjs';

const GAME = JSON.parse(readFileSync(new URL('./fixtures/pic-capot-blanche.json', import.meta.url), 'utf8'));
/** French typography puts no-break spaces in numbers and before « : »; read them as spaces. */
const spaced = (text) => text.replace(/\s/g, ' ');

/** A page whose storage holds `save` as the game in progress (set once, before the app runs). */
async function savedGame(browser, server, save, viewport) {
  const page = await browser.newPage({ viewport, locale: 'fr-FR' });
  const errors = watchErrors(page);
  await seedStorage(page, { 'piquet.settings': FAST_SETTINGS, 'piquet.game': JSON.stringify(save) });
  await page.goto(server.url);
  await waitForApp(page);
  await page.locator('main.table').waitFor();
  return { page, errors };
}

/** The remarks of each deal of the score sheet in `scope`: [[mine, the computer's], …]. */
const remarks = (scope) => scope.locator('table.sheet tbody tr').evaluateAll((rows) => rows.map(
  (tr) => [...tr.querySelectorAll('td.num')].map((td) => td.querySelector('.remark')?.textContent ?? ''),
));

describe('the score as it comes and as it is written down', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    test(`a pic shown beside my seat as it is scored; pic and capot under my points at the end of the deal (${name})`, async () => {
      // The first deal after six tricks: the player leads, on 29 points.
      const save = structuredClone(GAME);
      save.record.deals = [save.record.deals[0]];
      save.record.deals[0].actions = save.record.deals[0].actions.slice(0, 21);
      const { page, errors } = await savedGame(browser, server, save, viewport);
      await page.locator('.panel.play').waitFor();
      await page.locator('.seat-bottom .hand-card.enabled').first().click({ position: { x: 12, y: 30 } });
      const toast = page.locator('.my-head .toast-score').filter({ hasText: 'pic' });
      await toast.waitFor();
      assert.equal(spaced(await toast.innerText()), '+31 · une carte marquante menée, pic');
      // Seen on my seat's head, beside its count: on screen, drawn, the count in sight.
      const where = await toast.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const head = document.querySelector('.my-head').getBoundingClientRect();
        const count = document.querySelector('#count-me').getBoundingClientRect();
        return {
          onScreen: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.width > 0,
          opacity: Number(getComputedStyle(el).opacity),
          onHead: r.top >= head.top - 1 && r.bottom <= head.bottom + 1,
          besideCount: r.right <= count.left + 1,
        };
      });
      assert.ok(where.onScreen, JSON.stringify(where));
      assert.ok(where.opacity > 0.9, JSON.stringify(where));
      assert.ok(where.onHead && where.besideCount, `on my seat, beside its count: ${JSON.stringify(where)}`);
      assert.equal(await page.locator('.seat-top .toast-score').filter({ hasText: 'pic' }).count(), 0);
      await screenshot(page, `remarks-pic-toast-${name}`);
      // The deal played out: every trick is mine.
      assert.ok(await stepUntil(page, 'next-deal', { max: 200 }), 'the deal was played out');
      assert.equal(await currentPanel(page), 'next-deal');
      assert.deepEqual(await remarks(page.locator('.panel.deal-over')), [['pic, capot', '']]);
      // Between deals the sheet has no dealer column: the dealer's points (the computer dealt)
      // carry his « D », as his seat does at the table.
      const between = page.locator('.panel.deal-over table.sheet');
      assert.equal(await between.locator('thead th').count(), 3);
      assert.deepEqual(await between.locator('tbody td.num').evaluateAll((tds) => tds.map((td) => td.querySelector('.chip.dealer')?.getAttribute('aria-label') ?? '')), ['', 'Donneur']);
      await screenshot(page, `remarks-deal-over-${name}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('the score sheet writes pic, capot and cartes blanches under the points of who scored them', async () => {
    const { page, errors } = await savedGame(browser, server, GAME, PHONE);
    await page.locator('#next-deal').waitFor();
    await page.click('#sheet-button');
    const sheet = page.locator('#score-sheet');
    await sheet.waitFor();
    assert.deepEqual(await remarks(sheet), [['pic, capot', ''], ['cartes blanches', '']]);
    await screenshot(page, 'remarks-sheet-phone');
    assert.deepEqual(await axeViolations(page), [], 'axe on the score sheet');
    // In English, the same remarks in English.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
    await page.click('#table-menu');
    await page.click('#table-settings');
    await page.locator('#settings').getByRole('radio', { name: 'English' }).check();
    await page.keyboard.press('Escape');
    await page.locator('#settings').waitFor({ state: 'detached' });
    await page.click('#sheet-button');
    await sheet.waitFor();
    assert.deepEqual(await remarks(sheet), [['pique, capot', ''], ['carte blanche', '']]);
    await screenshot(page, 'remarks-sheet-desktop');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
