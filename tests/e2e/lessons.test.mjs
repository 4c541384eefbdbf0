// The lessons (« Apprendre »), through the page only. The first lesson is played to its end at
// 360 × 640, 640 × 360 and 1280 × 800, following what the lesson highlights, from the cut (the
// player draws his card: at 360 × 640 « Distribuer » touched first is answered kindly, then the
// pack is drawn from with the keyboard), with one wrong action tried at the exchange (the lesson
// explains, nothing is played) and one illegal card touched (the table says why); at every step the page passes the table's one-screen checks (no scroll, controls
// and playable cards on screen, 40 × 40 touch targets) and the coach is on screen. A lesson
// left by a reload comes back at its step; the list says where each lesson stands; the other
// lessons play to their end. Every lesson is played at 320 × 568, 360 × 640 and 640 × 360 (the
// first also at 1280 × 800): at every step the coach's words read whole, without scrolling, with
// the lesson's title and the step counter in sight. axe-core finds nothing on the list and on the lesson.
// Screenshots land in tests/e2e/artifacts/lessons-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_SETTINGS, axeViolations, openPage, screenshot, serveAndLaunch } from './harness.mjs';
import { currentPanel } from './play.mjs';
import { layoutProblems } from './layout-check.mjs';

const SETTINGS_EN = JSON.stringify({ v: 1, settings: { lang: 'en', animation: 'off' } });

/** French typography puts no-break spaces before « : » and inside « « » »; read them as spaces. */
const spaced = (text) => text.replace(/\s/g, ' ');

/** Opens the list of lessons from the first screen. */
async function openList(page) {
  await page.locator('#learn-button').click();
  await page.locator('#lessons .lesson-open').first().waitFor();
}

/** Starts (or resumes) the lesson with this id from the list. */
async function startLesson(page, id) {
  await page.locator(`.lesson-open[data-lesson="${id}"]`).click();
  await page.locator('#coach').waitFor();
}

/** The step the coach shows: « Étape 3 sur 17 » as [3, 17]. */
async function stepOf(page) {
  const text = await page.locator('#lesson-step').innerText();
  const [k, n] = text.match(/\d+/g).map(Number);
  return [k, n];
}

/** What the page shows now, for the layout checks: the table's panel, or the lesson's. */
async function lessonPanel(page) {
  if (await page.locator('#lesson-list').count()) return 'lesson-over';
  if (await page.locator('#lesson-next').count()) return 'lesson-next';
  return currentPanel(page);
}

/** The lesson's own promises: its coach on screen, what it asks to touch on screen and uncovered. */
function lessonProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const coach = document.getElementById('coach');
    const r = coach?.getBoundingClientRect();
    if (!r || r.height < 40) problems.push('the coach is missing or too small');
    else if (r.top < -1 || r.bottom > vh + 1 || r.right > vw + 1) problems.push('the coach is off screen');
    else {
      // Its words read whole, nothing to scroll: every paragraph inside what the coach shows
      // (once read in a sheet, the coach is compact: its head and what to do now).
      const compact = coach.classList.contains('compact');
      if (!compact && coach.scrollHeight > coach.clientHeight + 1) {
        problems.push(`the coach's words need scrolling: ${coach.scrollHeight} px in ${coach.clientHeight}`);
      }
      for (const p of compact ? [] : coach.querySelectorAll('.coach-body p')) {
        const b = p.getBoundingClientRect();
        if (b.top < r.top - 1 || b.bottom > r.bottom + 1 || b.bottom > vh + 1 || b.right > vw + 1) {
          problems.push(`« ${p.textContent.slice(0, 40)}… » is not read whole (${Math.round(b.top)}–${Math.round(b.bottom)} in ${Math.round(r.top)}–${Math.round(r.bottom)})`);
        }
      }
      // The lesson's title and the step counter in sight, whole.
      for (const el of coach.querySelectorAll('.coach-name, #lesson-step')) {
        const b = el.getBoundingClientRect();
        if (b.top < Math.max(0, r.top) - 1 || b.bottom > Math.min(vh, r.bottom) + 1 || b.width < 1) problems.push(`${el.className || el.id} is out of sight`);
        else if (el.scrollWidth > el.clientWidth + 1) problems.push(`« ${el.textContent} » is cut short`);
      }
    }
    for (const el of document.querySelectorAll('.side .lesson-target, .centre .lesson-target')) {
      const b = el.getBoundingClientRect();
      if (b.top < -1 || b.bottom > vh + 1 || b.left < -1 || b.right > vw + 1) {
        problems.push(`the highlighted ${el.id || el.className} is off screen`);
        continue;
      }
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (!el.contains(hit)) problems.push(`the highlighted ${el.id || el.className} is covered by ${hit?.className}`);
    }
    return problems;
  });
}

/**
 * The coach's sheet, when its words did not fit beside the panel: on screen whole, its words
 * read whole without scrolling, the lesson's title and the step in sight. A list of problems.
 */
function sheetProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const sheet = document.getElementById('coach-sheet');
    const r = sheet.getBoundingClientRect();
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) problems.push('the sheet is off screen');
    if (sheet.scrollHeight > sheet.clientHeight + 1) problems.push(`the sheet's words need scrolling: ${sheet.scrollHeight} px in ${sheet.clientHeight}`);
    for (const el of sheet.querySelectorAll('.coach-body p, .coach-name, #lesson-step, .coach-foot button')) {
      const b = el.getBoundingClientRect();
      if (b.top < r.top - 1 || b.bottom > r.bottom + 1 || b.width < 1) problems.push(`« ${el.textContent.slice(0, 40)} » is not in sight in the sheet`);
      else if (!el.matches('p') && el.scrollWidth > el.clientWidth + 1) problems.push(`« ${el.textContent} » is cut short`);
    }
    const button = sheet.querySelector('.coach-foot button');
    const b = button?.getBoundingClientRect();
    const hit = button && document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    if (!button?.contains(hit)) problems.push('the sheet\'s button is covered');
    return problems;
  });
}

/** Two frames: the coach has been measured, and put in a sheet if its words did not fit. */
const measured = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/** A coach's sheet on screen, checked (`sheets` counts them), then dismissed once read (« Compris »). */
async function readSheet(page, size, sheets = { n: 0 }) {
  await measured(page);
  if (!await page.locator('#coach-sheet').count()) return false;
  sheets.n++;
  const problems = await sheetProblems(page);
  if (problems.length) await screenshot(page, `lessons-${size}-FAILED-sheet`);
  assert.deepEqual(problems, [], `${size}: the coach's sheet`);
  if (await page.locator('#coach-ok').count()) {
    await page.locator('#coach-ok').click();
    await page.locator('#coach-sheet').waitFor({ state: 'detached' });
  }
  return true;
}

/**
 * Takes the lesson's next step as it asks (what it highlights); returns what was done:
 * 'continue', 'discard', 'declare', 'play', 'button', 'wait', 'read' (a coach's sheet read and
 * dismissed), or 'over'.
 */
async function lessonStep(page) {
  await measured(page);
  if (await page.locator('#coach-ok').count()) {
    await page.locator('#coach-ok').click();
    return 'read';
  }
  try {
    return await takeStep(page);
  } catch (e) {
    // New words came meanwhile (the opponent moved) in a sheet over what was to be touched:
    // it is read on the next round.
    if (await page.locator('#coach-sheet').count()) return 'wait';
    throw e;
  }
}

/** The step itself, as [`lessonStep`] says. */
async function takeStep(page) {
  const quick = { timeout: 5000 };
  if (await page.locator('#lesson-list').count()) return 'over';
  if (await page.locator('#lesson-next').count()) {
    await page.locator('#lesson-next').click(quick);
    return 'continue';
  }
  const cards = page.locator('.seat-bottom .hand-card.lesson-target');
  if (await cards.count()) {
    if (await page.locator('#confirm-discard').count()) {
      for (let i = 0; i < await cards.count(); i++) {
        const card = cards.nth(i);
        if (!(await card.getAttribute('class')).includes('selected')) await card.click({ position: { x: 12, y: 30 }, ...quick });
      }
      await page.locator('#confirm-discard').click(quick);
      return 'discard';
    }
    await cards.first().click({ position: { x: 12, y: 30 }, ...quick });
    return 'play';
  }
  const option = page.locator('.option.lesson-target');
  if (await option.count()) {
    await option.click(quick);
    await page.locator('#declare.lesson-target').click(quick);
    return 'declare';
  }
  const button = page.locator('.side button.lesson-target:not(#lesson-next)');
  if (await button.count()) {
    await button.first().click(quick);
    return 'button';
  }
  await page.waitForTimeout(20);
  return 'wait';
}

/** Waits until the lesson has moved on from `before` (its step, or what the coach says). */
async function settled(page, before) {
  await page.waitForFunction((b) => {
    const now = (document.getElementById('coach')?.innerText || '') + (document.getElementById('lesson-list') ? 'over' : '');
    return now !== b;
  }, before, { timeout: 5000 }).catch(() => {});
}

const coachText = (page) => page.evaluate(
  () => (document.getElementById('coach')?.innerText || '') + (document.getElementById('lesson-list') ? 'over' : ''),
);

/**
 * Plays the lesson on the table to its end, checking the layout at every step. `onStep(kind)` runs
 * before each step (screenshots, a wrong action). Returns the kinds of steps taken.
 */
async function playLesson(page, size, { onStep, sheets = { n: 0 }, reread = false } = {}) {
  const taken = [];
  for (let guard = 0; guard < 400; guard++) {
    const panel = await lessonPanel(page);
    if (panel === 'error') throw new Error(await page.locator('.table .notice').innerText());
    // The coach's words in a sheet: read whole there, then dismissed (or « Continuer »).
    await measured(page);
    if (await page.locator('#coach-sheet').count()) {
      const first = sheets.n === 0;
      if (first) await screenshot(page, `lessons-${size}-sheet`);
      const ok = await page.locator('#coach-ok').count();
      const words = await page.locator('#coach-sheet .coach-body').innerText();
      await readSheet(page, size, sheets);
      if (first && ok && reread) {
        // Read, then « Relire »: the same words again in the sheet, then dismissed.
        await screenshot(page, `lessons-${size}-compact`);
        await page.locator('#coach-reread').click();
        await page.locator('#coach-sheet').waitFor();
        assert.equal(await page.locator('#coach-sheet .coach-body').innerText(), words, 'the same words, read again');
        await readSheet(page, size, sheets);
      }
      if (await page.locator('#coach-sheet').count() === 0) continue;
    } else if (panel !== 'waiting') {
      const problems = [...await layoutProblems(page, panel), ...await lessonProblems(page)];
      if (problems.length) {
        await screenshot(page, `lessons-${size}-FAILED-${panel}`);
        assert.deepEqual(problems, [], `${size}, ${panel} (step ${taken.length})`);
      }
    }
    if (onStep) await onStep(panel, taken.length);
    // Nothing is the player's to do yet (the other's card on its way): look again, so that every
    // step taken is one that onStep saw as it is (a card to play seen as 'play', not 'waiting').
    if (panel === 'waiting') {
      await page.waitForTimeout(20);
      continue;
    }
    const before = await coachText(page);
    const kind = await lessonStep(page);
    if (kind === 'over') return taken;
    if (kind !== 'wait' && kind !== 'read') {
      taken.push(kind);
      await settled(page, before);
    }
  }
  throw new Error('the lesson did not end');
}

describe('lessons', () => {
  const env = serveAndLaunch();
  /** A page at `[width, height]` with `settings` stored, on the first screen (the shell). */
  const open = (url, [width, height], settings = FAST_SETTINGS) => openPage(env.browser, url, { width, height }, { settings, app: false });

  test('the first lesson, played to its end at 360×640 with a wrong action and an illegal card', async () => {
    const { page, errors } = await open(env.server.url, [360, 640]);
    await openList(page);
    await screenshot(page, 'lessons-360x640-list');
    assert.deepEqual(await axeViolations(page), [], 'axe on the list of lessons');
    const items = page.locator('.lesson-item');
    assert.equal(await items.count(), 3, 'three lessons are listed');
    assert.equal(await page.locator('#lesson-first-deal').getAttribute('data-standing'), 'not-started');
    await startLesson(page, 'first-deal');
    assert.deepEqual(await stepOf(page), [1, 21]);
    assert.match(await page.locator('#leave-button').getAttribute('aria-label'), /Quitter la leçon/);
    // The cut: the pack lies face down, it and « Tirer une carte » highlighted; no card drawn yet.
    assert.match(await page.locator('#lesson-prompt').innerText(), /qui donne/);
    assert.equal(await page.locator('#cut-pack.lesson-target').count(), 1);
    assert.equal(await page.locator('#cut-button.lesson-target').count(), 1);
    assert.equal(await page.locator('#deal-button.lesson-target').count(), 0);
    assert.equal(await page.locator('.cut-card').count(), 0, 'the draws are not shown before the player draws');
    // Words that do not fit beside the panel come in a sheet, read whole, then dismissed.
    await readSheet(page, '360x640');
    await screenshot(page, 'lessons-360x640-cut');
    assert.deepEqual(await axeViolations(page), [], 'axe on the lesson\'s cut');
    // « Distribuer » first: the lesson says, kindly, to draw first; nothing is dealt.
    await page.locator('#deal-button').click();
    const early = page.locator('#lesson-wrong');
    await early.waitFor();
    assert.match(spaced(await early.innerText()), /^Pas encore : avant de distribuer, il faut savoir qui donne/);
    assert.deepEqual(await stepOf(page), [1, 21]);
    assert.equal(await page.locator('.cut-card').count(), 0);
    assert.equal(await page.locator('.seat-bottom .hand-card').count(), 0, 'nothing was dealt');
    await screenshot(page, 'lessons-360x640-cut-wrong');
    await readSheet(page, '360x640');
    // The pack, with the keyboard: the lesson's draws are shown, and why the player is elder.
    await page.locator('#cut-pack').focus();
    await page.keyboard.press('Enter');
    await page.locator('.cut-card').first().waitFor();
    assert.deepEqual(await page.locator('.cut-card [role=img]').evaluateAll((c) => c.map((x) => x.getAttribute('aria-label'))),
      ['Dame de pique', 'Huit de carreau']);
    assert.deepEqual(await page.locator('.cut-card figcaption').allInnerTexts(), ['Vous', 'L’ordinateur']);
    assert.deepEqual(await stepOf(page), [2, 21]);
    assert.equal(await page.locator('#lesson-wrong').count(), 0);
    const why = spaced(await page.locator('#lesson-said').innerText());
    assert.match(why, /La plus basse donne : l’ordinateur distribue, et vous êtes « premier en cartes »/);
    assert.match(why, /le premier échange jusqu’à cinq cartes/);
    assert.equal(await page.locator('#deal-button.lesson-target').count(), 1, 'now « Distribuer »');
    assert.equal(await page.locator('#cut-pack, #cut-button').count(), 0);
    await screenshot(page, 'lessons-360x640-cut-drawn');
    let wrongTried = false;
    let refusalSeen = false;
    let axed = false;
    const shots = new Set();
    const taken = await playLesson(page, '360x640', {
      onStep: async (panel) => {
        if (!shots.has(panel)) {
          shots.add(panel);
          await screenshot(page, `lessons-360x640-${panel}`);
        }
        if (panel === 'play' && !axed) {
          axed = true;
          assert.deepEqual(await axeViolations(page), [], 'axe on the lesson');
        }
        // The exchange: one wrong card first. The lesson says what to do; nothing is discarded.
        if (panel === 'discard' && !wrongTried) {
          wrongTried = true;
          const hand = await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card));
          const step = await stepOf(page);
          await page.locator('.seat-bottom .hand-card.enabled:not(.lesson-target)').first().click({ position: { x: 12, y: 30 } });
          await page.locator('#confirm-discard').click();
          const wrong = page.locator('#lesson-wrong');
          await wrong.waitFor();
          assert.match(await wrong.innerText(), /Gardez vos cœurs et vos rois/);
          assert.deepEqual(await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card)), hand,
            'the wrong discard was not made');
          assert.deepEqual(await stepOf(page), step);
          await screenshot(page, 'lessons-360x640-wrong');
          await readSheet(page, '360x640');
          await page.locator('#undo-button').click();
        }
        // A card that cannot be played: the table's own refusal says why.
        if (panel === 'play' && !refusalSeen) {
          const illegal = page.locator('.seat-bottom .hand-card[aria-disabled="true"]');
          // The opponent's card may still be on its way on a loaded machine: give it a moment.
          await illegal.first().waitFor({ timeout: 1500 }).catch(() => {});
          if (await illegal.count()) {
            refusalSeen = true;
            await illegal.first().click({ position: { x: 12, y: 30 }, force: true });
            await page.locator('.refusal.shown').waitFor();
            assert.match(await page.locator('.refusal').innerText(), /Vous devez fournir à carreau/);
          }
        }
      },
    });
    assert.ok(wrongTried && refusalSeen, `a wrong action and an illegal card were tried: ${wrongTried} ${refusalSeen}`);
    assert.equal(taken.filter((k) => k !== 'continue').length, 17, `17 steps after the cut (${taken})`);
    // The end: the repique in the count, the deal's points, the ways on.
    assert.deepEqual(await stepOf(page), [21, 21]);
    assert.match(await page.locator('.lesson-over').innerText(), /Vous 108 — L’ordinateur 5/);
    assert.match(await page.locator('.lesson-over .sheet').innerText(), /repic/);
    await screenshot(page, 'lessons-360x640-over');
    // Back to the list: the lesson is done.
    await page.locator('#lesson-list').click();
    await page.locator('#lessons .lesson-item').first().waitFor();
    assert.equal(await page.locator('#lesson-first-deal').getAttribute('data-standing'), 'done');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a lesson left by a reload comes back at its step; leaving and starting again', async () => {
    const { page, errors } = await open(env.server.url, [360, 640]);
    await openList(page);
    await startLesson(page, 'first-deal');
    await readSheet(page, '360x640-reload');
    // Drawn at the cut, not yet dealt: a reload keeps the card drawn.
    await page.locator('#cut-pack').click();
    await page.locator('.cut-card').first().waitFor();
    assert.deepEqual(await stepOf(page), [2, 21]);
    await page.reload();
    await page.locator('#coach').waitFor();
    assert.deepEqual(await stepOf(page), [2, 21], 'the reload came back after the cut');
    assert.equal(await page.locator('.cut-card').count(), 2);
    assert.equal(await page.locator('#cut-pack').count(), 0);
    // Up to the first card asked for after the declarations (the eighth step). The seventh is
    // the declaration of the sequence: only that is touched there, never a card (the
    // computer's answer may come at any moment, and the card with it).
    for (let guard = 0; guard < 200 && (await stepOf(page))[0] < 8; guard++) {
      await readSheet(page, '360x640-reload');
      const before = await coachText(page);
      if ((await stepOf(page))[0] === 7) {
        const option = page.locator('.option.lesson-target');
        if (await option.count()) {
          try {
            await option.click({ timeout: 5000 });
            await page.locator('#declare.lesson-target').click({ timeout: 5000 });
          } catch (e) {
            if (!await page.locator('#coach-sheet').count()) throw e;
            continue;
          }
          await settled(page, before);
        } else await page.waitForTimeout(20);
        continue;
      }
      if ((await lessonStep(page)) !== 'wait') await settled(page, before);
    }
    // The lesson waits for the player's card (nothing moves by itself now): where it stands.
    await page.locator('.seat-bottom .hand-card.lesson-target').waitFor();
    const [at] = await stepOf(page);
    assert.ok(at >= 8, `at step ${at}`);
    const hand = await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card));
    await page.reload();
    await page.locator('#coach').waitFor();
    assert.deepEqual(await stepOf(page), [at, 21], 'the reload came back to the same step');
    assert.deepEqual(await page.locator('.seat-bottom .hand-card').evaluateAll((b) => b.map((x) => x.dataset.card)), hand);
    // The card asked for when the page was left is asked for again.
    await page.locator('.seat-bottom .hand-card.lesson-target').waitFor();
    assert.equal(await page.locator('.seat-bottom .hand-card.lesson-target').count(), 1, 'the card asked for is highlighted');
    // « Quitter la leçon »: the list says where it stands (the step on screen when it was left:
    // the computer's card may have moved the lesson on meanwhile); resume; start again.
    const [left] = await stepOf(page);
    assert.ok(left >= 8, `left at step ${left}`);
    await page.locator('#leave-button').click();
    const item = page.locator('#lesson-first-deal');
    await item.waitFor();
    assert.equal(await item.getAttribute('data-standing'), 'in-progress');
    assert.match(await item.locator('.lesson-standing').innerText(), new RegExp(`étape ${left} sur 21`));
    await screenshot(page, 'lessons-360x640-list-in-progress');
    await startLesson(page, 'first-deal');
    assert.deepEqual(await stepOf(page), [left, 21]);
    await page.locator('#leave-button').click();
    await page.locator('.lesson-restart[data-lesson="first-deal"]').click();
    await page.locator('#coach').waitFor();
    assert.deepEqual(await stepOf(page), [1, 21], 'started again from the cut');
    assert.equal(await page.locator('#cut-pack').count(), 1, 'the pack to draw from again');
    // A saved progress that does not read is set aside and said; the lessons start afresh.
    await page.locator('#leave-button').click();
    await page.locator('#lessons').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#lessons').waitFor({ state: 'detached' });
    await page.evaluate(() => localStorage.setItem('piquet.lessons', '{"v":1,"lessons":{"first-deal":{"at":"x"}}}'));
    await openList(page);
    await page.locator('#lessons .notice').waitFor();
    assert.match(await page.locator('#lessons .notice').innerText(), /progrès/i);
    assert.equal(await page.locator('#lesson-first-deal').getAttribute('data-standing'), 'not-started');
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('piquet.set-aside.piquet.lessons')));
    assert.equal(kept.length, 1, 'the original is kept aside');
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const size of [[640, 360], [1280, 800]]) {
    test(`the first lesson at ${size.join('×')}: one screen at every step, in English`, async () => {
      const name = size.join('x');
      const { page, errors } = await open(env.server.url, size, SETTINGS_EN);
      await openList(page);
      await screenshot(page, `lessons-${name}-list`);
      await startLesson(page, 'first-deal');
      const shots = new Set();
      await playLesson(page, name, {
        onStep: async (panel) => {
          if (!shots.has(panel)) {
            shots.add(panel);
            await screenshot(page, `lessons-${name}-${panel}`);
          }
        },
      });
      assert.deepEqual(await axeViolations(page), [], `axe at the end of the lesson, ${name}`);
      assert.match(await page.locator('.lesson-over').innerText(), /You 108 — The computer 5/);
      await screenshot(page, `lessons-${name}-over`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  // Every lesson at the smallest phone upright and sideways (360 × 640 is played above): the
  // checks of `playLesson` at every step, the coach's words read whole among them.
  for (const [width, height] of [[320, 568], [640, 360]]) {
    for (const id of ['first-deal', 'declarations', 'rubicon']) {
      if (id === 'first-deal' && width === 640) continue;
      test(`the lesson « ${id} » at ${width}×${height}: the coach read whole at every step`, async () => {
        const name = `${width}x${height}-${id}`;
        const { page, errors } = await open(env.server.url, [width, height]);
        await openList(page);
        await startLesson(page, id);
        const shots = new Set();
        const sheets = { n: 0 };
        await playLesson(page, name, {
          sheets,
          reread: true,
          onStep: async (panel) => {
            if (!shots.has(panel)) {
              shots.add(panel);
              await screenshot(page, `lessons-${name}-${panel}`);
            }
          },
        });
        console.log(`# lesson ${name}: ${sheets.n} step(s) read in a sheet`);
        if (width === 320) assert.ok(sheets.n > 0, 'the smallest phone reads some steps in a sheet');
        await screenshot(page, `lessons-${name}-over`);
        assert.deepEqual(errors, []);
        await page.close();
      });
    }
  }

  test('the declarations and Rubicon lessons play to their end; the game then goes on', async () => {
    const { page, errors } = await open(env.server.url, [360, 640]);
    await openList(page);
    await startLesson(page, 'declarations');
    // It opens on its own first position: the deal to come, not the end of the partie's
    // earlier deal (no score panel, nothing of it left on the table).
    await page.locator('#deal-button').waitFor();
    assert.equal(await page.locator('#next-deal, .deal-points').count(), 0);
    assert.equal(await page.locator('.centre .trick .card, .centre .my-discards, .centre .seen').count(), 0);
    await screenshot(page, 'lessons-360x640-declarations-start');
    await playLesson(page, '360x640-declarations', {
      onStep: async (panel, n) => {
        if (panel === 'answer') await screenshot(page, `lessons-360x640-declarations-answer-${n}`);
      },
    });
    await screenshot(page, 'lessons-360x640-declarations-over');
    assert.equal(await page.locator('.lesson-over .deal-points').count(), 0, 'no points of a deal not finished');
    // Mid-deal, the game goes on against the computer.
    await page.locator('#lesson-play-on').click();
    await page.locator('.table:not(.lesson)').waitFor();
    assert.equal(await page.locator('#coach').count(), 0);
    assert.match(await page.locator('.deal-label').innerText(), /Donne 6\/6/);
    await page.locator('#leave-button').click();
    await openList(page);
    await startLesson(page, 'rubicon');
    await playLesson(page, '360x640-rubicon', {
      onStep: async (panel, n) => {
        if (n === 10) await screenshot(page, 'lessons-360x640-rubicon-pique');
      },
    });
    const over = await page.locator('.lesson-over').innerText();
    assert.match(over, /rubiconé/);
    assert.match(over, /397/);
    assert.equal(await page.locator('#lesson-play-on').count(), 0, 'the partie is over');
    await screenshot(page, 'lessons-360x640-rubicon-over');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
