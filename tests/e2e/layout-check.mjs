// What the table promises on every screen, measured in the page: shared by the tests of the
// table (layout.test.mjs) and of the lessons (lessons.test.mjs).

/** The buttons that take each kind of decision. */
const CONTROLS = {
  cut: ['#deal-button'], choose: ['#choose-deal'], discard: ['#confirm-discard'], declare: ['#declare'],
  answer: ['#answer-good'], leftover: ['#dont-look'], expose: ['#hide'], 'next-deal': ['#next-deal'],
  over: ['#play-again'],
  // A lesson: what the player reads on, and its end.
  'lesson-next': ['#lesson-next'], 'lesson-over': ['#lesson-list'],
};

/**
 * Everything the layout promises at this moment, measured in the page: returns a list of
 * problems (empty when all holds).
 */
export async function layoutProblems(page, panel) {
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
    // The tools one tap away (leave, hint, score sheet, log, rules, menu): each on screen.
    for (const tool of document.querySelectorAll('.table-bar .tool')) onScreen(tool, `the tool #${tool.id}`);
    // The decision's controls: on screen and not covered by anything.
    for (const sel of controls[panel] || []) {
      const el = document.querySelector(sel);
      if (onScreen(el, sel)) {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!el.contains(hit)) problems.push(`${sel} is covered by ${hit?.className || hit?.tagName}`);
      }
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
