// After a deal, where the points were won and lost: the review of a deal from the deal-over
// panel (computed in the worker, with a progress bar; marks shown, each with its reason and
// the value of every option), and the statistics after two whole games, damaged in between
// (what still reads is kept, the original set aside, and the table says so once).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { currentPanel, fastPage, playToTheEnd, startGame, step } from './play.mjs';

const SEED = Number(process.env.SEED ?? 777);

/** French typography puts no-break spaces in numbers and before « : »; read them as spaces. */
const spaced = (text) => text.replace(/\s/g, ' ');

const gamePage = (browser, url, viewport, seed) => fastPage(browser, `${url}?seed=${seed}`, viewport);

describe('where points were won and lost', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
    console.log(`# review: SEED=${SEED}`);
  });
  after(async () => { await browser?.close(); await server?.close(); });

  test('a deal reviewed from the deal-over panel: progress, marks, reasons, every option valued', async () => {
    const { page, errors } = await gamePage(browser, server.url, PHONE, SEED);
    await startGame(page, { preset: 'classique', opponent: '1' });
    for (let i = 0; i < 300 && (await currentPanel(page)) !== 'next-deal'; i++) await step(page);
    assert.equal(await currentPanel(page), 'next-deal');
    await page.locator('#review-deal').click();
    const dialog = page.locator('#review');
    await dialog.waitFor();
    // The page answers while the worker reviews: the progress bar moves.
    await page.locator('#review-progress').waitFor({ timeout: 5_000 }).catch(() => {});
    await page.locator('#review-list, #review-only-marked').first().waitFor({ timeout: 60_000 });
    const summary = await dialog.locator('.review-summary').innerText();
    assert.match(summary, /Points perdus\u00a0: Vous/);
    assert.match(summary, /Jeu des cartes\u00a0: \d+,\d pts/);
    const decisions = dialog.locator('.decision');
    assert.ok(await decisions.count() > 5, 'every decision of the seat is listed');
    const marked = dialog.locator('.decision.marked');
    assert.ok(await marked.count() > 0, 'the simple strategy of the test makes costly choices');
    const first = marked.first();
    assert.match(await first.locator('.mark').innerText(), /^(Imprécision|Erreur|Gaffe)$/);
    assert.match(await first.locator('.loss').innerText(), /^−\d+,\d pts$/);
    assert.ok((await first.locator('.decision-reason').innerText()).length > 10, 'a reason in words');
    // A card play lists every legal card with its value, open cards included.
    const play = dialog.locator('.decision', { hasText: 'Carte jouée' }).first();
    await play.locator('summary').click();
    const rows = await play.locator('tbody tr').count();
    assert.ok(rows >= 1);
    const open = await play.locator('tbody td.num').allInnerTexts();
    assert.ok(open.every((v) => /^[−]?\d+,\d$|^—$/.test(v)), `values: ${open}`);
    await screenshot(page, 'review-phone');
    assert.deepEqual(await axeViolations(page), [], 'axe on the review');
    // Only the marked decisions, then the export with the review as commentary.
    await page.locator('#review-only-marked').check();
    assert.equal(await decisions.count(), await marked.count());
    await page.locator('#review-export').click();
    await dialog.locator('.export').waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'review-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the statistics after two games, one of their tallies damaged in between: what reads is kept, and the table says it once', async () => {
    const { page, errors } = await gamePage(browser, server.url, DESKTOP, SEED + 1);
    let damaged = null;
    let notice = null;
    for (let game = 0; game < 2; game++) {
      // Each game its own seed (as every game has when no ?seed= is given).
      if (game) {
        await page.goto(`${server.url}?seed=${SEED + 2}`);
        // A finished game is on the table again after a reload, its final sheet on show.
        await page.locator('#play-again').waitFor();
        await page.locator('#leave-button').click();
        // The statistics damaged behind the app's back: one tally and one game remembered as
        // counted that no longer read, beside the first game's, which still do.
        damaged = await page.evaluate(() => {
          const stored = JSON.parse(localStorage.getItem('piquet.stats'));
          stored.stats.tallies['2/ancien'] = { games: 'many' };
          stored.stats.counted.push({ seed: 'lost' });
          const raw = JSON.stringify(stored);
          localStorage.setItem('piquet.stats', raw);
          return raw;
        });
      }
      await startGame(page, { preset: 'classique', opponent: '1', target: 100, matchPlay: false });
      await playToTheEnd(page, {
        onPanel: async () => {
          const shown = page.locator('#stored-notice');
          if (!(await shown.count())) return;
          assert.equal(notice, null, `said once only: ${await shown.innerText()}`);
          notice = spaced(await shown.locator('span').innerText());
          await screenshot(page, 'stats-damaged-notice-desktop');
          await page.setViewportSize(PHONE);
          await screenshot(page, 'stats-damaged-notice-phone');
          await page.setViewportSize({ width: 640, height: 360 });
          await screenshot(page, 'stats-damaged-notice-phone-sideways');
          await page.setViewportSize(DESKTOP);
          await shown.getByRole('button', { name: 'Fermer' }).click();
          await shown.waitFor({ state: 'detached' });
        },
      });
      await page.locator('#leave-button').click();
    }
    // Told at the end of the first deal after the damage, in French, once.
    assert.equal(notice, 'Les statistiques enregistrées n\'étaient pas toutes lisibles (2 entrées sur 4) : le reste est repris, et l\'original est gardé dans les paramètres.');
    // The damaged original is kept aside, whole, and the settings offer it.
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.piquet.stats.')).map((k) => localStorage.getItem(k)));
    assert.deepEqual(kept, [damaged]);
    await page.locator('#settings-button').click();
    const listed = page.locator('#set-aside .set-aside-item');
    await listed.first().waitFor();
    assert.match(await listed.innerText(), /Statistiques enregistrées — /);
    await page.keyboard.press('Escape');
    await page.locator('#settings').waitFor({ state: 'detached' });
    await page.locator('#stats-button').click();
    const dialog = page.locator('#stats');
    await dialog.waitFor();
    const total = await dialog.locator('tfoot tr').innerText();
    const [won, lost] = total.match(/(\d+) – (\d+)/).slice(1).map(Number);
    assert.equal(won + lost, 2, `two games in all, the first one's tally kept: ${total}`);
    // Read whole now: the dialog has nothing more to say.
    assert.equal(await dialog.locator('.notice').count(), 0);
    assert.match(await dialog.locator('tbody').innerText(), /1 — Le Novice/);
    await screenshot(page, 'stats-desktop');
    assert.deepEqual(await axeViolations(page), [], 'axe on the statistics');
    // Reset asks first, then empties them.
    await page.locator('#stats-reset').click();
    await page.locator('#stats-keep').click();
    assert.equal(await dialog.locator('#stats-table').count(), 1);
    await page.locator('#stats-reset').click();
    await page.locator('#stats-reset-yes').click();
    await dialog.locator('#stats-empty').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
