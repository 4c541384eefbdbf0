// The game in the browser, played through the page only (clicks and keys): whole games against
// the computer for classique and rubicon, resume after a reload, a corrupted save, pass-and-play,
// hidden information in the DOM, axe-core on every screen, screenshots of every phase.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DECK_32, DESKTOP, PHONE, axeViolations, cardName, cardsOf, drawSeed, hostMessages, launch,
  launchPersistent, postToFrame, screenshot, seedStorage, serveDist, waitForMessage, watchErrors,
} from './harness.mjs';
import { FAST_SETTINGS, currentPanel, fastPage, keyboardStep, playToTheEnd, startGame, step } from './play.mjs';

const nameOf = cardName;

/** Screenshots at the current size and at the other one (phone ↔ desktop), then restores it. */
async function shootBoth(page, name) {
  const size = page.viewportSize();
  const phone = size.width === PHONE.width;
  await screenshot(page, `${name}-${phone ? 'phone' : 'desktop'}`);
  await page.setViewportSize(phone ? DESKTOP : PHONE);
  await screenshot(page, `${name}-${phone ? 'desktop' : 'phone'}`);
  await page.setViewportSize(size);
}

/** A page with fast settings (no animation: the computer answers in a few milliseconds). */
function gamePage(browser, viewport, seed) {
  return fastPage(browser, `${new URL(browser.baseUrl)}?seed=${seed}`, viewport);
}

/**
 * What seat A (the human) may know of the current deal, from the saved record and the page's
 * own log: his dealt cards, the cards he drew, and every card the log says was shown, seen or
 * played. Returns the names of the cards that must NOT appear anywhere in the DOM.
 */
async function hiddenCardNames(page) {
  const save = JSON.parse(await page.evaluate(() => localStorage.getItem('piquet.game')));
  const deal = save.record.deals.at(-1);
  if (!deal) return [];
  const { layout, actions } = deal;
  const humanElder = layout.dealer === 'B';
  const mine = new Set(cardsOf(humanElder ? layout.elder : layout.dealer_hand));
  const discards = actions.filter((a) => a.action === 'discard');
  const count = (seat) => cardsOf(discards.find((a) => a.seat === seat)?.arg || '').length;
  const elderTook = count(humanElder ? 'A' : 'B');
  const drawn = humanElder
    ? layout.talon.slice(0, count('A'))
    : layout.talon.slice(elderTook, elderTook + count('A'));
  for (const c of drawn) mine.add(c);
  const log = await page.locator('#toggle-log').count()
    ? await (async () => {
      await page.click('#toggle-log');
      const dialog = page.locator('#game-log');
      await dialog.waitFor();
      const text = await dialog.innerText();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return text;
    })()
    : '';
  return DECK_32.filter((c) => !mine.has(c) && !log.includes(nameOf(c))).map(nameOf);
}

/** Asserts that no hidden card is named anywhere in the page, and that the opponent's hand
 *  is drawn as backs that carry no card identity. */
async function assertNothingHidden(page, where) {
  const hidden = await hiddenCardNames(page);
  const html = await page.evaluate(() => document.body.innerHTML);
  const leaked = hidden.filter((n) => html.includes(n));
  assert.deepEqual(leaked, [], `${where}: the DOM names cards the human has not seen`);
  const oppIdentity = await page.locator('.seat-top .opp-hand [data-card], .seat-top .opp-hand [aria-label]').count();
  assert.equal(oppIdentity, 0, `${where}: the opponent's backs carry no card identity`);
  const backs = await page.locator('.seat-top .opp-hand svg.card-back').count();
  const label = await page.getAttribute('.seat-top .opp-hand', 'aria-label');
  assert.ok(label.includes(String(backs)) || backs === 0 || /une carte|cartes/.test(label), `${where}: ${label}`);
}

describe('the game against the computer', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
    browser.baseUrl = server.url;
  });
  after(async () => { await browser?.close(); await server?.close(); });

  test('a whole classique match to the final score sheet, screenshots and axe on every phase', async () => {
    const t0 = Date.now();
    const { page, errors } = await gamePage(browser, DESKTOP, 7);
    await startGame(page, { preset: 'classique', opponent: '1' });
    const seen = new Set();
    let checks = 0;
    const onPanel = async (panel) => {
      if (panel === 'waiting') return;
      if (!seen.has(panel)) {
        seen.add(panel);
        await shootBoth(page, `game-classique-${panel}`);
        assert.deepEqual(await axeViolations(page), [], `axe on the ${panel} panel`);
      }
      if (['discard', 'declare', 'answer', 'play', 'next-deal'].includes(panel) && checks++ % 5 === 0) {
        await assertNothingHidden(page, panel);
      }
    };
    const decisions = await playToTheEnd(page, { onPanel, keyboard: true });
    await page.locator('.game-over .outcome').waitFor();
    assert.match(await page.locator('.game-over').innerText(), /(L’ordinateur gagne|Vous gagnez) la partie/);
    assert.match(await page.locator('.game-over').innerText(), /Manches gagnées/);
    await shootBoth(page, 'game-classique-over');
    assert.deepEqual(await axeViolations(page), [], 'axe on the final score sheet');
    for (const p of ['cut', 'discard', 'declare', 'play', 'next-deal']) assert.ok(seen.has(p), `the ${p} panel was seen`);
    console.log(`classique: ${decisions} human decisions in ${Date.now() - t0} ms`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a whole Rubicon partie on a phone, to the payoff', async () => {
    const t0 = Date.now();
    const { page, errors } = await gamePage(browser, PHONE, 3);
    await startGame(page, { preset: 'rubicon', opponent: '1' });
    const seen = new Set();
    let between = 0;
    const onPanel = async (panel) => {
      if (panel === 'next-deal') {
        // Between deals each seat's chip shows the partie's total (as the sheet adds it up), and
        // the deal's points apart: never back to 0 at a new deal.
        between++;
        const sheet = (await page.locator('.side .score-sheet tfoot td.num').allInnerTexts()).map(Number);
        const chips = await page.locator('#count-me .score-value, #count-opponent .score-value').allInnerTexts();
        const [me, opp] = [Number(chips[1]), Number(chips[0])];
        assert.deepEqual([me, opp], sheet, 'the chips show the totals of the sheet');
        assert.match(await page.locator('#count-me .score-deal').innerText(), /^donne \d+$/);
      }
      if (panel === 'waiting' || seen.has(panel)) return;
      seen.add(panel);
      await shootBoth(page, `game-rubicon-${panel}`);
      assert.deepEqual(await axeViolations(page), [], `axe on the ${panel} panel`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the ${panel} panel is ${overflow}px wider than the phone`);
    };
    const decisions = await playToTheEnd(page, { onPanel });
    const over = await page.locator('.game-over').innerText();
    assert.match(over, /Gain de la partie\u00a0: \d+/);
    assert.ok(between >= 5, `the totals were checked between deals ${between} times`);
    // The end is headed by the final score, the winner's first; the sheet one tap away adds
    // up to it.
    const finals = (await page.locator('.game-over .final-points').allInnerTexts()).map(Number);
    assert.equal(finals.length, 2);
    assert.ok(finals[0] > finals[1], `the winner's total first: ${finals}`);
    await shootBoth(page, 'game-rubicon-over');
    await page.locator('#over-sheet').click();
    const sheet = page.locator('#score-sheet');
    await sheet.waitFor();
    assert.match(await sheet.innerText(), /La partie/);
    const totals = (await sheet.locator('tfoot td.num').allInnerTexts()).map(Number).sort((a, b) => b - a);
    assert.deepEqual(totals, finals);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    console.log(`rubicon: ${decisions} human decisions in ${Date.now() - t0} ms`);
    assert.deepEqual(errors, []);
    const { record } = JSON.parse(await page.evaluate(() => localStorage.getItem('piquet.game')));
    await page.close();

    // The finished partie's saved record, loaded into an embedded replay by its host page: the
    // host hears `gameover` at the last position only, naming the player with the higher total.
    const host = await browser.newPage({ viewport: DESKTOP });
    const hostErrors = watchErrors(host);
    await host.goto(`${server.url}embed-example.html`);
    await waitForMessage(host, 'state');
    const send = (message) => postToFrame(host, { piquet: 1, ...message });
    // A position before each deal's first action and after every action.
    const positions = record.deals.reduce((n, d) => n + d.actions.length + 1, 0);
    await host.evaluate(() => { window.hostLog.length = 0; });
    await send({ type: 'load', record: JSON.stringify(record) });
    await waitForMessage(host, 'state', `m.length === ${positions}`);
    await send({ type: 'goto', index: positions - 2 });
    await waitForMessage(host, 'state', `m.index === ${positions - 2}`);
    assert.deepEqual(await hostMessages(host, 'gameover'), []);
    await send({ type: 'goto', index: positions - 1 });
    await waitForMessage(host, 'gameover');
    const overs = await hostMessages(host, 'gameover');
    assert.equal(overs.length, 1, 'the host hears of the end once');
    const [over2] = overs;
    const last = (await hostMessages(host, 'state')).at(-1);
    assert.equal(over2.mode, 'replay');
    assert.equal(last.deal, record.deals.length);
    assert.deepEqual(over2.totals, last.scores.totals);
    const w = over2.winner === 'A' ? 0 : 1;
    assert.ok(over2.totals[w] > over2.totals[1 - w], `the winner ${over2.winner} has the higher total: ${over2.totals}`);
    assert.deepEqual(hostErrors, []);
    await host.close();
  });

  test('a whole deal with the keyboard alone: the focus is always where the decision is', async () => {
    const { page, errors } = await gamePage(browser, DESKTOP, 13);
    await startGame(page, { preset: 'classique', opponent: '1' });
    await page.locator('#deal-button').focus();
    await page.keyboard.press('Enter');
    const seen = new Set();
    for (const end = Date.now() + 90_000; Date.now() < end;) {
      const panel = await keyboardStep(page);
      seen.add(panel);
      if (panel === 'next-deal' || panel === 'over') break;
    }
    assert.ok(seen.has('next-deal') || seen.has('over'), `the deal ended: ${[...seen]}`);
    for (const p of ['discard', 'declare', 'play']) assert.ok(seen.has(p), `${p} was taken with the keyboard`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a reload in the middle of a deal resumes the exact state', async () => {
    const { page, errors } = await gamePage(browser, DESKTOP, 11);
    await startGame(page, { preset: 'classique', opponent: '1' });
    // Up to the play of the cards, then two tricks.
    let played = 0;
    for (const end = Date.now() + 90_000; Date.now() < end && played < 4;) {
      if ((await step(page)) === 'play') played++;
    }
    await page.locator('.panel.play').waitFor();
    const snapshot = async () => ({
      save: await page.evaluate(() => localStorage.getItem('piquet.game')),
      hand: await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.getAttribute('aria-label'))),
      trick: await page.locator('.trick svg.card').evaluateAll((s) => s.map((x) => x.getAttribute('aria-label'))),
      counts: await page.locator('#count-me, #count-opponent').allInnerTexts(),
      panel: await page.locator('#panel-title').innerText(),
      opponent: await page.locator('.seat-top .opp-hand svg').count(),
    });
    // Each count explains its scoring acts with their articles; the score sheet opens too.
    await page.locator('#count-opponent').click();
    const explain = page.getByRole('dialog');
    await explain.waitFor();
    assert.match(await explain.innerText(), /\+\d+ · .+|Rien de compté/);
    await screenshot(page, 'game-explain-desktop');
    assert.deepEqual(await axeViolations(page), [], 'axe on the explanation of a count');
    await page.keyboard.press('Escape');
    await explain.waitFor({ state: 'detached' });
    await page.locator('#sheet-button').click();
    await page.locator('#score-sheet').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the score sheet');
    await page.keyboard.press('Escape');
    await page.locator('#score-sheet').waitFor({ state: 'detached' });
    const before = await snapshot();
    await page.reload();
    await page.locator('.panel.play').waitFor();
    const afterReload = await snapshot();
    assert.deepEqual(afterReload, before);
    await screenshot(page, 'game-resumed-desktop');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a corrupted saved game is set aside, reported in one line, and a new game starts', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await seedStorage(page, { 'piquet.game': '{"v":1,"config":{"preset":"classique"},"record":"garbage' });
    await page.goto(`${server.url}?seed=${drawSeed('game after a corrupted save')}`);
    const notice = page.locator('.notice[role=alert]');
    await notice.waitFor();
    const text = await notice.locator('span').innerText();
    assert.match(text, /partie enregistrée était illisible/);
    assert.equal(text.trim().split('\n').length, 1, 'one line');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    assert.ok(keys.some((k) => k.startsWith('piquet.set-aside.piquet.game.')), `set aside: ${keys}`);
    assert.equal(await page.evaluate(() => localStorage.getItem('piquet.game')), null);
    await screenshot(page, 'game-corrupted-save-phone');
    await startGame(page, { preset: 'classique', opponent: '1' });
    await page.locator('#deal-button').click();
    await page.locator('.panel.exchange').waitFor();
    // Leaving the table keeps the game: the first screen offers to resume it.
    const hand = await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card));
    await page.locator('#leave-button').click();
    // « Reprendre » says which game: its rules, level and score.
    assert.match(await page.locator('#resume-game .entry-hint').innerText(),
      /^Classique · 1 — .+ · Vous 0, L’ordinateur 0 · donne 1$/);
    await page.locator('#resume-game').click();
    await page.locator('.panel.exchange').waitFor();
    assert.deepEqual(await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card)), hand);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('pass-and-play hides the previous hand until the next player takes the device', async () => {
    const { page, errors } = await gamePage(browser, PHONE, 5);
    await startGame(page, { preset: 'classique', opponent: 'human' });
    await page.locator('#deal-button').click();
    let handovers = 0;
    for (let i = 0; i < 40 && handovers < 3; i++) {
      const panel = await currentPanel(page);
      if (panel === 'handover') {
        handovers++;
        assert.equal(await page.locator('.hand-card').count(), 0, 'no hand is shown');
        assert.equal(await page.locator('svg.card:not(.card-back)[aria-label]').count(), 0, 'no card face at all');
        if (handovers === 1) {
          await shootBoth(page, 'game-pass-and-play-handover');
          assert.deepEqual(await axeViolations(page), [], 'axe on the hand-over screen');
        }
      }
      await step(page);
    }
    assert.ok(handovers >= 3, `hand-over screens seen: ${handovers}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the settings apply at the table: four-colour deck, English, own discards', async () => {
    const { page, errors } = await gamePage(browser, DESKTOP, 9);
    await startGame(page, { preset: 'rubicon', opponent: '1' });
    let undoChecked = false;
    for (const end = Date.now() + 90_000; Date.now() < end;) {
      const panel = await currentPanel(page);
      if (panel === 'play') break;
      // Only act on the panel seen here (step() would look again, and might see the next one).
      if (panel === 'waiting') { await page.waitForTimeout(20); continue; }
      if (panel === 'discard' && !undoChecked) {
        // Undo works within the pending choice only: the selection goes back to nothing.
        const cards = page.locator('.seat-bottom .hand-card.enabled');
        await cards.nth(0).click({ position: { x: 12, y: 30 } });
        await cards.nth(1).click({ position: { x: 12, y: 30 } });
        assert.equal(await page.locator('.hand-card[aria-pressed=true]').count(), 2);
        await page.locator('#undo-button').click();
        assert.equal(await page.locator('.hand-card[aria-pressed=true]').count(), 0);
        assert.equal(await page.locator('#undo-button').count(), 0, 'nothing left to clear');
        undoChecked = true;
      }
      await step(page);
    }
    assert.ok(undoChecked, `the exchange was reached (${await page.locator('.log, #panel-title').allInnerTexts()} ${page.url()})`);
    // The expert's hint, computed in the worker, with its reason.
    await page.locator('#hint-button').click();
    await page.locator('.hint-box').waitFor({ timeout: 60_000 });
    // In a player's words: an imperative with the cards named, never engine notation (« 8D »).
    const hintText = await page.locator('.hint-box').innerText();
    assert.match(hintText, /Conseil\s:\s*(Jouez|Écartez|Annoncez|Répondez|Ne |Voyez|Laissez|Prenez)\s.+/);
    assert.doesNotMatch(hintText, /\b[6-9TJQKA][SHDC]\b/);
    // Rubicon lets a player look at his own discards (Art. 24 forbids it in classique).
    await page.locator('.my-discards').waitFor();
    await page.locator('#table-menu').click();
    await page.locator('#table-settings').click();
    await page.getByRole('radio', { name: 'Quatre couleurs' }).check();
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Close' }).click();
    assert.ok(await page.locator('.table .ink-blue, .table .ink-green').count() > 0, 'four colours');
    // The table as it was when the settings opened: the hint still in the panel's place.
    await page.locator('.hint-box').waitFor();
    await page.locator('#panel-title').waitFor({ state: 'attached' });
    assert.equal(await page.getAttribute('#sheet-button', 'aria-label'), 'Score sheet');
    await screenshot(page, 'game-english-four-colour-desktop');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('after one visit a game against the computer is played offline (the worker is precached)', async () => {
    const offline = await serveDist();
    const context = await launchPersistent({ viewport: PHONE, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.addInitScript((s) => localStorage.setItem('piquet.settings', s), FAST_SETTINGS);
      await page.goto(`${offline.url}?seed=31`);
      await page.locator('#new-game-button').waitFor();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
        }
      });
      await offline.close();
      await page.reload();
      await startGame(page, { preset: 'classique', opponent: '2' });
      let computerActed = false;
      for (const end = Date.now() + 90_000; Date.now() < end && !computerActed;) {
        await step(page);
        computerActed = /L’ordinateur — (écart|joue)/.test(await page.locator('#announcer').innerText());
      }
      assert.ok(computerActed, 'the computer played from its precached worker');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await offline.close();
    }
  });
});
