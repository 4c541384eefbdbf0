// The comforts of the settings, through the page only: the only card that may be played goes
// by itself after a short pause in which it is shown; « Annuler mon coup » against the computer
// takes back the player's card before the computer has answered it (its answer, due later, is
// dropped), and after, with the computer's reply; the deal then counts apart in the statistics;
// larger cards lay the hand in two rows on every phone, upright and sideways, with the table's
// one-screen checks holding; the hand's order by rank. The settings are kept across a reload,
// settings stored before them still read whole, and a bad one is named and set aside.
// Screenshots land in tests/e2e/artifacts/comforts-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, axeViolations, launch, screenshot, seedStorage, serveDist, waitForApp, watchErrors } from './harness.mjs';
import { currentPanel, fastPage, startGame, step, stepUntil } from './play.mjs';
import { layoutProblems } from './layout-check.mjs';

/** Settings as this build writes them, with `extra` over the defaults (animations off). */
const settings = (extra) => JSON.stringify({ v: 1, settings: { lang: 'fr', animation: 'off', ...extra } });

/** A page in French with these settings stored before the app runs, at `url`. */
async function withSettings(browser, url, stored, viewport = PHONE) {
  const page = await browser.newPage({ viewport, locale: 'fr-FR' });
  const errors = watchErrors(page);
  await seedStorage(page, { 'piquet.settings': stored });
  await page.goto(url);
  await waitForApp(page);
  return { page, errors };
}

/** The cards of the hand, left to right (« AS KH … »). */
const hand = (page) => page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card));

/** The stored settings' fields. */
const storedSettings = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('piquet.settings')).settings);

describe('the comforts of the settings', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  test('the settings keep the comforts across a reload; older settings read whole; a bad one is named and set aside', async () => {
    const { page, errors } = await fastPage(browser, server.url, PHONE);
    // FAST_SETTINGS are written as the build before the comforts wrote settings: no notice.
    assert.equal(await page.locator('#app-notice').count(), 0);
    await page.click('#settings-button');
    const dialog = page.locator('#settings');
    await dialog.waitFor();
    for (const id of ['#setting-play-forced', '#setting-undo', '#setting-large-cards']) {
      assert.equal(await dialog.locator(id).isChecked(), false, `${id} off by default`);
      await dialog.locator(id).check();
    }
    assert.equal(await dialog.getByRole('radio', { name: /Par couleur/ }).isChecked(), true);
    await dialog.getByRole('radio', { name: /Par hauteur/ }).check();
    await screenshot(page, 'comforts-settings-phone');
    assert.deepEqual(await axeViolations(page), [], 'axe on the settings');
    const stored = await storedSettings(page);
    assert.deepEqual([stored.play_forced, stored.undo, stored.large_cards, stored.hand_order], [true, true, true, 'rank']);
    await page.reload();
    await waitForApp(page);
    await page.click('#settings-button');
    for (const id of ['#setting-play-forced', '#setting-undo', '#setting-large-cards']) {
      assert.equal(await dialog.locator(id).isChecked(), true, `${id} kept`);
    }
    assert.equal(await dialog.getByRole('radio', { name: /Par hauteur/ }).isChecked(), true);
    assert.deepEqual(errors, []);
    await page.close();

    // One comfort stored wrong: it alone takes its default, named; the rest is kept, the
    // original set aside.
    const bad = await withSettings(browser, server.url, settings({ undo: 'yes', large_cards: true }));
    const notice = bad.page.locator('#app-notice');
    await notice.waitFor();
    assert.match(await notice.innerText(), /undo/);
    await bad.page.locator('#app-notice button').click();
    await bad.page.click('#settings-button');
    assert.equal(await bad.page.locator('#setting-undo').isChecked(), false);
    assert.equal(await bad.page.locator('#setting-large-cards').isChecked(), true);
    const kept = await bad.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.piquet.settings')));
    assert.equal(kept.length, 1, 'the original is kept aside');
    assert.deepEqual(bad.errors, []);
    await bad.page.close();
  });

  test('the only card that may be played goes by itself, shown first; the hand by rank', async () => {
    const { page, errors } = await withSettings(browser, `${server.url}?seed=4242`, settings({ play_forced: true, hand_order: 'rank' }));
    await startGame(page, { preset: 'classique', opponent: '1' });
    // The hand by rank: aces first, then kings… (the ranks never rise from left to right).
    assert.ok(await stepUntil(page, 'discard'), 'the exchange');
    const order = '789TJQKA';
    const ranks = (await hand(page)).map((c) => order.indexOf(c[0]));
    assert.deepEqual(ranks, [...ranks].sort((a, b) => b - a), `by rank: ${await hand(page)}`);
    // Up to a card that is the only one the player may play (at the latest, his last card).
    let seenAt = 0;
    const reached = await stepUntil(page, 'play', {
      accept: async () => {
        if (await page.locator('.seat-bottom .hand-card.forced').count() === 0) return false;
        seenAt = Date.now();
        return true;
      },
    });
    assert.ok(reached, 'a forced card came');
    const before = await hand(page);
    const forced = await page.locator('.seat-bottom .hand-card.forced').getAttribute('data-card');
    assert.deepEqual(await page.locator('.seat-bottom .hand-card.enabled').evaluateAll((b) => b.map((x) => x.dataset.card)), [forced],
      'the card shown is the only one that may be played');
    assert.match(await page.locator('.forced-note').innerText(), /seule carte jouable part d’elle-même/);
    await screenshot(page, 'comforts-forced-phone');
    // Nothing touched: it goes, after a pause long enough to see it.
    await page.waitForFunction((card) => !document.querySelector(`.seat-bottom .hand-card[data-card="${card}"]`), forced, { timeout: 5000 });
    const shown = Date.now() - seenAt;
    assert.ok(shown >= 250, `shown ${shown} ms before it went`);
    assert.deepEqual(await hand(page), before.filter((c) => c !== forced));
    const played = await page.evaluate(() => JSON.parse(localStorage.getItem('piquet.game')).record.deals.at(-1).actions
      .filter((a) => a.seat === 'A').at(-1));
    assert.deepEqual([played.action, played.arg], ['play', forced]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('« Annuler mon coup »: before the computer answers, after its reply; the deal counts apart', async () => {
    // Animations normal: the computer waits 0.7 s before it plays, time to take a card back.
    const { page, errors } = await withSettings(browser, `${server.url}?seed=515`, settings({ undo: true, animation: 'normal' }));
    await startGame(page, { preset: 'classique', opponent: '1' });
    const takeBack = page.locator('#take-back');
    await takeBack.waitFor();
    // Nothing of the player's to take back at the exchange; the exchange itself stands.
    assert.ok(await stepUntil(page, 'discard'), 'the exchange');
    assert.equal(await takeBack.isDisabled(), true, 'nothing to take back yet');
    assert.ok(await stepUntil(page, 'play', {
      accept: async () => /entamer/.test(await page.locator('.panel.play h2').innerText()),
    }), 'the player leads a trick');
    const cards = await hand(page);
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('piquet.game')));
    const actionsBefore = (await stored()).record.deals.at(-1).actions.length;
    // The card played, taken back before the computer's answer.
    await page.locator('.seat-bottom .hand-card.enabled').first().click({ position: { x: 12, y: 30 } });
    await page.locator('.panel.waiting').waitFor();
    await takeBack.click();
    await page.locator('.panel.play').waitFor();
    assert.deepEqual(await hand(page), cards, 'the card is back in the hand');
    // The computer's answer to the card taken back never comes.
    await page.waitForTimeout(1500);
    assert.equal(await currentPanel(page), 'play');
    assert.equal(await page.locator('.centre .trick:not(.done) .card').count(), 0, 'nothing on the table');
    let game = await stored();
    assert.equal(game.record.deals.at(-1).actions.length, actionsBefore);
    assert.equal(game.undos, 1);
    await screenshot(page, 'comforts-undo-phone');
    // Played again, answered, then taken back: the card and the computer's reply go.
    await page.locator('.seat-bottom .hand-card.enabled').first().click({ position: { x: 12, y: 30 } });
    await page.waitForFunction((n) => JSON.parse(localStorage.getItem('piquet.game')).record.deals.at(-1).actions.length >= n + 2, actionsBefore);
    await takeBack.click();
    await page.waitForFunction((n) => JSON.parse(localStorage.getItem('piquet.game')).record.deals.at(-1).actions.length === n, actionsBefore);
    await page.locator('.panel.play').waitFor();
    assert.deepEqual(await hand(page), cards, 'the trick is taken back');
    game = await stored();
    assert.equal(game.undos, 2);
    // The deal played out: it counts apart from the games played straight.
    assert.ok(await stepUntil(page, 'next-deal', { max: 300 }), 'the deal was played out');
    await page.locator('#leave-button').click();
    await page.click('#stats-button');
    const apart = page.locator('#stats-undo');
    await apart.waitFor();
    assert.match(await apart.locator('caption').innerText(), /Annuler mon coup/);
    assert.match(await apart.locator('tbody tr').first().innerText(), /Classique/);
    assert.equal(await page.locator('#stats-table').count(), 0, 'nothing counted among the straight games');
    await screenshot(page, 'comforts-stats-undo-phone');
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const [width, height] of [[320, 568], [360, 640], [568, 320], [640, 360], [844, 390]]) {
    test(`larger cards at ${width}×${height}: two rows, no smaller, the table on one screen`, async () => {
      const size = `${width}x${height}`;
      const { page, errors } = await withSettings(browser, `${server.url}?seed=77`, settings({}), { width, height });
      await startGame(page, { preset: 'classique', opponent: '1' });
      assert.ok(await stepUntil(page, 'discard'), 'the exchange');
      const measure = () => page.locator('.seat-bottom .hand-card').evaluateAll((b) => ({
        rows: new Set(b.map((x) => Math.round(x.getBoundingClientRect().top))).size,
        width: Math.min(...b.map((x) => x.getBoundingClientRect().width)),
        n: b.length,
      }));
      const normal = await measure();
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem('piquet.settings'));
        s.settings.large_cards = true;
        localStorage.setItem('piquet.settings', JSON.stringify(s));
      });
      await page.reload();
      await waitForApp(page);
      await page.locator('#confirm-discard').waitFor();
      const large = await measure();
      console.log(`# larger cards ${size}: ${normal.rows} row(s) of ${normal.width.toFixed(1)} px → ${large.rows} rows of ${large.width.toFixed(1)} px`);
      assert.equal(large.n, 12);
      assert.equal(large.rows, 2, `${size}: two rows`);
      assert.ok(large.width >= normal.width - 0.5, `${size}: ${large.width} px, no smaller than ${normal.width}`);
      assert.deepEqual(await layoutProblems(page, 'discard'), [], `${size} at the exchange`);
      await screenshot(page, `comforts-large-${size}-discard`);
      // Through the declarations to the first card: the one-screen checks at every decision.
      for (let guard = 0; guard < 60; guard++) {
        const panel = await currentPanel(page);
        if (!['waiting', 'error'].includes(panel)) assert.deepEqual(await layoutProblems(page, panel), [], `${size}, ${panel}`);
        if (panel === 'play') break;
        await step(page);
      }
      assert.equal(await currentPanel(page), 'play');
      await screenshot(page, `comforts-large-${size}-play`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
