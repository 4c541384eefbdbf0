// Plays Piquet through the page only — clicks and keys, as a person would — for the game tests.
// The strategy is simple and legal by construction: the page enables only what the engine allows.
import { FAST_SETTINGS, openPage } from './harness.mjs';

export { FAST_SETTINGS };

/**
 * A page in French, its console watched, with the fast settings unless the player saved others
 * (so that a reload keeps them), opened at `url` once the app is there. Returns `{ page, errors }`.
 */
export const fastPage = (browser, url, viewport) => openPage(browser, url, viewport);

/** Opens the new-game dialog, picks a preset and an opponent, starts. */
export async function startGame(page, { preset = 'classique', opponent = '1', target, matchPlay } = {}) {
  await page.locator('#new-game-button').click();
  const dialog = page.locator('#new-game');
  await dialog.waitFor();
  await dialog.locator(`input[name=preset][value="${preset}"]`).check();
  if (target) await dialog.getByRole('radio', { name: new RegExp(`en ${target}$`) }).check();
  if (matchPlay !== undefined) await dialog.locator('#match-play').setChecked(matchPlay);
  await dialog.locator(`input[name=opponent][value="${opponent}"]`).check();
  await page.locator('#start-game').click();
  await page.locator('.table').waitFor();
}

/** Which panel is on screen now (by the ids of its buttons). */
export async function currentPanel(page) {
  return page.evaluate(() => {
    const has = (sel) => document.querySelector(sel) !== null;
    if (has('.table .notice[role=alert]')) return 'error';
    if (has('#play-again')) return 'over';
    if (has('#take-over')) return 'handover';
    if (has('#choose-deal')) return 'choose';
    if (has('#deal-button')) return 'cut';
    if (has('#next-deal')) return 'next-deal';
    if (has('#confirm-discard')) return 'discard';
    if (has('#declare')) return 'declare';
    if (has('#answer-good')) return 'answer';
    if (has('#dont-look')) return 'leftover';
    if (has('#hide')) return 'expose';
    if (has('.panel.play')) return 'play';
    if (has('.panel.decide')) return 'abandon';
    return 'waiting';
  });
}

/**
 * Takes one human decision if there is one; returns the panel handled ('waiting' when the
 * computer is to act). `onPanel(panel)` may take screenshots before acting.
 */
export async function step(page, { onPanel, keyboard = false } = {}) {
  const panel = await currentPanel(page);
  if (panel === 'error') throw new Error(`the table reports: ${await page.locator('.table .notice').innerText()}`);
  if (onPanel) await onPanel(panel);
  switch (panel) {
    case 'handover': await page.locator('#take-over').click(); break;
    case 'choose': await page.locator('#choose-deal').click(); break;
    case 'cut': await page.locator('#deal-button').click(); break;
    case 'next-deal': await page.locator('#next-deal').click(); break;
    case 'discard': {
      const text = await page.locator('.panel.exchange p').first().innerText();
      const min = Number((text.match(/(\d+)/) || [0, 1])[1]) || 1;
      // Nothing chosen yet, taking none allowed: the button says it as a player says it.
      const first = Number((text.match(/(\d+)/) || [0, 1])[1]);
      const chosen = await page.locator('.seat-bottom .hand-card[aria-pressed="true"]').count();
      if (first === 0 && chosen === 0) {
        const label = await page.locator('#confirm-discard').innerText();
        if (!/^(Ne rien écarter|Keep all twelve)$/.test(label)) throw new Error(`discard none: ${label}`);
        const line = await page.locator('.panel.exchange .hint-line').innerText();
        if (!/^(Vous gardez vos douze cartes|You keep all twelve cards)\./.test(line)) throw new Error(`discard none: ${line}`);
      }
      // Discard the lowest cards: the last of each suit, from the right of the hand.
      const cards = page.locator('.seat-bottom .hand-card.enabled');
      const n = await cards.count();
      for (let i = 0; i < Math.max(1, min); i++) await cards.nth(n - 1 - i).click({ position: { x: 12, y: 30 } });
      await page.locator('#confirm-discard').click();
      break;
    }
    case 'declare': await page.locator('#declare').click(); break;
    case 'answer': {
      // The big (primary) answer is the true one: « Mieux » when the player may say better,
      // else « Égal » when he may say equal, else « C’est bon » (an enabled answer is a legal one).
      const truth = await page.evaluate(() => ['#answer-better', '#answer-equal', '#answer-good']
        .find((id) => { const b = document.querySelector(id); return b && !b.disabled; }));
      const primary = await page.evaluate(() => [...document.querySelectorAll('.answer-panel .button.primary')].map((b) => `#${b.id}`));
      if (primary.length !== 1 || primary[0] !== truth) throw new Error(`answer: primary ${primary} but the true answer is ${truth}`);
      const better = page.locator('#answer-better:not([disabled])');
      if (await better.count()) await better.click();
      else await page.locator('#answer-good').click();
      break;
    }
    case 'leftover': await page.locator('#dont-look').click(); break;
    case 'expose': await page.locator('#hide').click(); break;
    case 'abandon': await page.locator('.panel.decide .button.primary').click(); break;
    case 'play': {
      const card = page.locator('.seat-bottom .hand-card.enabled').first();
      if (keyboard) {
        // Roving focus: Tab into the hand, arrows to a playable card, Enter to play it.
        await page.locator('.seat-bottom .hand-card[tabindex="0"]').focus();
        const pos = Number(await card.getAttribute('data-pos'));
        await page.keyboard.press('Home');
        for (let i = 0; i < pos; i++) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
      } else {
        await card.click({ position: { x: 12, y: 30 } });
      }
      break;
    }
    default: await page.waitForTimeout(20);
  }
  return panel;
}

/**
 * Takes decisions until the panel `want` is on screen and `accept()` (if given) agrees, and
 * leaves it untaken; returns whether it came within `max` steps. (Checking the panel and then
 * calling `step` would take a `want` panel that came in between.) `onPanel(panel)` sees each
 * panel first, as `step` hands it over: what it counts is what is then taken.
 */
export async function stepUntil(page, want, { max = 400, accept, onPanel } = {}) {
  const reached = Symbol('reached');
  for (let i = 0; i < max; i++) {
    try {
      await step(page, {
        onPanel: async (panel) => {
          if (onPanel) await onPanel(panel);
          if (panel === want && (!accept || await accept())) throw reached;
        },
      });
    } catch (e) {
      if (e === reached) return true;
      throw e;
    }
  }
  return false;
}

/** Plays until the final score sheet; returns the number of human decisions taken. */
export async function playToTheEnd(page, { timeoutMs = 150_000, onPanel, keyboard } = {}) {
  const t0 = Date.now();
  let decisions = 0;
  for (;;) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`the game did not end within ${timeoutMs} ms`);
    const alert = await page.locator('.table .notice[role=alert]').count();
    if (alert) throw new Error(`the table reports: ${await page.locator('.table .notice').innerText()}`);
    const panel = await step(page, { onPanel, keyboard });
    if (panel === 'over') return decisions;
    if (panel !== 'waiting') decisions++;
  }
}

/** The element that has the keyboard focus, described for the assertions. */
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { id: el?.id || '', cls: el?.getAttribute('class') || '', tag: el?.tagName || '' };
});

/**
 * Takes one decision with the keyboard alone (no pointer): the page must put the focus where
 * the decision is taken. Returns the panel handled.
 */
export async function keyboardStep(page) {
  const panel = await currentPanel(page);
  if (panel === 'error') throw new Error(`the table reports: ${await page.locator('.table .notice').innerText()}`);
  const press = (key) => page.keyboard.press(key);
  switch (panel) {
    case 'discard': {
      let f = await focused(page);
      if (!f.cls.includes('hand-card')) throw new Error(`discard: the focus is on ${JSON.stringify(f)}, not in the hand`);
      await press('End');
      await press('Enter'); // select the last card
      // Back past the seat's count into the panel, up to the confirmation.
      for (let i = 0; i < 4 && (await focused(page)).id !== 'confirm-discard'; i++) await press('Shift+Tab');
      f = await focused(page);
      if (f.id !== 'confirm-discard') throw new Error(`discard: focus on ${JSON.stringify(f)}`);
      await press('Enter');
      break;
    }
    case 'play': {
      const f = await focused(page);
      if (!f.cls.includes('hand-card')) throw new Error(`play: the focus is on ${JSON.stringify(f)}, not in the hand`);
      for (let i = 0; i < 14; i++) {
        if ((await focused(page)).cls.includes('enabled')) break;
        await press('ArrowRight');
      }
      await press('Enter');
      break;
    }
    case 'waiting': await page.waitForTimeout(20); break;
    case 'over': break;
    default: {
      // Every other panel: its first enabled button has the focus; Enter takes it.
      const f = await focused(page);
      if (f.tag !== 'BUTTON') throw new Error(`${panel}: the focus is on ${JSON.stringify(f)}, not on a button`);
      await press('Enter');
    }
  }
  return panel;
}

/** Answers a problem's question (an action in record notation, without the seat) as a player
 * would: cards touched and « Écarter », an answer's button, a declaration
 * chosen among the options, a card played. Returns the time of the last touch. */
export async function answer(page, notation) {
  const [head, ...cards] = notation.split(' ');
  const card = (c) => page.locator(`.seat-bottom .hand-card[data-card="${c}"]`);
  if (head === 'x') {
    for (const c of cards) await card(c).click({ position: { x: 12, y: 30 } });
    const t = Date.now();
    await page.locator('#confirm-discard').click();
    return t;
  }
  if (head === 'blanche' && cards.length) {
    // Elder's carte blanche, with the number of cards he will exchange.
    const t = Date.now();
    await page.locator(`.blanche [data-action="${notation}"]`).click();
    return t;
  }
  const button = { blanche: '#carte-blanche', good: '#answer-good', better: '#answer-better', equal: '#answer-equal' }[head];
  if (button) {
    const t = Date.now();
    await page.locator(button).click();
    return t;
  }
  if (head === 'decl') {
    // The option whose action this is, scrolled into the panel's view if it is below.
    await page.locator(`.option[data-action="${notation}"] input[type=radio]`).check();
    const t = Date.now();
    await page.locator('#declare').click();
    return t;
  }
  if (head === 'look') {
    const t = Date.now();
    await page.locator(cards[0] === '-' ? '#dont-look' : `.suit-choices [data-suit="${cards[0]}"]`).click();
    return t;
  }
  const t = Date.now();
  await card(head).click({ position: { x: 12, y: 30 } });
  return t;
}
