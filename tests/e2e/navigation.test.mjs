// Nothing is lost: a new game asks before replacing the one in progress (and keeps it on
// « Annuler »), « Rejouer » starts the last game's settings in one tap, and the browser's Back
// and Forward move between the app's screens and close its dialogs, never losing a game; a
// reload keeps the discards selected and the declaration option chosen.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { fastPage, startGame, stepUntil } from './play.mjs';

const SEED = Number(process.env.SEED ?? 4242);

/** The cards of my hand, as the page shows them. */
const handOf = (page) => page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card));
/** The actions saved in the game in progress. */
const savedActions = (page) => page.evaluate(() => {
  const save = JSON.parse(localStorage.getItem('piquet.game') || 'null');
  return save ? save.record.deals.reduce((n, d) => n + d.actions.length, 0) : -1;
});

describe('nothing is lost', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
    console.log(`# navigation: SEED=${SEED}`);
  });
  after(async () => { await browser?.close(); await server?.close(); });

  test('a new game asks first; « Annuler » keeps the game in progress; Back and Forward move between screens', async () => {
    const { page, errors } = await fastPage(browser, `${server.url}?seed=${SEED}`, PHONE);
    // The first screen lists the rules once (the top bar's), and promises nothing it has no
    // button for.
    assert.equal(await page.locator('#rules-button').count(), 0);
    await page.locator('#open-rules').waitFor();
    assert.doesNotMatch(await page.locator('.offline-note').innerText(), /Installable/);
    // The new-game dialog says the length in full (the belle is no surprise) and has no
    // language choice of its own (the top bar's).
    await page.locator('#new-game-button').click();
    await page.locator('#new-game').waitFor();
    assert.equal(await page.locator('#new-game input[name=game-lang]').count(), 0);
    await page.locator('#new-game input[name=preset][value="classique"]').check();
    await page.locator('#match-play').setChecked(true);
    assert.equal(await page.locator('#length-said').innerText(), 'Partie en 100, en deux manches gagnantes, et la belle s’il le faut.');
    await page.locator('#match-play').setChecked(false);
    assert.equal(await page.locator('#length-said').innerText(), 'Partie en 100, en une seule manche.');
    await page.keyboard.press('Escape');
    await page.locator('#new-game').waitFor({ state: 'detached' });
    await startGame(page, { preset: 'classique', opponent: '1' });
    // « Distribuer » only when the player deals; when the computer does, he takes his cards.
    const verdict = await page.locator('.panel.cut .verdict').innerText();
    assert.equal(await page.locator('#deal-button').innerText(), /^Vous donnez/.test(verdict) ? 'Distribuer' : 'Recevoir les cartes', verdict);
    // Into the deal, up to the first decision of the play.
    assert.ok(await stepUntil(page, 'play', { max: 200 }), 'the play came');
    const hand = await handOf(page);
    const actions = await savedActions(page);
    assert.ok(actions > 0, 'the game has begun');

    // Back leaves the table for the first screen; the game stays saved and is offered again.
    await page.goBack();
    await page.locator('#resume-game').waitFor();
    assert.equal(await page.locator('.table').count(), 0);
    await screenshot(page, 'navigation-home-resume-phone');
    // Forward goes back to the table, as it was.
    await page.goForward();
    await page.locator('.panel.play').waitFor();
    assert.deepEqual(await handOf(page), hand);

    // The leave button, then a new game: the dialog asks before replacing the game.
    await page.locator('#leave-button').click();
    await page.locator('#new-game-button').click();
    await page.locator('#new-game').waitFor();
    const start = page.locator('#start-game');
    const box = await start.boundingBox();
    assert.ok(box && box.y + box.height <= PHONE.height, `« Commencer » is on screen: ${JSON.stringify(box)}`);
    await start.click();
    const confirm = page.locator('#confirm-replace');
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /partie est en cours/);
    // The dialog keeps the keyboard: Tab and Shift+Tab go round its controls, never to the
    // page (or the dialog) behind it.
    const inside = () => page.evaluate(() => document.querySelector('#confirm-replace').contains(document.activeElement));
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.ok(await inside(), `${key}: the focus stays in « Remplacer la partie en cours ? »`);
    }
    await screenshot(page, 'navigation-confirm-phone');
    assert.deepEqual(await axeViolations(page), [], 'axe on the confirmation');
    await page.locator('#keep-game').click();
    await confirm.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.locator('#new-game').waitFor({ state: 'detached' });
    assert.equal(await savedActions(page), actions, 'the game in progress is untouched');
    await page.locator('#resume-game').click();
    await page.locator('.panel.play').waitFor();
    assert.deepEqual(await handOf(page), hand, 'the same game, the same hand');

    // The table's shortcuts, each announced by its tool: S the score sheet, L the log, H the hint.
    assert.equal(await page.getAttribute('#sheet-button', 'aria-keyshortcuts'), 'S');
    assert.match(await page.getAttribute('#hint-button', 'title'), /\(H\)$/);
    assert.equal(await page.getAttribute('#toggle-log', 'aria-keyshortcuts'), 'L');
    // « (flèches puis Entrée) » is for the keyboard only: not after a touch, shown once keys are used.
    await page.locator('.panel.play h2').click();
    assert.equal(await page.locator('.panel.play .kbd-only').isVisible(), false, 'no keyboard help after a touch');
    await page.keyboard.press('s');
    await page.locator('#score-sheet').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#score-sheet').waitFor({ state: 'detached' });
    assert.ok(await page.locator('.panel.play .kbd-only').isVisible(), 'the keyboard help once keys are used');
    await page.keyboard.press('l');
    await page.locator('#game-log').waitFor();
    // Inside a dialog the letters are the dialog's: S does not open the sheet over the log.
    await page.keyboard.press('s');
    assert.equal(await page.locator('#score-sheet').count(), 0);
    await page.keyboard.press('Escape');
    await page.locator('#game-log').waitFor({ state: 'detached' });
    await page.keyboard.press('h');
    await page.locator('.hint-box').waitFor({ timeout: 60_000 });

    // A dialog is an entry of the history: Back closes it and stays on the screen, the table
    // as it was (the hint still shown in the panel's place).
    await page.locator('#table-rules').click();
    await page.locator('#rules').waitFor();
    await page.goBack();
    await page.locator('#rules').waitFor({ state: 'detached' });
    await page.locator('.hint-box').waitFor();
    await page.locator('.panel.play').waitFor({ state: 'attached' });

    // « Rejouer » from the first screen: the last settings in one tap, after the same question.
    await page.locator('#leave-button').click();
    await page.locator('#play-again-home').click();
    await confirm.waitFor();
    await page.locator('#replace-game').click();
    await page.locator('#deal-button').waitFor();
    assert.equal(await savedActions(page), 0, 'a new game, not yet dealt');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a reload keeps the cards selected during the exchange, and the declaration option chosen', async () => {
    const { page, errors } = await fastPage(browser, `${server.url}?seed=${SEED + 1}`, PHONE);
    await startGame(page, { preset: 'classique', opponent: '1' });
    assert.ok(await stepUntil(page, 'discard'), 'the exchange came');
    const cards = page.locator('.seat-bottom .hand-card.enabled');
    await cards.nth(1).click({ position: { x: 12, y: 30 } });
    await cards.nth(4).click({ position: { x: 12, y: 30 } });
    const selected = () => page.locator('.hand-card[aria-pressed=true]').evaluateAll((b) => b.map((x) => x.dataset.card));
    const before = await selected();
    assert.equal(before.length, 2);
    await page.reload();
    await page.locator('.panel.exchange').waitFor();
    assert.deepEqual(await selected(), before);
    assert.match(await page.locator('#confirm-discard').innerText(), /\(2\)/);

    // On to a declaration with a choice (elder's point, in this deal or the next): an option
    // other than the best one, chosen, survives a reload; the best is not put back.
    const options = page.locator('.panel.declare input[name=declaration]');
    assert.ok(await stepUntil(page, 'declare', { accept: async () => (await options.count()) >= 2 }), 'a declaration with a choice was reached');
    const n = await options.count();
    assert.ok(await options.nth(0).isChecked(), 'the best option is chosen first');
    const said = (i) => page.locator('.panel.declare label.option').nth(i).innerText();
    await page.locator('.panel.declare label.option').nth(n - 1).click();
    assert.ok(await options.nth(n - 1).isChecked());
    const chosen = await said(n - 1);
    await page.reload();
    await page.locator('.panel.declare').waitFor();
    assert.equal(await options.count(), n);
    assert.ok(await options.nth(n - 1).isChecked(), `still « ${chosen} » after the reload`);
    assert.ok(!(await options.nth(0).isChecked()));
    assert.equal(await said(n - 1), chosen);
    // In the panel's view, as it was left, above the panel's foot.
    const shown = await page.locator('.panel.declare label.option').nth(n - 1).evaluate((el) => {
      const r = el.getBoundingClientRect();
      const panel = el.closest('.panel').getBoundingClientRect();
      const foot = el.closest('.panel').querySelector('.panel-foot').getBoundingClientRect();
      return r.top >= panel.top - 1 && r.bottom <= foot.top + 1;
    });
    assert.ok(shown, 'the option chosen is in the panel\'s view');
    await screenshot(page, 'navigation-declaration-kept-phone');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a game against the computer needs the play wasm alone; the statistics and the viewer hand over to the whole app, and the game comes back as it was', async () => {
    const wasm = [];
    const { page, errors } = await fastPage(browser, `${server.url}?seed=${SEED}`, PHONE);
    page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname.slice(1)); });
    await startGame(page, { preset: 'classique', opponent: '1' });
    assert.ok(await stepUntil(page, 'play', { max: 200 }), 'the play came');
    // The game runs on the play wasm: the whole app was never asked for.
    assert.deepEqual(await page.evaluate(() => [window.piquetPlay !== undefined, window.piquetApp !== undefined]), [true, false]);
    assert.ok(!wasm.includes('app_bg.wasm'), `the whole app stays on the server: ${wasm}`);
    const hand = await handOf(page);
    const actions = await savedActions(page);

    // The statistics, from the first screen: the whole app takes the page over and opens them.
    await page.locator('#leave-button').click();
    await page.locator('#stats-button').click();
    await page.locator('#stats').waitFor();
    assert.ok(wasm.includes('app_bg.wasm'), `the whole app came for them: ${wasm}`);
    assert.ok(await page.evaluate(() => window.piquetApp !== undefined), 'the whole app is in');
    // The first screen behind them, not the table (the game is saved, not resumed).
    assert.equal(await page.locator('.table').count(), 0);
    await screenshot(page, 'navigation-handover-stats-phone');
    await page.keyboard.press('Escape');
    await page.locator('#stats').waitFor({ state: 'detached' });
    // Back to the game: nothing lost.
    await page.locator('#resume-game').click();
    await page.locator('.panel.play').waitFor();
    assert.deepEqual(await handOf(page), hand, 'the same hand');
    assert.equal(await savedActions(page), actions, 'the same game');
    // Back and Forward between the first screen and the table, on the whole app.
    await page.goBack();
    await page.locator('#resume-game').waitFor();
    await page.goForward();
    await page.locator('.panel.play').waitFor();
    assert.deepEqual(await handOf(page), hand);
    assert.deepEqual(errors, []);
    await page.close();

    // On a new page, from a game in progress on the play wasm: the replay viewer, then back.
    const second = await fastPage(browser, `${server.url}?seed=${SEED}`, PHONE);
    const p2 = second.page;
    await startGame(p2, { preset: 'classique', opponent: '1' });
    assert.ok(await stepUntil(p2, 'play', { max: 200 }), 'the play came');
    const hand2 = await handOf(p2);
    const actions2 = await savedActions(p2);
    await p2.locator('#leave-button').click();
    await p2.locator('#replay-button').focus();
    await p2.keyboard.press('Enter');
    await p2.locator('#replay-close').waitFor();
    assert.ok(await p2.evaluate(() => window.piquetApp !== undefined), 'the whole app is in');
    await p2.locator('#replay-close').click();
    await p2.locator('#resume-game').click();
    await p2.locator('.panel.play').waitFor();
    assert.deepEqual(await handOf(p2), hand2, 'the same hand');
    assert.equal(await savedActions(p2), actions2, 'the same game');
    assert.deepEqual(second.errors, []);
    await p2.close();
  });
});
