// After a deal, where the points were won and lost: the review of a deal from the deal-over
// panel, the score sheet and the replay viewer (computed in the worker, the progress bar shown
// meanwhile; marks shown, each with its reason; at each card played every legal card with its
// expected and its open-card value; the export carrying the review as the record's commentary in
// French and English), and the statistics after two whole games, damaged in between
// (what still reads is kept, the original set aside, and the table says so once).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DESKTOP, PHONE, axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { currentPanel, fastPage, playToTheEnd, startGame, stepUntil } from './play.mjs';

const SEED = Number(process.env.SEED ?? 777);

/** French typography puts no-break spaces in numbers and before « : »; read them as spaces. */
const spaced = (text) => text.replace(/\s/g, ' ');

const gamePage = (browser, url, viewport, seed) => fastPage(browser, `${url}?seed=${seed}`, viewport);

/** A value as the review writes it: « 4,5 », « −12,0 ». */
const NUMBER = /^−?\d+,\d$/;

/**
 * Opens a review with `open()` and waits for its result, watching the page meanwhile: the
 * progress bar must show while the worker reviews. Returns the dialog.
 */
async function openReview(page, open) {
  await page.evaluate(() => {
    window.__review = { progress: false, done: false, values: [] };
    // The bar's value, frame by frame, while the worker reviews.
    const watch = () => {
      const bar = document.querySelector('#review #review-progress');
      const values = window.__review.values;
      if (bar && bar.value !== values.at(-1)) values.push(bar.value);
      if (!window.__review.done) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    const observer = new MutationObserver(() => {
      if (document.querySelector('#review #review-progress')) window.__review.progress = true;
      if (document.querySelector('#review #review-list, #review #review-only-marked')) {
        window.__review.done = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await open();
  const dialog = page.locator('#review');
  await dialog.waitFor();
  await page.waitForFunction(() => window.__review.done, null, { timeout: 60_000 });
  assert.ok(await page.evaluate(() => window.__review.progress), 'the progress bar showed while the worker reviewed');
  // It moves as the decisions are reviewed, within the long first one too (the exchange), and
  // never back: no « 0 / 16 » for the whole review, then a jump.
  const values = await page.evaluate(() => window.__review.values);
  assert.ok(values.length >= 5, `the bar moved through ${values.length} values: ${values}`);
  assert.ok(values.some((v) => v > 0 && v < 1), `the first decision was told in parts: ${values}`);
  for (let i = 1; i < values.length; i++) assert.ok(values[i] >= values[i - 1], `never back: ${values}`);
  assert.equal(await dialog.locator('#review-progress').count(), 0, 'and went when the review came');
  return dialog;
}

/** What keeps the decision panel's main button from being seen and touched whole (null: nothing). */
const mainButtonProblem = (page) => page.evaluate(() => {
  const button = document.querySelector('.side .panel-foot .button.primary');
  if (!button) return 'no main button';
  const r = button.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    return `#${button.id} at ${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}×${innerHeight}`;
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return button.contains(hit) ? null : `#${button.id} covered by ${hit?.className}`;
});

/** Each card played in the review, in order: its options' rows (none when one card could be played). */
const cardPlays = (dialog) => dialog.locator('.decision').evaluateAll((ds) => ds
  .filter((d) => d.querySelector('.decision-kind').textContent.startsWith('Carte jouée'))
  .map((d) => ({
    rows: [...d.querySelectorAll('tbody tr')].map((tr) => {
      const [expected, open] = [...tr.querySelectorAll('td.num')].map((td) => td.textContent);
      return { card: tr.querySelector('th').textContent, chosen: tr.classList.contains('chosen'), expected, open };
    }),
  })));

describe('where points were won and lost', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
    console.log(`# review: SEED=${SEED}`);
  });
  after(async () => { await browser?.close(); await server?.close(); });

  test('a deal reviewed from the deal-over panel: the progress bar, marks, reasons, every legal card valued, the export in French and English', async () => {
    const { page, errors } = await gamePage(browser, server.url, PHONE, SEED);
    await startGame(page, { preset: 'classique', opponent: '1' });
    // The number of cards the player could play at each of his plays of the deal, counted in
    // `step`'s own look at the panel (a separate look before it could see the computer still
    // thinking and miss the play that `step` then takes).
    const legal = [];
    const countLegal = async (panel) => {
      if (panel === 'play') legal.push(await page.locator('.seat-bottom .hand-card.enabled').count());
    };
    assert.ok(await stepUntil(page, 'next-deal', { max: 300, onPanel: countLegal }), 'the deal ends');
    assert.equal(await currentPanel(page), 'next-deal');
    assert.equal(legal.length, 12, 'twelve cards played');
    const dialog = await openReview(page, () => page.locator('#review-deal').click());
    assert.equal(await dialog.locator('#review-title').innerText(), 'Revue de la donne\u00a01');
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
    // Each card played: every card the player could play, with its value from his view and
    // its exact value with all cards known.
    const plays = await cardPlays(dialog);
    assert.deepEqual(plays.map((p) => p.rows.length || 1), legal, 'one row per legal card, at each play');
    for (const [i, play] of plays.entries()) {
      if (play.rows.length === 0) continue;
      assert.equal(play.rows.filter((r) => r.chosen).length, 1, `play ${i + 1}: the card played is marked`);
      for (const r of play.rows) {
        assert.match(r.expected, NUMBER, `play ${i + 1}, ${r.card}: expected value`);
        assert.match(r.open, NUMBER, `play ${i + 1}, ${r.card}: open value`);
      }
    }
    await dialog.locator('.decision', { hasText: 'Carte jouée' }).first().locator('summary').click();
    await screenshot(page, 'review-phone');
    assert.deepEqual(await axeViolations(page), [], 'axe on the review');
    // The export carries the review as the record's commentary, in French and in English.
    const listed = await decisions.evaluateAll((ds) => ds.map((d) => ({
      // Who and which action (« Voir sur la table » beside it, in its own button).
      at: Number(d.querySelector('.decision-who .decision-at').textContent.match(/(\d+)$/)[1]) - 1,
      mark: d.querySelector('.mark')?.textContent ?? null,
      reason: d.querySelector('.decision-reason').textContent,
    })));
    await page.locator('#review-export').click();
    await dialog.locator('.export').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.locator('#export-json').click()]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
    // Exported from the table: named by its rules and the day, which the record keeps with its players.
    assert.match(download.suggestedFilename(), /^piquet-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.json$/);
    assert.equal(download.suggestedFilename().slice(-15, -5), exported.meta.date);
    assert.equal(exported.meta.players.length, 2);
    const actions = exported.deals[0].actions;
    const reviewed = actions.filter((a) => a.comment?.fr || a.comment?.en);
    assert.equal(reviewed.length, listed.length, 'each decision reviewed is commented, and only those');
    for (const d of listed) {
      const { fr, en } = actions[d.at].comment;
      assert.equal(actions[d.at].seat, 'A');
      const mark = d.mark ? { Imprécision: 'inaccuracy', Erreur: 'mistake', Gaffe: 'blunder' }[d.mark] : null;
      assert.ok(spaced(fr).startsWith(d.mark ? `Revue : ${d.mark.toLowerCase()} (` : 'Revue : '), fr);
      assert.ok(spaced(fr).endsWith(spaced(d.reason)), `${fr} ends with the reason shown: ${d.reason}`);
      assert.ok(en.startsWith(mark ? `Review: ${mark} (` : 'Review: '), en);
      assert.ok(!/[àâçéèêëîïôûùœ«]/i.test(en), `the English commentary is English: ${en}`);
    }
    // Only the marked decisions.
    await page.locator('#review-only-marked').check();
    assert.equal(await decisions.count(), await marked.count());
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'review-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a deal reviewed from the score sheet, and from the replay viewer for both seats', async () => {
    const { page, errors } = await gamePage(browser, server.url, DESKTOP, SEED + 3);
    await startGame(page, { preset: 'rubicon', opponent: '1' });
    assert.ok(await stepUntil(page, 'next-deal'), 'the first deal ends');
    await page.locator('#next-deal').click();
    // In the second deal, the score sheet reviews the first.
    await page.locator('#sheet-button').click();
    const sheet = page.locator('#score-sheet');
    await sheet.waitFor();
    assert.equal(await sheet.locator('.review-row').count(), 1, 'the finished deal only');
    let dialog = await openReview(page, () => sheet.locator('.review-row').first().click());
    assert.equal(await dialog.locator('#review-title').innerText(), 'Revue de la donne\u00a01');
    assert.equal(await dialog.locator('.review-summary').count(), 1, 'the player\'s decisions');
    assert.match(await dialog.locator('.review-summary').innerText(), /Points perdus\u00a0: Vous/);
    let plays = await cardPlays(dialog);
    assert.equal(plays.length, 12);
    assert.ok(plays.every((p) => p.rows.every((r) => NUMBER.test(r.open) && NUMBER.test(r.expected))), 'every card valued');
    await screenshot(page, 'review-from-sheet-desktop');
    await dialog.locator('.modal-head button').click();
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // The replay viewer: a historical record, every card face up, both seats reviewed.
    await page.locator('#leave-button').click();
    await page.locator('#replay-button').click();
    await page.locator('#open-hoffmann-1909').click();
    await page.locator('#replay-event').filter({ hasText: 'Hoyle' }).waitFor();
    await page.check('#view-open');
    dialog = await openReview(page, () => page.locator('#replay-review').click());
    assert.equal(await dialog.locator('#review-title').innerText(), 'Revue de la donne\u00a01');
    const seats = await dialog.locator('.review-summary h3').allInnerTexts();
    assert.equal(seats.length, 2, `both seats: ${seats}`);
    plays = await cardPlays(dialog);
    assert.equal(plays.length, 24, 'both seats\' twelve cards');
    for (const [i, play] of plays.entries()) {
      for (const r of play.rows) assert.match(r.open, NUMBER, `play ${i + 1}, ${r.card}: open value`);
      if (play.rows.length) assert.equal(play.rows.filter((r) => r.chosen).length, 1);
    }
    assert.ok(plays.some((p) => p.rows.length > 1), 'some play had a choice');
    await screenshot(page, 'review-replay-desktop');
    assert.deepEqual(await axeViolations(page), [], 'axe on the review in the replay viewer');
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
          // The notice gives way to the panel: its main button whole on screen and touchable.
          for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE], ['phone-sideways', { width: 640, height: 360 }],
            ['phone-small', { width: 320, height: 568 }]]) {
            await page.setViewportSize(size);
            await screenshot(page, `stats-damaged-notice-${name}`);
            assert.equal(await mainButtonProblem(page), null, `${name}: the panel's main button beside the notice`);
            assert.equal(await shown.locator('button').isVisible(), true, `${name}: the notice can be closed`);
          }
          await page.setViewportSize(DESKTOP);
          await shown.getByRole('button', { name: 'Fermer' }).click();
          await shown.waitFor({ state: 'detached' });
        },
      });
      await page.locator('#leave-button').click();
    }
    // Told at the end of the first deal after the damage, in French, once.
    assert.equal(notice, 'Les statistiques enregistrées n’étaient pas toutes lisibles (2 entrées sur 4) : le reste est repris, et l’original est gardé dans les paramètres.');
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
    // On a phone, upright or sideways, every figure of every row is read in the dialog, under
    // its column's name; nothing scrolls sideways.
    for (const size of [{ width: 320, height: 568 }, PHONE, { width: 568, height: 320 }, { width: 640, height: 360 }]) {
      await page.setViewportSize(size);
      const problems = await page.evaluate(() => {
        const out = [];
        const body = document.querySelector('#stats .modal-body');
        const box = body.getBoundingClientRect();
        for (const el of [body, ...body.querySelectorAll('.table-scroll')]) {
          if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className} scrolls sideways: ${el.scrollWidth} in ${el.clientWidth}`);
        }
        for (const td of document.querySelectorAll('#stats-table td')) {
          const r = td.getBoundingClientRect();
          if (r.width === 0 || r.left < box.left - 1 || r.right > box.right + 1) out.push(`« ${td.textContent} » is not in the dialog`);
          if (td.scrollWidth > td.clientWidth + 1) out.push(`« ${td.textContent} » is cut short`);
          const label = getComputedStyle(td, '::before').content;
          if (!/[A-Za-zÉé]/.test(label)) out.push(`« ${td.textContent} » has no column name beside it`);
        }
        return out;
      });
      await screenshot(page, `stats-${size.width}x${size.height}`);
      assert.deepEqual(problems, [], `the statistics at ${size.width}×${size.height}`);
    }
    assert.deepEqual(await axeViolations(page), [], 'axe on the statistics as cards');
    await page.setViewportSize(DESKTOP);
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
