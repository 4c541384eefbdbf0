// The review you can see: after a deal (from the deal-over panel) and in the replay viewer,
// « Voir sur la table » steps through the reviewed decisions on the table itself — each drawn as
// its seat saw it just before deciding (the DOM never names a card that seat had not seen, the
// other hand only backs), the best choice and the choice made marked on the cards and in the
// panel with every option's values, the mark and its reason — by the buttons and by ←/→;
// « Erreurs seulement » goes from one marked decision to the next; Back returns to the review
// (at once: it is not computed again); a step saved as a problem is listed under « Mes
// problèmes », solved there, exported as a file that `piquet problems verify` accepts, and
// removed. At 360 × 640 and 1280 × 800 from the table, at 640 × 360 from the viewer; axe-core
// on the review's table. Screenshots land in tests/e2e/artifacts/review-table-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT, axeViolations, cardName, cardsOf, openPage, screenshot, serveAndLaunch, tempDir, waitForApp,
} from './harness.mjs';
import { startGame, stepUntil } from './play.mjs';

const SEED = Number(process.env.SEED ?? 777);

/** French typography puts no-break spaces before « : »; read them as spaces. */
const spaced = (text) => text.replace(/\s/g, ' ');

/** Opens the review of the deal just played (from the deal-over panel) and waits for it. */
async function reviewDeal(page) {
  await page.locator('#review-deal').click();
  await page.locator('#review #review-on-table').waitFor({ timeout: 60_000 });
  return page.locator('#review');
}

/** The step on the table: which decision of the deal, its place, its mark, what is marked. */
const stepShown = (page) => page.evaluate(() => {
  const main = document.querySelector('main.review-table');
  const [k, n] = (document.getElementById('review-step-title')?.textContent.match(/\d+/g) ?? []).map(Number);
  const rows = [...document.querySelectorAll('#review-step .review-option')];
  return {
    index: Number(main.dataset.decision),
    mark: main.dataset.mark ?? null,
    k,
    n,
    rows: rows.length,
    best: rows.filter((r) => r.classList.contains('best')).map((r) => r.dataset.action),
    chosen: rows.filter((r) => r.classList.contains('chosen')).map((r) => r.dataset.action),
    hand: [...document.querySelectorAll('.seat-bottom .hand-card')].map((c) => ({
      card: c.dataset.card,
      best: c.classList.contains('hinted'),
      chosen: c.classList.contains('chosen'),
      note: c.querySelector('.card-note')?.textContent ?? null,
    })),
    reason: document.getElementById('review-step-reason')?.textContent ?? '',
  };
});

/**
 * The cards the table at decision `index` of the saved game's last deal (classique) must not
 * name: the other seat's discards and every card it plays from there on (its hand then), but
 * those it showed in a declaration or an answer before, and those seat A saw in the talon when,
 * as elder, it took fewer than five (Art. 4: it looks at the cards it could have taken).
 */
function hiddenAt(record, index) {
  const deal = record.deals.at(-1);
  const hidden = new Set();
  const shown = new Set();
  const took = deal.actions.findIndex((a) => a.seat === 'A' && a.action === 'discard');
  if (deal.layout.dealer === 'B' && took >= 0 && took < index) {
    deal.layout.talon.slice(cardsOf(deal.actions[took].arg).length, 5).forEach((c) => shown.add(c));
  }
  deal.actions.forEach((a, i) => {
    if (a.seat !== 'B') return;
    if (a.action === 'discard') cardsOf(a.arg).forEach((c) => hidden.add(c));
    if (a.action === 'play' && i >= index) hidden.add(a.arg);
    if (i < index && a.action === 'declare' && a.arg) cardsOf(a.arg).forEach((c) => shown.add(c));
    if (i < index && a.action === 'answer' && a.arg?.cards) cardsOf(a.arg.cards).forEach((c) => shown.add(c));
  });
  return [...hidden].filter((c) => !shown.has(c));
}

/** Asserts that the review's table names no card of `hidden`, and draws the other hand as backs. */
async function assertNothingHidden(page, hidden, where) {
  const html = await page.evaluate(() => document.body.innerHTML);
  const leaked = hidden.filter((c) => html.includes(cardName(c)) || html.includes(`data-card="${c}"`));
  assert.deepEqual(leaked, [], `${where}: the table names cards its seat had not seen`);
  assert.equal(await page.locator('.seat-top .opp-hand [data-card]').count(), 0, `${where}: backs only`);
}

/** Checks what a step marks: one best and one chosen option, on the cards too; in the play a
 *  value on every card that could be played. */
function assertMarked(step, where) {
  assert.equal(step.best.length, 1, `${where}: one best option`);
  assert.equal(step.chosen.length, 1, `${where}: the choice made`);
  assert.ok(step.reason.length > 10, `${where}: a reason in words`);
  const played = /^[2-9TJQKA][SHDC]$/;
  if (played.test(step.best[0])) {
    assert.ok(step.hand.find((c) => c.card === step.best[0])?.best, `${where}: the best card marked`);
    assert.ok(step.hand.find((c) => c.card === step.chosen[0])?.chosen, `${where}: the card played marked`);
    if (step.rows > 1) {
      const noted = step.hand.filter((c) => c.note).length;
      assert.equal(noted, step.rows, `${where}: every card that could be played has its value`);
      for (const c of step.hand.filter((x) => x.note)) assert.match(c.note, /^[+−]\d+,\d$/);
    }
  }
  if (step.best[0].startsWith('x ')) {
    for (const c of cardsOf(step.best[0].slice(2))) {
      assert.ok(step.hand.find((h) => h.card === c)?.best, `${where}: ${c}, of the best discard, marked`);
    }
  }
}

describe('the review on the table', () => {
  const env = serveAndLaunch();

  for (const [width, height] of [[360, 640], [1280, 800]]) {
    const size = `${width}x${height}`;
    test(`a deal's decisions stepped through on the table at ${size}, its mistakes, one saved as a problem`, async () => {
      const { page, errors } = await openPage(env.browser, `${env.server.url}?seed=${SEED}`, { width, height });
      await startGame(page, { preset: 'classique', opponent: '1' });
      assert.ok(await stepUntil(page, 'next-deal', { max: 300 }), 'the deal ends');
      const dialog = await reviewDeal(page);
      const listed = await dialog.locator('.decision').count();
      const marked = await dialog.locator('.decision.marked').count();
      assert.ok(marked > 0, 'the simple strategy of the test makes costly choices');
      const record = JSON.parse(await page.evaluate(() => localStorage.getItem('piquet.game'))).record;
      await dialog.locator('#review-on-table').click();
      await page.locator('main.review-table').waitFor();
      assert.equal(await page.locator('#review').count(), 0, 'the dialog gave way to the table');
      const focusInside = () => page.evaluate(() => document.activeElement?.closest('.review-table') !== null);
      assert.ok(await focusInside(), 'the keyboard is in the review');
      assert.equal(spaced(await page.locator('.review-table .deal-label').innerText()), 'Revue de la donne 1');
      await screenshot(page, `review-table-${size}-first`);
      if (width === 360) assert.deepEqual(await axeViolations(page), [], 'axe on the review on the table');
      // Every decision, one after the other: the buttons, then the keyboard.
      const seen = [];
      for (let k = 1; k <= listed; k++) {
        const step = await stepShown(page);
        assert.equal(step.k, k, 'one step at a time');
        assert.equal(step.n, listed, 'as many steps as decisions reviewed');
        assertMarked(step, `step ${k}`);
        await assertNothingHidden(page, hiddenAt(record, step.index), `step ${k}`);
        seen.push(step);
        if (k === listed) break;
        if (k % 2) await page.locator('#review-next').click();
        else await page.keyboard.press('ArrowRight');
        await page.waitForFunction((at) => document.querySelector('main.review-table').dataset.decision !== String(at), step.index);
      }
      assert.ok(await page.locator('#review-next').isDisabled(), 'nothing after the last');
      assert.ok(await focusInside(), 'the keyboard stays in the review at the last step');
      await page.keyboard.press('Home');
      assert.equal((await stepShown(page)).k, 1, 'Home goes back to the first');
      // Mistakes only: from one marked decision to the next, as many as the review marked.
      await page.locator('#review-mistakes-only').check();
      const mistakes = [];
      for (;;) {
        const step = await stepShown(page);
        assert.ok(step.mark, `a marked decision (${step.index})`);
        assert.equal(step.n, marked);
        mistakes.push(step.index);
        if (await page.locator('#review-next').isDisabled()) break;
        await page.locator('#review-next').click();
        await page.waitForFunction((at) => document.querySelector('main.review-table').dataset.decision !== String(at), step.index);
      }
      assert.deepEqual(mistakes, seen.filter((s) => s.mark).map((s) => s.index));
      await screenshot(page, `review-table-${size}-mistake`);
      // The last mistake saved as a problem of one's own.
      await page.locator('#review-save').click();
      assert.match(spaced(await page.locator('#review-saved').innerText()), /Enregistré dans « Mes problèmes »/);
      // Back: the review again, at once (not computed again), then the deal-over panel.
      await page.goBack();
      await page.locator('#review #review-on-table').waitFor({ timeout: 2000 });
      assert.equal(await page.locator('#review #review-progress').count(), 0, 'the review was kept');
      await page.keyboard.press('Escape');
      await page.locator('#review').waitFor({ state: 'detached' });
      await page.locator('#next-deal').waitFor();
      assert.deepEqual(errors, []);
      if (width !== 360) {
        await page.close();
        return;
      }
      // « Mes problèmes »: the saved step, solved, exported, removed.
      await page.locator('#leave-button').click();
      await page.locator('#problems-button').click();
      const mine = page.locator('#problems .problem-mine');
      await mine.waitFor();
      assert.equal(await mine.locator('.problem-open').count(), 1);
      await screenshot(page, `review-table-${size}-my-problems`);
      const id = await mine.locator('.problem-open').getAttribute('data-problem');
      assert.match(id, /^mine-[0-9a-f]{12}$/);
      const download = page.waitForEvent('download');
      await mine.locator('.problem-export').click();
      const file = join(tempDir('piquet-mine-'), `${id}.json`);
      await (await download).saveAs(file);
      const verified = verify(file);
      assert.equal(verified.at(-1).failed, 0, JSON.stringify(verified));
      assert.equal(verified[0].source, 'game');
      await mine.locator('.problem-open').click();
      await page.locator(`#problem-question[data-problem="${id}"]`).waitFor();
      assert.match(await page.locator('.problem-citation').innerText(), /donne 1, décision \d+/);
      await screenshot(page, `review-table-${size}-my-problem`);
      // A reload comes back to it.
      await page.reload();
      await waitForApp(page);
      await page.locator(`#problem-question[data-problem="${id}"]`).waitFor();
      await page.locator('#leave-button').click();
      await page.locator('#problems .problem-mine').waitFor();
      await page.locator('.problem-mine .problem-remove').click();
      assert.match(await page.locator('.problem-mine .problem-remove').innerText(), /vraiment/);
      await page.locator('.problem-mine .problem-remove').click();
      await page.locator('.problem-mine').waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('from the replay viewer at 640×360: Hoffmann\'s deal stepped through, the viewer kept where it was', async () => {
    const { page, errors } = await openPage(env.browser, env.server.url, { width: 640, height: 360 });
    await page.locator('#replay-button').click();
    await page.locator('#open-hoffmann-1909').click();
    await page.locator('#replay-forward').waitFor();
    for (let i = 0; i < 5; i++) await page.locator('#replay-forward').click();
    const at = await page.locator('main.replay').getAttribute('data-index');
    await page.locator('#replay-review').click();
    await page.locator('#review #review-on-table').waitFor({ timeout: 60_000 });
    const listed = await page.locator('#review .decision').count();
    await page.locator('#review #review-on-table').click();
    await page.locator('main.review-table').waitFor();
    const first = await stepShown(page);
    assert.equal(first.n, listed);
    assertMarked(first, 'the first step');
    await screenshot(page, 'review-table-640x360-replay');
    // ←/→ move the review, not the viewer behind it.
    await page.keyboard.press('ArrowRight');
    assert.equal((await stepShown(page)).k, 2);
    await page.keyboard.press('ArrowLeft');
    assert.equal((await stepShown(page)).k, 1);
    // Closed: the review's list, then the viewer where it was.
    await page.locator('#review-leave').click();
    await page.locator('#review #review-on-table').waitFor({ timeout: 2000 });
    await page.keyboard.press('Escape');
    await page.locator('#review').waitFor({ state: 'detached' });
    assert.equal(await page.locator('main.replay').getAttribute('data-index'), at);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** `piquet problems verify FILE --json`, its lines read. */
function verify(file) {
  const built = join(ROOT, 'target', 'release', 'piquet');
  const [cmd, args] = existsSync(built)
    ? [built, []]
    : ['cargo', ['run', '--release', '--quiet', '-p', 'piquet-cli', '--']];
  const out = execFileSync(cmd, [...args, 'problems', 'verify', file, '--json'], { cwd: ROOT, encoding: 'utf8' });
  return out.trim().split('\n').map((l) => JSON.parse(l));
}
