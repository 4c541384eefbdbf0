// What the table promises on every screen, measured in the page: shared by the tests of the
// table (layout.test.mjs) and of the lessons (lessons.test.mjs). Names and words read whole
// (the seats' names, the deal's label, the words said in bubbles) are part of it.

/**
 * The main button of each kind of decision: on screen as the panel opens, never to be scrolled
 * to. Every other control of the panel (the answers « Égal » and « Mieux », the declaration
 * options, the leftover's suits, carte blanche, « Retourner »…) must be on screen or reached by
 * scrolling inside the panel, never the page.
 */
const CONTROLS = {
  cut: ['#deal-button'], choose: ['#choose-deal'], discard: ['#confirm-discard'], declare: ['#declare'],
  answer: ['#answer-good'], leftover: ['#dont-look'], expose: ['#hide'], 'next-deal': ['#next-deal'],
  over: ['#play-again'],
  // A lesson: what the player reads on, and its end.
  'lesson-next': ['#lesson-next'], 'lesson-over': ['#lesson-list'],
};

/**
 * What lies over the table for a while — the scores as they come (toasts), « Revoir la dernière
 * levée », the refusal of a card, the computer's thinking dots — measured with their element
 * rectangles: each on screen whole, and none covering a card (of the hand, the trick, the talon,
 * the piles, the cards seen or shown), a seat's score, or another of them. Returns a list of
 * problems (empty when all holds).
 */
export async function overlapProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const shown = (el) => {
      if (el.getClientRects().length === 0) return false;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return false;
      for (let a = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      }
      return true;
    };
    const name = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} « ${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 50)} »`;
    // The part of `el` a player sees: its box cut by every ancestor that clips it.
    const seen = (el) => {
      const r = el.getBoundingClientRect();
      let [top, left, bottom, right] = [r.top, r.left, r.bottom, r.right];
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        [top, left, bottom, right] = [Math.max(top, b.top), Math.max(left, b.left), Math.min(bottom, b.bottom), Math.min(right, b.right)];
      }
      return { top, left, bottom, right };
    };
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    const over = [
      ...document.querySelectorAll('.table .toast-score'),
      ...document.querySelectorAll('.table #last-trick'),
      ...document.querySelectorAll('.table .refusal.shown'),
      ...document.querySelectorAll('.table .panel.waiting .dots'),
    ].filter(shown);
    const under = [
      ...document.querySelectorAll('.table .card'),
      ...document.querySelectorAll('.table .score'),
    ].filter(shown);
    for (const el of over) {
      const r = el.getBoundingClientRect();
      const s = seen(el);
      // Whole on screen, and not cut by a box around it.
      if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) {
        problems.push(`${name(el)} is off screen: ${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}×${vh}`);
      } else if (s.top > r.top + 1 || s.left > r.left + 1 || s.bottom < r.bottom - 1 || s.right < r.right - 1) {
        problems.push(`${name(el)} is cut: ${Math.round(s.right - s.left)}×${Math.round(s.bottom - s.top)} of ${Math.round(r.width)}×${Math.round(r.height)} shown`);
      }
      for (const u of under) {
        if (el.contains(u)) continue;
        if (overlap(s, seen(u))) {
          const what = u.matches('.score') ? `the score ${name(u)}` : `the card ${u.getAttribute('aria-label') || name(u)}`;
          problems.push(`${name(el)} covers ${what}`);
        }
      }
      for (const other of over) {
        if (other !== el && !other.contains(el) && !el.contains(other) && over.indexOf(other) > over.indexOf(el) && overlap(s, seen(other))) {
          problems.push(`${name(el)} and ${name(other)} cover each other`);
        }
      }
    }
    return problems;
  });
}

/**
 * Everything the layout promises at this moment, measured in the page: returns a list of
 * problems (empty when all holds), the overlaps of [`overlapProblems`] among them.
 */
export async function layoutProblems(page, panel) {
  return [...await layoutOnly(page, panel), ...await overlapProblems(page)];
}

async function layoutOnly(page, panel) {
  return page.evaluate(({ panel, controls }) => {
    const problems = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const root = document.scrollingElement;
    if (root.scrollHeight > vh + 1) problems.push(`the page scrolls: ${root.scrollHeight} px tall in ${vh}`);
    if (root.scrollWidth > vw + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${vw}`);
    const onScreen = (el, what) => {
      if (!el) { problems.push(`${what} is missing`); return false; }
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) { problems.push(`${what} is not drawn`); return false; }
      if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) {
        problems.push(`${what} is off screen: ${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}×${vh}`);
        return false;
      }
      return true;
    };
    // The seats, both scores, the table's centre and the hand are on screen.
    onScreen(document.querySelector('.seat-top'), 'the opponent\'s seat');
    onScreen(document.querySelector('#count-opponent'), 'the opponent\'s score');
    onScreen(document.querySelector('#count-me'), 'my score');
    onScreen(document.querySelector('.centre'), 'the centre of the table');
    onScreen(document.querySelector('.seat-bottom .hand, .seat-bottom .hand-hidden'), 'my hand');
    // Names and words read whole: the seats' names and the deal's label not cut short, and no
    // word of the words said broken across two lines of its bubble (a hyphen may break a line).
    for (const el of document.querySelectorAll('.seat-name, .table-bar .deal-label')) {
      if (getComputedStyle(el).visibility === 'hidden' || el.getClientRects().length === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        problems.push(`« ${el.textContent} » is cut short (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      }
    }
    for (const say of document.querySelectorAll('.say')) {
      const walker = document.createTreeWalker(say, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.data.matchAll(/[^\s\u00a0\u202f-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) problems.push(`« ${m[0]} » is broken across two lines in « ${say.textContent} »`);
        }
      }
    }
    // Between deals the sheet of the game's deals reads whole across: every column in sight.
    for (const sheet of document.querySelectorAll('.table .side .score-sheet')) {
      if (sheet.scrollWidth > sheet.clientWidth + 1) problems.push(`the score sheet is wider than its panel: ${sheet.scrollWidth} px in ${sheet.clientWidth}`);
    }
    // The tools one tap away (leave, hint, score sheet, log, rules, menu): each on screen.
    for (const tool of document.querySelectorAll('.table-bar .tool')) onScreen(tool, `the tool #${tool.id}`);
    // Whether `el` can be seen and touched where it is: what shows of it inside the screen and
    // every box that clips it (the panel, scrolled) is at least 40 px each way (all of it, if
    // smaller), and the element a finger at the middle of that part hits.
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      let [top, left, bottom, right] = [Math.max(r.top, 0), Math.max(r.left, 0), Math.min(r.bottom, vh), Math.min(r.right, vw)];
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        [top, left, bottom, right] = [Math.max(top, b.top), Math.max(left, b.left), Math.min(bottom, b.bottom), Math.min(right, b.right)];
      }
      if (bottom - top < Math.min(40, r.height - 1) || right - left < Math.min(40, r.width - 1)) return false;
      // The longest run of hits down its middle (a sticky foot may cover its lower part), then
      // across the middle of that run.
      const run = (from, to, at) => {
        let best = [0, from];
        let start = null;
        for (let v = from; v <= to; v += 2) {
          if (el.contains(at(v))) {
            start ??= v;
            if (v - start > best[0]) best = [v - start, start];
          } else start = null;
        }
        return best;
      };
      const x = (left + right) / 2;
      const [tall, from] = run(top + 1, bottom - 1, (y) => document.elementFromPoint(x, y));
      if (tall < Math.min(40, r.height - 1) - 2) return false;
      const y = from + tall / 2;
      const [wide] = run(left + 1, right - 1, (v) => document.elementFromPoint(v, y));
      return wide >= Math.min(40, r.width - 1) - 2;
    };
    const describe = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} « ${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)} »`;
    // The decision's main button: on screen and not covered by anything.
    const mains = [];
    for (const sel of controls[panel] || []) {
      const el = document.querySelector(sel);
      mains.push(el);
      if (onScreen(el, sel)) {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!el.contains(hit)) problems.push(`${sel} is covered by ${hit?.className || hit?.tagName}`);
        // Its words on one line.
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.bottom)));
        if (lines.size > 1) problems.push(`${sel} « ${el.textContent.trim()} » takes ${lines.size} lines`);
      }
    }
    // Every other control of the panel at hand: on screen, or reached by scrolling inside the
    // panel (a box between the control and the panel's column that scrolls), the page staying
    // put. Radio buttons are touched through their label.
    const column = document.querySelector('.table .side');
    const panelEl = column?.querySelector('.panel');
    const others = panelEl ? [...panelEl.querySelectorAll('button, select, textarea, input:not([type=radio]):not([type=checkbox]), label')]
      .filter((el) => el.getClientRects().length > 0 && !mains.includes(el) && !el.closest('.sr-only'))
      .filter((el) => el.tagName !== 'LABEL' || el.querySelector('input')) : [];
    for (const el of others) {
      if (visible(el)) continue;
      let box = null;
      for (let a = el.parentElement; a && column.contains(a); a = a.parentElement) {
        const y = getComputedStyle(a).overflowY;
        if ((y === 'auto' || y === 'scroll') && a.scrollHeight > a.clientHeight + 1) { box = a; break; }
      }
      if (!box) { problems.push(`${describe(el)} is off screen and nothing in the panel scrolls to it`); continue; }
      const saved = box.scrollTop;
      const r = el.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      // Bring its top to the top of what the box shows (the panel's foot sticks to its bottom).
      box.scrollTop += r.top - b.top - 4;
      const reached = visible(el);
      const page = document.scrollingElement.scrollTop + document.scrollingElement.scrollLeft;
      box.scrollTop = saved;
      if (!reached) problems.push(`${describe(el)} is not reached by scrolling the panel`);
      if (page !== 0) problems.push(`reaching ${describe(el)} scrolled the page`);
    }
    // Every card that may be played or discarded: a touch target of at least 40 × 40.
    const cards = [...document.querySelectorAll('.seat-bottom .hand-card.enabled')];
    if ((panel === 'play' || panel === 'discard') && cards.length === 0) problems.push('no playable card');
    for (const card of cards) {
      const r = card.getBoundingClientRect();
      const name = card.querySelector('svg')?.getAttribute('aria-label') || card.dataset.card;
      if (r.top < 0 || r.bottom > vh || r.left < 0 || r.right > vw) {
        problems.push(`${name} is off screen`);
        continue;
      }
      // Sample the card every 2 px; a 40 × 40 square must be all hits on the card.
      const step = 2;
      const cols = Math.floor(r.width / step);
      const rows = Math.floor(r.height / step);
      const hits = [];
      for (let y = 0; y < rows; y++) {
        const row = [];
        for (let x = 0; x < cols; x++) {
          const el = document.elementFromPoint(r.left + x * step + 1, r.top + y * step + 1);
          row.push(card.contains(el));
        }
        hits.push(row);
      }
      const need = Math.ceil(40 / step);
      // Largest all-hit square by dynamic programming.
      let best = 0;
      const dp = hits.map((row) => row.map(() => 0));
      for (let y = 0; y < rows; y++) {
        for (let x = 0; x < cols; x++) {
          if (!hits[y][x]) continue;
          dp[y][x] = (x && y) ? 1 + Math.min(dp[y - 1][x], dp[y][x - 1], dp[y - 1][x - 1]) : 1;
          best = Math.max(best, dp[y][x]);
        }
      }
      if (best < need) problems.push(`${name}: touch target ${best * step}×${best * step} px (< 40×40)`);
    }
    return problems;
  }, { panel, controls: CONTROLS });
}

/** The controls of the decision panel on screen, by id or kind: what the layout test met. */
export async function panelControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('.table .side .panel :is(button, select, label.option, .blanche button)')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => el.id ? `#${el.id}` : el.dataset.suit ? 'suit' : el.matches('label.option') ? 'option' : el.closest('.blanche') ? 'carte-blanche' : el.className));
}
