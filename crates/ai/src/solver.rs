//! The exact open-card solver.
//!
//! - MTD(f): null-window fail-soft alpha-beta searches converging on the
//!   exact value, all sharing one transposition table of lower and upper
//!   bounds.
//! - The table holds positions at the start of a trick, keyed exactly (not
//!   by a hash that could collide): the live cards by relative rank within
//!   each suit, the suits sorted (no trumps, so their names do not matter),
//!   the leader, the tricks won, and the counts only while pic is within
//!   someone's reach. The key is hashed only to pick the bucket.
//! - Equivalent cards (adjacent among the live cards of a suit, in one hand,
//!   and of the same scoring class when that matters) are searched once.
//! - Move ordering: the table's best card, then cards that win the trick
//!   cheaply, then low cards.

use crate::cards::{
    Bit, Mask, RANKS, SUIT_MASK, TEN, bit, is_scoring, rank_of, suit_mask, suit_of,
};
use crate::player::Player;
use crate::position::{BitPosition, PlayPosition};
use crate::rules::{PIC_THRESHOLD, PlayRules};
use crate::tt::{Key, Table};
use piquet_engine::rules::TrickPoints;
use piquet_engine::{Card, CardSet};

/// Default table size: `2^16` buckets of three entries in 64 bytes, 4 MiB
/// (larger tables gain little here: a small table stays in the caches).
pub const DEFAULT_TABLE_LOG2: u32 = 16;

/// Larger than any value of a deal (the maximum of a whole deal is 170).
const INF: i32 = 10_000;

/// The solver. It owns its transposition table, which is reused from one
/// solve to the next: entries are keyed exactly (by relative ranks, the
/// played cards left out), so what was learnt in one sampled world stays
/// true in any other with the same rules (the table is cleared only when the
/// rules change). No clock, thread or randomness: it runs alike in wasm.
///
/// ```
/// use piquet_ai::{PlayPosition, PlayRules, Player, Solver};
/// use piquet_engine::CardSet;
/// // The last two tricks: elder holds A♠ 7♥, the dealer K♠ 8♥, 5 tricks each.
/// let rules = PlayRules::classique();
/// let hand = |cards: &str| cards.parse::<CardSet>().unwrap();
/// let mut position = PlayPosition::start([hand("AS 7H"), hand("KS 8H")], [0, 0], &rules);
/// position.tricks_won = [5, 5];
/// let mut solver = Solver::new();
/// // Leading A♠ scores 1 but hands the dealer the last trick (1): 0.
/// // Leading 7♥ scores nothing; the dealer wins with the 8♥ (non-scoring:
/// // 0), leads K♠ (1), and elder wins it with the A♠ (1) and the last
/// // trick (1): +1, the best. 6–6 in tricks either way: no cards.
/// assert_eq!(solver.solve(&position, &rules, Player::Elder), 1);
/// ```
pub struct Solver {
    table: Table,
    rules: Option<PlayRules>,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with the default table ([`DEFAULT_TABLE_LOG2`], 4 MiB).
    pub fn new() -> Self {
        Self::with_table_log2(DEFAULT_TABLE_LOG2)
    }

    /// A solver whose table has `2^log2_buckets` buckets of three entries in
    /// 64 bytes (`log2_buckets` = 14: 1 MiB, for tight wasm memory; at most
    /// 30). Any size gives exact values; a larger table only saves work.
    pub fn with_table_log2(log2_buckets: u32) -> Self {
        Solver {
            table: Table::new(log2_buckets.min(30)),
            rules: None,
            nodes: 0,
        }
    }

    /// Forgets every stored position (never needed for correctness).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Memory used by the transposition table, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Nodes (cards played in the search) since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of `position` for `perspective`: his points minus his
    /// opponent's from here to the end of the deal, both playing perfectly
    /// with every card known. It counts trick points, the last trick, the
    /// cards or capot and pic (RULES.md sections 7–8), not what was scored
    /// before (`position.scores` only decides pic).
    ///
    /// `position` must be valid ([`PlayPosition::validate`]); this is checked
    /// in debug builds.
    pub fn solve(
        &mut self,
        position: &PlayPosition,
        rules: &PlayRules,
        perspective: Player,
    ) -> i32 {
        self.solve_bits(&position.to_bits(), rules, perspective)
    }

    /// [`Solver::solve`] of a bit-level position.
    pub(crate) fn solve_bits(
        &mut self,
        position: &BitPosition,
        rules: &PlayRules,
        perspective: Player,
    ) -> i32 {
        let root = self.prepare(position, rules);
        orient(self.mtdf(&root, rules, 0), perspective)
    }

    /// MTD(f): the exact value as a series of null-window searches converging
    /// from `guess`, each cut off early and all sharing the table's bounds.
    fn mtdf(&mut self, root: &BitPosition, rules: &PlayRules, guess: i32) -> i32 {
        let (mut lower, mut upper) = (-INF, INF);
        let mut g = guess;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(root, rules, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        g
    }

    /// The exact value of each legal card of the player to move, for
    /// `perspective` (the value of the position after that card, plus what
    /// the card itself scores), in increasing card order. Equivalent cards get
    /// the same value from a single search.
    pub fn solve_all_moves(
        &mut self,
        position: &PlayPosition,
        rules: &PlayRules,
        perspective: Player,
    ) -> Vec<(Card, i32)> {
        engine_cards(self.solve_all_moves_bits(&position.to_bits(), rules, perspective))
    }

    /// [`Solver::solve_all_moves`] of a bit-level position.
    pub(crate) fn solve_all_moves_bits(
        &mut self,
        position: &BitPosition,
        rules: &PlayRules,
        perspective: Player,
    ) -> Vec<(Bit, i32)> {
        // Each card's search starts from the previous card's value: sibling
        // values are close, and MTD(f) converges faster from a close guess.
        let mut guess = 0;
        self.each_root_move(position, rules, |solver, child, gained| {
            let value = gained + solver.mtdf(child, rules, guess - gained);
            guess = value;
            orient(value, perspective)
        })
    }

    /// For each legal card of the player to move, whether its value for
    /// `perspective` (as [`Solver::solve_all_moves`] gives it) is at least
    /// `threshold`, in increasing card order: one null-window search per
    /// card instead of an exact value, for questions such as "does this card
    /// make sure of 20 more points whatever the other does?".
    pub fn reaches_all_moves(
        &mut self,
        position: &PlayPosition,
        rules: &PlayRules,
        perspective: Player,
        threshold: i32,
    ) -> Vec<(Card, bool)> {
        engine_cards(self.reaches_all_moves_bits(
            &position.to_bits(),
            rules,
            perspective,
            threshold,
        ))
    }

    /// [`Solver::reaches_all_moves`] of a bit-level position.
    pub(crate) fn reaches_all_moves_bits(
        &mut self,
        position: &BitPosition,
        rules: &PlayRules,
        perspective: Player,
        threshold: i32,
    ) -> Vec<(Bit, bool)> {
        // In elder's terms: elder's value at least `threshold`, or the
        // dealer's (its negation) at least `threshold`, i.e. elder's below
        // `1 - threshold`.
        let beta = match perspective {
            Player::Elder => threshold,
            Player::Dealer => 1 - threshold,
        };
        self.each_root_move(position, rules, |solver, child, gained| {
            let value = gained + solver.search(child, rules, beta - 1 - gained, beta - gained);
            (value >= beta) == (perspective == Player::Elder)
        })
    }

    /// `evaluate(solver, position after the card, what the card scored in
    /// elder's terms)` for one card of each class of equivalent legal cards,
    /// best-ordered; then every legal card with its class's result, in
    /// increasing card order.
    fn each_root_move<T: Copy + Default>(
        &mut self,
        position: &BitPosition,
        rules: &PlayRules,
        mut evaluate: impl FnMut(&mut Self, &BitPosition, i32) -> T,
    ) -> Vec<(Bit, T)> {
        let root = self.prepare(position, rules);
        let legal = root.legal_moves();
        let mut rep_value = [T::default(); 36];
        let mut order = [0u8; 12];
        let count = order_moves(
            &root,
            rules,
            representatives(&root, rules, legal),
            None,
            &mut order,
        );
        for &card in &order[..count] {
            let mut child = root;
            let points = child.play(card, rules);
            self.nodes += 1;
            let gained = rules.gain(points);
            rep_value[usize::from(card)] = evaluate(self, &child, gained);
        }
        let mut values = Vec::with_capacity(legal.count_ones() as usize);
        let mut rest = legal;
        while rest != 0 {
            let card = rest.trailing_zeros() as Bit;
            rest &= rest - 1;
            let rep = representative_of(&root, rules, card);
            values.push((card, rep_value[usize::from(rep)]));
        }
        values
    }

    /// The legal cards of the player to move that reach the exact value of
    /// the position for him, with that value.
    pub fn best_moves(&mut self, position: &PlayPosition, rules: &PlayRules) -> (CardSet, i32) {
        let mover = position.to_play();
        let all = self.solve_all_moves(position, rules, mover);
        let best = all.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let cards = all
            .iter()
            .filter(|&&(_, v)| v == best)
            .map(|&(c, _)| c)
            .collect();
        (cards, best)
    }

    /// Normalises the root and keeps the table valid for `rules`.
    fn prepare(&mut self, position: &BitPosition, rules: &PlayRules) -> BitPosition {
        debug_assert_eq!(position.validate(), Ok(()));
        if self.rules != Some(*rules) {
            if self.rules.is_some() {
                self.table.clear();
            }
            self.rules = Some(*rules);
        }
        let mut root = *position;
        root.pic_open &= rules.pic;
        root.settle_pic();
        root
    }

    /// Fail-soft alpha-beta: the value (elder's points minus the dealer's
    /// from here) if it lies strictly between `alpha` and `beta`, otherwise a
    /// bound on the same side.
    fn search(
        &mut self,
        pos: &BitPosition,
        rules: &PlayRules,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let start_of_trick = pos.led.is_none();
        if start_of_trick {
            match pos.hands[pos.leader.index()].count_ones() {
                0 => return 0,
                1 => return self.last_trick(pos, rules),
                _ => {}
            }
        }
        let mut key = Key::default();
        let mut order = SuitOrder::default();
        let mut tt_best = None;
        let (alpha0, beta0) = (alpha, beta);
        if start_of_trick {
            (key, order) = key_of(pos, rules);
            if let Some(probe) = self.table.probe(&key) {
                if probe.lower >= beta {
                    return probe.lower;
                }
                if probe.upper <= alpha {
                    return probe.upper;
                }
                if probe.lower == probe.upper {
                    return probe.lower;
                }
                alpha = alpha.max(probe.lower);
                beta = beta.min(probe.upper);
                tt_best = probe
                    .best
                    .and_then(|r| absolute_card(pos.hands[0] | pos.hands[1], &order, r));
            }
        }

        let maximizing = pos.to_play() == Player::Elder;
        let moves_mask = representatives(pos, rules, pos.legal_moves());
        let tt_best = tt_best.filter(|&c| moves_mask & bit(c) != 0);

        let mut moves = [0u8; 12];
        let count = order_moves(pos, rules, moves_mask, tt_best, &mut moves);

        let mut best_value = if maximizing { -INF } else { INF };
        let mut best_card = moves[0];
        for &card in &moves[..count] {
            let mut child = *pos;
            let points = child.play(card, rules);
            self.nodes += 1;
            let gained = rules.gain(points);
            let value = gained + self.search(&child, rules, alpha - gained, beta - gained);
            if maximizing {
                if value > best_value {
                    best_value = value;
                    best_card = card;
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            } else if value < best_value {
                best_value = value;
                best_card = card;
                if value < beta {
                    beta = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        if start_of_trick {
            let lower = if best_value > alpha0 {
                best_value
            } else {
                -INF
            };
            let upper = if best_value < beta0 { best_value } else { INF };
            self.table.store(
                &key,
                lower,
                upper,
                relative_card(pos.hands[0] | pos.hands[1], &order, best_card),
            );
        }
        best_value
    }

    /// The last trick: both cards are forced.
    #[inline]
    fn last_trick(&mut self, pos: &BitPosition, rules: &PlayRules) -> i32 {
        let mut end = *pos;
        let lead = end.hands[end.leader.index()].trailing_zeros() as Bit;
        let a = end.play(lead, rules);
        let follow = end.hands[end.to_play().index()].trailing_zeros() as Bit;
        let b = end.play(follow, rules);
        self.nodes += 2;
        rules.gain(a) + rules.gain(b)
    }
}

/// The engine cards of a solver result keyed by bit-level cards, in the same
/// (increasing) order.
fn engine_cards<T>(by_bit: Vec<(Bit, T)>) -> Vec<(Card, T)> {
    by_bit
        .into_iter()
        .filter_map(|(c, v)| Some((Card::from_index(c)?, v)))
        .collect()
}

/// Elder's value turned into `perspective`'s.
#[inline]
const fn orient(value: i32, perspective: Player) -> i32 {
    match perspective {
        Player::Elder => value,
        Player::Dealer => -value,
    }
}

/// The key of a position at the start of a trick, the same for every
/// position that plays out alike (exact: no two positions with different
/// values share a key), and the order of the suits in it.
///
/// Cards already played never matter again, only the order of the live cards
/// within each suit and who holds each (and, under classic trick points,
/// which of them score, Art. 15.1). So each suit is coded by relative rank,
/// as in double-dummy bridge solvers: 16 bits per suit, the holders of its
/// live cards from the lowest (bits 0–8, set for the dealer), how many live
/// cards (bits 9–12) and, under classic trick points, how many of them do not
/// score (bits 13–15). Suits have no order in the play (no trumps, Art. 13),
/// so the four codes are sorted: positions that differ by a permutation of
/// the suits share their entry. The word `meta` adds the leader, the tricks
/// won (the cards and capot), the first-lead suit (by its place in the sorted
/// order), the number of live cards and, while a player can still make pic
/// ([`pic_reachable`]), both counts capped at 30.
#[inline]
fn key_of(pos: &BitPosition, rules: &PlayRules) -> (Key, SuitOrder) {
    let live = pos.hands[0] | pos.hands[1];
    let classic = rules.trick_points == TrickPoints::ScoringCards;
    let mut codes = [(0u16, 0u8); 4];
    for (suit, slot) in (0..4u8).zip(codes.iter_mut()) {
        let shift = RANKS * suit;
        let in_suit = (live >> shift) & SUIT_MASK;
        let dealer = (pos.hands[1] >> shift) & SUIT_MASK;
        let mut holders = 0u16;
        let mut rest = in_suit;
        let mut i = 0;
        while rest != 0 {
            let lowest = rest & rest.wrapping_neg();
            holders |= u16::from(dealer & lowest != 0) << i;
            i += 1;
            rest &= rest - 1;
        }
        let non_scoring = if classic {
            (in_suit & ((1 << TEN) - 1)).count_ones() as u16
        } else {
            0
        };
        *slot = (
            holders | (in_suit.count_ones() as u16) << 9 | non_scoring << 13,
            suit,
        );
    }
    codes.sort_unstable_by_key(|&(code, _)| core::cmp::Reverse(code));
    let mut order = SuitOrder {
        suit_at: [0; 4],
        place_of: [0; 4],
    };
    let mut cards = 0u64;
    for (place, &(code, suit)) in codes.iter().enumerate() {
        cards |= u64::from(code) << (16 * place);
        order.suit_at[place] = suit;
        order.place_of[usize::from(suit)] = place as u8;
    }
    let mut meta = pos.leader.index() as u32
        | u32::from(pos.tricks_won[0]) << 1
        | u32::from(pos.tricks_won[1]) << 5
        | pos
            .first_lead_suit
            .map_or(0, |s| u32::from(order.place_of[usize::from(s & 3)]) + 1)
            << 9
        | live.count_ones() << 24;
    if pic_reachable(pos, rules) {
        let cap = |s: u16| u32::from(s.min(PIC_THRESHOLD));
        meta |= 1 << 12 | cap(pos.scores[0]) << 13 | cap(pos.scores[1]) << 18;
    }
    (Key { cards, meta }, order)
}

/// Where each suit stands in a key's sorted order of suits, and back.
#[derive(Clone, Copy, Debug, Default)]
struct SuitOrder {
    /// The suit at each place of the key.
    suit_at: [u8; 4],
    /// The place of each suit in the key.
    place_of: [u8; 4],
}

/// Whether a player can still make pic from a position at the start of a
/// trick: pic is open, he is below 30, the other has scored nothing, and the
/// most he can still score in play reaches 30. A player scores at most 1 per
/// trick (the lead point, the winning point, or the trick, Art. 15), plus the
/// last-trick bonus. When nobody can, the counts no longer matter and are
/// left out of the key, so that such positions share their entries.
#[inline]
fn pic_reachable(pos: &BitPosition, rules: &PlayRules) -> bool {
    if !pos.pic_open {
        return false;
    }
    let most =
        pos.hands[pos.leader.index()].count_ones() as u16 + u16::from(rules.last_trick_bonus);
    let can = |mine: u16, theirs: u16| {
        theirs == 0 && mine < PIC_THRESHOLD && mine + most >= PIC_THRESHOLD
    };
    can(pos.scores[0], pos.scores[1]) || can(pos.scores[1], pos.scores[0])
}

/// A card as the table stores it, relative to the key: the place of its suit
/// in the key's order and how many live cards of that suit are below it
/// (`place * 16 + index`), so that it names the corresponding card in every
/// position sharing the key.
#[inline]
fn relative_card(live: Mask, order: &SuitOrder, card: Bit) -> u8 {
    let below = live & suit_mask(suit_of(card)) & (bit(card) - 1);
    order.place_of[usize::from(suit_of(card))] * 16 + below.count_ones() as u8
}

/// The card a [`relative_card`] names in the position whose live cards are
/// `live` and whose key orders the suits as `order`.
#[inline]
fn absolute_card(live: Mask, order: &SuitOrder, relative: u8) -> Option<Bit> {
    let suit = order.suit_at[usize::from(relative / 16) & 3];
    let mut in_suit = live & suit_mask(suit);
    for _ in 0..relative % 16 {
        in_suit &= in_suit.wrapping_sub(1);
    }
    (in_suit != 0).then(|| in_suit.trailing_zeros() as Bit)
}

/// Whether two cards of one suit, adjacent among the cards still live, are
/// interchangeable for the rules: always, except a ten and a nine under
/// classic trick points, where one scores and the other does not (Art. 15.1).
#[inline]
fn same_class(rules: &PlayRules, low: Bit, high: Bit) -> bool {
    rules.trick_points != TrickPoints::ScoringCards
        || (rank_of(low) >= TEN) == (rank_of(high) >= TEN)
}

/// The cards still in play: both hands and the card on the table.
#[inline]
fn live_cards(pos: &BitPosition) -> Mask {
    pos.hands[0] | pos.hands[1] | pos.led.map_or(0, bit)
}

/// One card of each run of equivalent `legal` cards of the player to move:
/// cards of one suit in his hand with no live card of the opponent (nor the
/// card on the table) between them, and of the same scoring class, win and
/// score alike for the rest of the deal. The highest card of each run
/// represents it.
#[inline]
fn representatives(pos: &BitPosition, rules: &PlayRules, legal: Mask) -> Mask {
    let live = live_cards(pos);
    let mut reps = 0;
    let mut rest = legal;
    while rest != 0 {
        let c = rest.trailing_zeros() as Bit;
        rest &= rest - 1;
        // The next live card above `c` in its suit.
        let above = live & suit_mask(suit_of(c)) & !((bit(c) << 1) - 1);
        let next = above.trailing_zeros() as Bit;
        let covered = above != 0 && legal & bit(next) != 0 && same_class(rules, c, next);
        if !covered {
            reps |= bit(c);
        }
    }
    reps
}

/// The representative (see [`representatives`]) of a legal card.
fn representative_of(pos: &BitPosition, rules: &PlayRules, card: Bit) -> Bit {
    let live = live_cards(pos);
    let legal = pos.legal_moves();
    let mut c = card;
    loop {
        let above = live & suit_mask(suit_of(c)) & !((bit(c) << 1) - 1);
        let next = above.trailing_zeros() as Bit;
        if above != 0 && legal & bit(next) != 0 && same_class(rules, c, next) {
            c = next;
        } else {
            return c;
        }
    }
}

/// Orders the representative cards `reps` into `out`, best guesses first,
/// and returns how many there are. The table's best card comes first. To
/// lead: cards the opponent cannot beat (the highest live card of the suit,
/// or a suit he is void in), highest first and from short suits; then the
/// others, highest first and from long suits, scoring cards first under classic trick points (the
/// lead point, Art. 15.1). To follow: the cheapest card that wins (a scoring
/// one first under classic points: it scores the trick), then the lowest
/// cards. Measured by nodes searched on random deals (`solve_bench`).
#[inline]
fn order_moves(
    pos: &BitPosition,
    rules: &PlayRules,
    reps: Mask,
    tt_best: Option<Bit>,
    out: &mut [u8; 12],
) -> usize {
    let me = pos.to_play().index();
    let classic = rules.trick_points == TrickPoints::ScoringCards;
    let opp_hand = pos.hands[1 - me];
    // Priority in the high bits, the card in the low 6: one integer to sort.
    let mut keyed = [0u16; 12];
    let mut n = 0;
    let mut rest = reps;
    while rest != 0 {
        let c = rest.trailing_zeros() as Bit;
        rest &= rest - 1;
        let suit = suit_mask(suit_of(c));
        let rank = i32::from(rank_of(c));
        let score = if Some(c) == tt_best {
            1_000
        } else {
            match pos.led {
                None => {
                    let opp_suit = opp_hand & suit;
                    let master = opp_suit == 0 || opp_suit < bit(c);
                    if master {
                        500 + rank - 4 * (pos.hands[me] & suit).count_ones() as i32
                    } else {
                        100 + rank
                            + 4 * (pos.hands[me] & suit).count_ones() as i32
                            + 20 * i32::from(classic && is_scoring(c))
                    }
                }
                Some(led) => {
                    if suit_of(c) == suit_of(led) && c > led {
                        500 - rank + 20 * i32::from(classic && is_scoring(c))
                    } else {
                        100 - rank
                    }
                }
            }
        };
        keyed[n] = (score as u16) << 6 | u16::from(c);
        n += 1;
    }
    // Insertion sort, highest priority first: at most 12 cards.
    for i in 1..n {
        let k = keyed[i];
        let mut j = i;
        while j > 0 && keyed[j - 1] < k {
            keyed[j] = keyed[j - 1];
            j -= 1;
        }
        keyed[j] = k;
    }
    for (slot, &k) in out.iter_mut().zip(&keyed[..n]) {
        *slot = (k & 0x3F) as u8;
    }
    n
}
