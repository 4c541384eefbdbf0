// Carte blanche through the page (Art. 5, RULES.md 4), elder's procedure: the player holds no
// court card in the first deal of `?seed=7221` (tests/seeds.rs checks that seed natively),
// announces it with how many cards he will take, the computer discards blind, the player's
// twelve cards are shown, he exchanges exactly that many, and the 10 is counted first.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, axeViolations, launch, screenshot, serveDist } from './harness.mjs';
import { currentPanel, fastPage, playToTheEnd, startGame, stepUntil } from './play.mjs';
import { layoutProblems } from './layout-check.mjs';

const SEED = 7221;

describe('carte blanche', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    test(`elder announces carte blanche, exchanges the cards he named, scores 10 first (${name})`, async () => {
      const { page, errors } = await fastPage(browser, `${server.url}?seed=${SEED}`, viewport);
      await startGame(page, { preset: 'classique', opponent: '1' });

      // Up to the player's exchange: the cut and the deal.
      assert.ok(await stepUntil(page, 'discard'), 'the exchange never came');
      // The hand really has no king, queen or jack (French indices R, D, V).
      const hand = await page.locator('.seat-bottom .hand-card').evaluateAll(
        (els) => els.map((el) => el.getAttribute('aria-label') || el.textContent),
      );
      assert.equal(hand.length, 12);
      for (const card of hand) assert.doesNotMatch(card, /Roi|Dame|Valet/, `a court card in ${hand.join(', ')}`);

      // The offer: announce with 1 to 5 cards to take, or discard without announcing.
      const blanche = page.locator('.panel.exchange .blanche');
      await blanche.waitFor();
      const offers = await blanche.getByRole('button').allTextContents();
      assert.equal(offers.length, 5, offers.join(' | '));
      assert.match(offers.at(-1), /^Cartes blanches — cinq cartes$/);
      // Every offer and « Annoncer cartes blanches » on screen or reached by scrolling the panel.
      assert.deepEqual(await layoutProblems(page, 'discard'), [], `the exchange with carte blanche (${name})`);
      await screenshot(page, `carte-blanche-offer-${name}`);
      assert.deepEqual(await axeViolations(page), []);
      await blanche.getByRole('button', { name: 'Cartes blanches — trois cartes' }).click();

      // The player's words are said, the 10 is counted before anything else.
      await page.getByText('Vous : « Cartes blanches », et j’en prendrai trois').first().waitFor();
      // The computer discards blind (without drawing); then the player must take exactly 3.
      const exact = Date.now() + 20_000;
      while ((await currentPanel(page)) !== 'discard') {
        assert.ok(Date.now() < exact, 'the exchange of exactly three never came');
        await page.waitForTimeout(30);
      }
      const text = await page.locator('.panel.exchange').innerText();
      assert.match(text, /Écartez exactement trois cartes/, text);
      // The dealer has discarded blind: he will take as many as he threw, not "up to" anything.
      assert.match(text, /Aucune carte choisie\. L’adversaire en prendra (une carte|\S+ cartes)\./, text);
      assert.equal(await page.locator('.panel.exchange .blanche').count(), 0, 'no second announcement');
      await screenshot(page, `carte-blanche-exchange-${name}`);
      const cards = page.locator('.seat-bottom .hand-card.enabled');
      const n = await cards.count();
      for (let i = 1; i <= 3; i++) await cards.nth(n - i).click({ position: { x: 12, y: 30 } });
      await page.locator('#confirm-discard').click();

      // Through the declarations to the first lead; the carte blanche was counted first.
      assert.ok(await stepUntil(page, 'play'), 'the play never came');
      await page.locator('#count-me').click();
      const explain = page.getByRole('dialog');
      await explain.waitFor();
      const lines = (await explain.locator('li').allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim());
      assert.match(lines[0] ?? '', /^\+10 · cartes blanches Art\. 5$/, lines.join(' | '));
      await screenshot(page, `carte-blanche-counted-${name}`);
      await page.keyboard.press('Escape');
      await explain.waitFor({ state: 'detached' });

      // On the phone, the game goes on to its end without an error (the desktop stops here).
      if (name === 'phone') await playToTheEnd(page, { timeoutMs: 150_000 });
      // The score sheet's first deal starts from the player's 10.
      const log = await page.evaluate(() => JSON.parse(localStorage.getItem('piquet.game')));
      const first = log.record.deals[0].actions;
      assert.equal(first[0].seat, 'A');
      assert.match(JSON.stringify(first[0]), /blanche/i, JSON.stringify(first[0]));
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
