// Nothing lost, nothing garbled (issue 14): every bad input answered briefly, in the reader's
// language, without widening the page; a host page's bad messages answered to the host alone;
// cosmetic typos falling back to the default; a saved game with one bad action resuming just
// before it, its original kept and downloadable from the settings.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DESKTOP, PHONE, axeViolations, drawSeed, hostMessages, launch, overflow, postToFrame, screenshot,
  seedStorage, serveDist, waitForApp, waitForMessage, watchErrors,
} from './harness.mjs';
import { FAST_SETTINGS, startGame, step } from './play.mjs';

/** The longest problem message, in characters: a sentence quoting 160 characters at most. */
const SHORT = 450;
/** French typography puts no-break spaces in numbers and before « : »; read them as spaces. */
const spaced = (text) => text.replace(/\s/g, ' ');
/** A careless paste: one long "word" of letters and digits. */
const junk = (n) => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(i * 7 + (i >> 5)) % 36]).join('');

/** The table in the example page's #frame iframe, waiting for its record. */
async function hostPage(browser, server) {
  const page = await browser.newPage({ viewport: PHONE });
  const errors = watchErrors(page);
  await page.goto(`${server.url}embed-example.html`);
  await waitForMessage(page, 'state', 'm.index === 0');
  const frame = page.frames().find((f) => f.url().includes('embed.html?mode=replay&record=records/hoffmann'));
  await page.evaluate(() => { window.hostLog.length = 0; });
  return { page, errors, frame };
}

describe('bad input, answered briefly', () => {
  let server;
  let browser;
  before(async () => { server = await serveDist(); browser = await launch(); });
  after(async () => { await browser?.close(); await server?.close(); });

  test('500 KB of junk pasted in the viewer: one short line, in French, saying how much was cut', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    await page.click('#replay-button');
    await page.locator('#record-paste').fill(junk(500_133));
    await page.click('#record-paste-open');
    const alert = page.locator('#replay-error');
    await alert.waitFor();
    const text = spaced(await alert.locator('span').innerText());
    assert.ok(text.length <= SHORT, `${text.length} characters: ${text.slice(0, 300)}`);
    assert.match(text, /^Cette partie ne peut pas être lue — ligne 1 : un coup comme B:x ou A:AH était attendu/);
    assert.match(text, /« [a-z0-9]{160}… » \(500 133 caractères, coupés\)$/);
    assert.ok(await overflow(page) <= 0, `the page is ${await overflow(page)}px wider than the phone`);
    await screenshot(page, 'robust-junk-paste-phone');
    assert.deepEqual(await axeViolations(page), [], 'viewer with the junk named');
    // Dismissed, it is gone; the viewer still opens a record.
    await page.click('#replay-error-dismiss');
    assert.equal(await alert.count(), 0);
    await page.click('#open-les-facheux');
    await page.locator('#replay-position').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('200 KB of junk sent with load: one short error to the host, one line in the table', async () => {
    const { page, errors, frame } = await hostPage(browser, server);
    await postToFrame(page, { piquet: 1, type: 'load', record: junk(200_000) });
    const error = await waitForMessage(page, 'error', 'true');
    assert.ok(error.message.length <= SHORT, `${error.message.length} characters`);
    assert.match(error.message, /^This record cannot be read — line 1: expected an action/);
    assert.match(error.message, /\(200,000 characters, cut\)$/);
    await frame.locator('#replay-error').waitFor();
    const shown = await frame.locator('#replay-error span').innerText();
    assert.equal(shown, error.message, 'the reader sees what the host heard');
    assert.equal(await frame.locator('#replay-error, #embed-notice').count(), 1, 'said once');
    assert.equal(await frame.getAttribute('#main', 'data-len'), '33', 'the record on the table stays');
    assert.ok(await overflow(frame) <= 0, `the table is ${await overflow(frame)}px wider than its frame`);
    assert.ok(await overflow(page) <= 0, 'the host page keeps its width');
    assert.equal((await hostMessages(page, 'error')).length, 1, 'one error');
    assert.deepEqual(await hostMessages(page, 'state'), [], 'nothing moved');
    await screenshot(page, 'robust-junk-load-phone');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('goto numbers are whole numbers in the record\'s range: none wraps, rounds or clamps', async () => {
    const { page, errors, frame } = await hostPage(browser, server);
    await postToFrame(page, { piquet: 1, type: 'goto', index: 5 });
    await waitForMessage(page, 'state', 'm.index === 5');
    const positions = 'its positions are 0 to 32';
    const cases = [
      [{ index: 4294967301 }, `index 4294967301; ${positions}`],
      [{ index: 2 ** 32 + 5 }, `index 4294967301; ${positions}`],
      [{ index: 2 ** 53 }, '"index" must be a whole number from 0 to 9007199254740991, not 9007199254740992'],
      [{ index: 1e12 }, `index 1000000000000; ${positions}`],
      [{ index: 33 }, `index 33; ${positions}`],
      [{ deal: 2 ** 32 + 1 }, 'deal 4294967297; its deals are 1 to 1'],
      [{ deal: 1, trick: 2 ** 32 + 3 }, '"trick" must be a whole number from 1 to 12, not 4294967299'],
      [{ deal: 1, action: 2 ** 32 }, 'deal 1, action 4294967296; that deal has actions 0 to 32'],
      [{ index: -1 }, 'not -1'],
      [{ index: 1.5 }, 'not 1.5'],
      [{ index: '3' }, 'not "3"'],
      [{ index: NaN }, 'not NaN'],
      [{ index: Infinity }, 'not Infinity'],
      [{ index: null }, 'not null'],
    ];
    for (const [fields, says] of cases) {
      await page.evaluate(() => { window.hostLog.length = 0; });
      await postToFrame(page, { piquet: 1, type: 'goto', ...fields });
      const error = await waitForMessage(page, 'error', 'true');
      assert.ok(error.message.includes(says), `${JSON.stringify(fields)}: ${error.message}`);
      assert.ok(error.message.length <= SHORT);
      assert.deepEqual(await hostMessages(page, 'state'), [], `${JSON.stringify(fields)} moves nothing`);
      assert.equal(await frame.getAttribute('#main', 'data-index'), '5');
    }
    // A good one still moves, and the reader never saw any of the refusals.
    await postToFrame(page, { piquet: 1, type: 'goto', deal: 1, trick: 12 });
    await waitForMessage(page, 'state', 'm.index === 30');
    assert.equal(await frame.locator('#replay-error, #embed-notice, .notice').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('garbage messages are answered to the host, and nothing piles up in the table', async () => {
    const { page, errors, frame } = await hostPage(browser, server);
    const garbage = [
      'hello', 42, null, [1, 2, 3], { piquet: 1 }, { piquet: '1', type: 'goto', index: 1 },
      { piquet: 2, type: 'goto' }, { piquet: 1, type: 'x'.repeat(100_000) }, { piquet: 1, type: 7 },
      { piquet: 1, type: 'load' }, { piquet: 1, type: 'load', record: 12 }, { piquet: 1, type: 'goto' },
      { piquet: 1, type: 'setLanguage', lang: 'de' }, { piquet: 1, type: 'setLanguage' },
      { piquet: 1, type: 'goto', deal: 1, trick: 1, action: 1 }, { type: 'goto', index: 1 },
    ];
    for (const message of garbage) await postToFrame(page, message);
    await page.waitForFunction((n) => window.hostLog.filter((m) => m.type === 'error').length >= n, garbage.length);
    await page.waitForTimeout(200);
    const answers = await hostMessages(page, 'error');
    assert.equal(answers.length, garbage.length, 'one error for each');
    for (const { message } of answers) assert.ok(message.length <= SHORT, `${message.length}: ${message.slice(0, 200)}`);
    assert.ok(answers.some((a) => a.message.includes('(100,000 characters, cut)')), 'a long type is quoted short');
    assert.equal(await frame.locator('#replay-error, #embed-notice, .notice').count(), 0, 'the reader sees none of it');
    assert.deepEqual(await hostMessages(page, 'state'), []);
    assert.ok(await overflow(frame) <= 0 && await overflow(page) <= 0);
    await screenshot(page, 'robust-garbage-messages-phone');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('cosmetic typos fall back to the default, with an error to the host; a wrong mode still refuses', async () => {
    const { page, errors, frame } = await hostPage(browser, server);
    await page.evaluate(() => {
      document.getElementById('frame').src = 'embed.html?mode=replay&lang=xx&theme=neon&size=huge&record=records/hoffmann-1909.txt';
    });
    await waitForMessage(page, 'state', 'm.index === 0');
    const said = (await hostMessages(page, 'error')).map((e) => e.message);
    assert.equal(said.length, 3, said.join('\n'));
    for (const [name, value] of [['lang', 'xx'], ['theme', 'neon'], ['size', 'huge']]) {
      assert.ok(said.some((m) => m.startsWith(`${name}=“${value}” is not valid`) && m.endsWith('the default is used')), `${name}: ${said}`);
    }
    const table = page.frames().find((f) => f.url().includes('theme=neon'));
    await table.locator('#replay-position').waitFor();
    assert.equal(await table.getAttribute('html', 'data-theme'), 'baize');
    assert.equal(await table.getAttribute('html', 'data-size'), 'medium');
    assert.equal(await table.locator('.notice').count(), 0, 'the reader sees the table, not the typos');
    await screenshot(page, 'robust-cosmetic-typos-phone');
    // A wrong mode, rules or record still refuses the table, naming only what refuses it.
    await page.evaluate(() => { window.hostLog.length = 0; });
    await page.evaluate(() => { document.getElementById('frame').src = 'embed.html?mode=watch&theme=neon'; });
    const refusal = await waitForMessage(page, 'error', 'm.errors');
    assert.deepEqual(refusal.errors, ['mode=“watch” is not valid: expected play, replay, problem or daily']);
    const refused = page.frames().find((f) => f.url().includes('mode=watch'));
    await refused.getByRole('heading', { name: 'This table cannot be shown' }).waitFor();
    assert.equal(await refused.locator('#embed-error li').count(), 1);
    assert.ok(frame);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a saved game with one bad action resumes just before it; the original downloads from the settings', async () => {
    const seed = drawSeed('saved game with a bad action');
    let page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    let errors = watchErrors(page);
    await page.addInitScript((s) => {
      if (!localStorage.getItem('piquet.settings')) localStorage.setItem('piquet.settings', s);
    }, FAST_SETTINGS);
    await page.goto(`${server.url}?seed=${seed}`);
    await startGame(page, { preset: 'classique', opponent: '1' });
    const save = async () => JSON.parse(await page.evaluate(() => localStorage.getItem('piquet.game')));
    for (const end = Date.now() + 90_000; Date.now() < end;) {
      const s = await save();
      if ((s.record.deals[0]?.actions.length ?? 0) >= 12) break;
      await step(page);
    }
    // The ninth action of the deal made illegal: the other seat makes it.
    const good = await save();
    const bad = structuredClone(good);
    const ninth = bad.record.deals[0].actions[8];
    ninth.seat = ninth.seat === 'A' ? 'B' : 'A';
    const corrupted = JSON.stringify(bad);
    await page.close();
    // The same browser's storage holding the damaged save, as a later visit finds it (set once,
    // before the page runs, so that nothing of the old page can write over it).
    page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    errors = watchErrors(page);
    await seedStorage(page, { 'piquet.settings': FAST_SETTINGS, 'piquet.game': corrupted });
    await page.goto(server.url);
    const notice = page.locator('#app-notice');
    await notice.waitFor();
    const text = spaced(await notice.locator('span').innerText());
    assert.equal(text, 'La partie enregistrée ne se rejouait plus en entier : elle reprend à la donne 1, avant le coup 9, et l’original est gardé dans les paramètres.');
    // The game goes on from there: the first eight actions are the saved ones.
    await page.locator('main.table').waitFor();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('piquet.game')).record.deals[0].actions.length >= 8);
    const resumed = await save();
    assert.deepEqual(resumed.record.deals[0].actions.slice(0, 8), good.record.deals[0].actions.slice(0, 8));
    assert.deepEqual(resumed.record.deals[0].layout, good.record.deals[0].layout);
    // The whole original is kept aside.
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.piquet.game.')));
    assert.equal(kept.length, 1, `${kept}`);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), kept[0]), corrupted);
    assert.ok(await overflow(page) <= 0);
    await screenshot(page, 'robust-resumed-save-phone');
    // The settings (from the table's menu) list it, and download it as a record file.
    await page.click('#table-menu');
    await page.click('#table-settings');
    const listed = page.locator('#set-aside .set-aside-item');
    await listed.first().waitFor();
    assert.equal(await listed.count(), 1);
    assert.match(await listed.innerText(), /Partie enregistrée — /);
    await page.locator('#set-aside').scrollIntoViewIfNeeded();
    await screenshot(page, 'robust-set-aside-settings-phone');
    assert.deepEqual(await axeViolations(page), [], 'settings with data set aside');
    const [download] = await Promise.all([page.waitForEvent('download'), listed.getByRole('button', { name: /Télécharger/ }).click()]);
    assert.match(download.suggestedFilename(), /^piquet-game-set-aside-\d+\.json$/);
    const record = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(record.format, 'piquet-record');
    assert.deepEqual(record.deals[0].actions.length, bad.record.deals[0].actions.length, 'every action, the bad one too');
    assert.equal(record.deals[0].actions[8].seat, ninth.seat);
    // Deleted at the player's asking, it is gone.
    await listed.getByRole('button', { name: /Supprimer/ }).click();
    await page.locator('#set-aside').waitFor({ state: 'detached' });
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.'))), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('an unreadable choice in progress is said and kept aside; the saved game resumes as it was', async () => {
    const seed = drawSeed('unreadable pending choice');
    let page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    await page.addInitScript((s) => {
      if (!localStorage.getItem('piquet.settings')) localStorage.setItem('piquet.settings', s);
    }, FAST_SETTINGS);
    await page.goto(`${server.url}?seed=${seed}`);
    await startGame(page, { preset: 'classique', opponent: '1' });
    await page.waitForFunction(() => localStorage.getItem('piquet.game'));
    const game = await page.evaluate(() => localStorage.getItem('piquet.game'));
    await page.close();
    page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    const damaged = '{"actions": 3, "selection": [4, 9';
    await seedStorage(page, { 'piquet.settings': FAST_SETTINGS, 'piquet.game': game, 'piquet.pending': damaged });
    await page.goto(server.url);
    const notice = page.locator('#app-notice');
    await notice.waitFor();
    assert.equal(
      spaced(await notice.locator('span').innerText()),
      'Le choix que vous faisiez était illisible : il est à refaire, et l’original est gardé dans les paramètres.',
    );
    // The game itself is untouched and goes on.
    await page.locator('main.table').waitFor();
    await screenshot(page, 'robust-unreadable-choice-phone');
    assert.equal(await page.evaluate(() => localStorage.getItem('piquet.game')), game);
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.piquet.pending.')));
    assert.equal(kept.length, 1, `${kept}`);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), kept[0]), damaged);
    await page.click('#table-menu');
    await page.click('#table-settings');
    const listed = page.locator('#set-aside .set-aside-item');
    await listed.first().waitFor();
    assert.match(await listed.innerText(), /Choix en cours à la table — /);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a ?seed= that is no whole number is said beside unreadable settings: one notice, both sentences', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await seedStorage(page, { 'piquet.settings': '%%% not json' });
    await page.goto(`${server.url}?seed=1.5`);
    await waitForApp(page);
    const notice = page.locator('#app-notice');
    await notice.waitFor();
    assert.equal(
      spaced(await notice.locator('span').innerText()),
      'Les paramètres enregistrés étaient illisibles : les valeurs par défaut s’appliquent, et l’original est gardé dans les paramètres. '
        + 'Dans l’adresse de la page, seed=« 1.5 » n’est pas valable : attendu un nombre entier de 0 à 18446744073709551615 ; la valeur par défaut est utilisée.',
    );
    assert.ok(await overflow(page) <= 0);
    await screenshot(page, 'robust-bad-seed-and-settings-phone');
    // Ignored, as it says: a new game draws a seed of its own.
    await page.locator('#app-notice button').click();
    await startGame(page, { preset: 'classique', opponent: '1' });
    await page.waitForFunction(() => localStorage.getItem('piquet.game'));
    const seed = await page.evaluate(() => JSON.parse(localStorage.getItem('piquet.game')).config.seed);
    assert.ok(Number.isInteger(seed) && seed !== 1, `a seed of its own: ${seed}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('commentary in the reader\'s language; another, marked; an old untagged one as it is', async () => {
    const page = await browser.newPage({ viewport: PHONE, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.goto(server.url);
    await page.click('#replay-button');
    const record = JSON.parse(readFileSync(new URL('../../records/hoffmann-1909.json', import.meta.url), 'utf8'));
    record.version = 3;
    record.deals[0].comment = { en: 'Only in English.' };
    delete record.deals[0].note;
    record.deals[0].actions[0].comment = 'An old comment, in no stated language.';
    delete record.deals[0].actions[0].note;
    await page.locator('#record-paste').fill(JSON.stringify(record));
    await page.click('#record-paste-open');
    const comment = page.locator('#replay-comment > p');
    await comment.waitFor();
    assert.equal(spaced(await comment.innerText()), '(en anglais) Only in English.');
    assert.equal(await comment.getAttribute('lang'), 'en', 'read out in English');
    await page.keyboard.press('ArrowRight');
    await page.locator('#replay-comment > p').filter({ hasText: 'An old comment' }).waitFor();
    assert.equal(await comment.innerText(), 'An old comment, in no stated language.');
    assert.equal(await page.locator('#replay-note').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('pages keep their width on a phone with every kind of problem shown', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, locale: 'en-GB' });
    const errors = watchErrors(page);
    // A link whose record is one long word, and a file name of a thousand characters.
    await page.goto(`${server.url}#record=${Buffer.from(junk(50_000)).toString('base64url')}`);
    const alert = page.locator('#replay-error');
    await alert.waitFor();
    const text = await alert.locator('span').innerText();
    assert.match(text, /^This record cannot be read — the link’s record is not valid: line 1: /);
    assert.ok(text.length <= SHORT, `${text.length}`);
    await page.setViewportSize(PHONE);
    assert.ok(await overflow(page) <= 0, `${await overflow(page)}px too wide`);
    await page.setInputFiles('#record-file', { name: `${'n'.repeat(1000)}.txt`, mimeType: 'text/plain', buffer: Buffer.from(junk(10_000)) });
    await page.waitForFunction(() => /nnnn/.test(document.querySelector('#replay-error')?.textContent));
    const named = await alert.locator('span').innerText();
    assert.ok(named.length <= SHORT, `${named.length}: ${named}`);
    assert.ok(await overflow(page) <= 0, `${await overflow(page)}px too wide`);
    await screenshot(page, 'robust-long-file-name-phone');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
