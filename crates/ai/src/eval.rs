//! Fast evaluations of a whole world once both final hands are known: the
//! declarations as two honest players make them (RULES.md 5–6), and a greedy
//! open-card play-out (a cheap stand-in for the exact solver when many
//! candidates must be ranked).

use crate::cards::{Bit, Mask, bit, rank_of, suit_mask, suit_of};
use crate::player::{Player, margin};
use crate::position::{BitPosition, PlayPosition};
use crate::rules::PlayRules;
use piquet_engine::combos::{self, Point};
use piquet_engine::rules::ScoredCombos;
use piquet_engine::{CardSet, Rules};

/// The points each side scores from the declarations when both declare and
/// answer their best (elder first, then the dealer), with carte blanche
/// (Art. 5), the point (Art. 6), sequences (Art. 7), sets (Art. 8) and
/// repic (Art. 12). Returns `[elder, dealer]`.
pub fn declarations(
    rules: &Rules,
    elder: CardSet,
    dealer: CardSet,
    blanche: [bool; 2],
) -> [u16; 2] {
    let hands = [elder, dealer];
    let all = rules.scored_combos == ScoredCombos::DeclaredAndNotBetter;
    let mut cat_points = [[0u16; 4]; 2];
    for s in 0..2 {
        if blanche[s] {
            cat_points[s][0] = u16::from(rules.carte_blanche);
        }
    }
    // Art. 6: the point.
    let points: Vec<Option<Point>> = hands
        .iter()
        .map(|&h| combos::best_point(h, rules))
        .collect();
    let pk = |p: &Option<Point>| p.map_or(0, |p| p.key(rules));
    if let Some(w) = winner(pk(&points[0]), pk(&points[1])) {
        cat_points[w][1] = points[w].map_or(0, |p| p.score(rules));
    }
    // Art. 7: sequences (the best one, plus the others not better).
    let seq_key = |h: CardSet| {
        combos::sequences(h)
            .next()
            .map_or(0, |q| u32::from(q.key()))
    };
    if let Some(w) = winner(seq_key(hands[0]), seq_key(hands[1])) {
        let mut total = 0;
        for (i, q) in combos::sequences(hands[w]).enumerate() {
            if i == 0 || all {
                total += q.score(rules);
            }
        }
        cat_points[w][2] = total;
    }
    // Art. 8: sets.
    let set_key = |h: CardSet| combos::sets(h).next().map_or(0, |s| u32::from(s.key()));
    if let Some(w) = winner(set_key(hands[0]), set_key(hands[1])) {
        let mut total = 0;
        for (i, s) in combos::sets(hands[w]).enumerate() {
            if i == 0 || all {
                total += s.score();
            }
        }
        cat_points[w][3] = total;
    }
    // Art. 12: repic, in the order blanche, point, sequences, sets, elder first.
    let mut run = [0u16; 2];
    let mut repic = [false; 2];
    for cat in 0..4 {
        for s in 0..2 {
            run[s] += cat_points[s][cat as usize];
            if rules.repic_pic && !repic[s] && run[s] >= 30 && run[1 - s] == 0 {
                repic[s] = true;
                run[s] += 60;
            }
        }
    }
    run
}

/// The index (0 elder, 1 dealer) of the larger key, if the keys differ and
/// one is not zero.
fn winner(a: u32, b: u32) -> Option<usize> {
    if a > b {
        Some(0)
    } else if b > a {
        Some(1)
    } else {
        None
    }
}

/// A greedy open-card play-out from `pos`: the leader cashes a card the
/// other cannot beat (from his longest such suit) or leads low from his
/// longest suit; the second player wins as cheaply as he can, or plays his
/// lowest card. Returns elder's points minus the dealer's from here.
pub fn greedy_playout(pos: &PlayPosition, rules: &PlayRules) -> i32 {
    greedy_playout_bits(&pos.to_bits(), rules)
}

/// [`greedy_playout`] from a bit-level position.
pub(crate) fn greedy_playout_bits(pos: &BitPosition, rules: &PlayRules) -> i32 {
    let mut p = *pos;
    let mut total = 0;
    while !p.is_over() {
        let card = greedy_card(&p);
        total += margin(p.play(card, rules), Player::Elder);
    }
    total
}

fn greedy_card(p: &BitPosition) -> Bit {
    let me = p.to_play().index();
    let mine = p.hands[me];
    let theirs = p.hands[1 - me];
    let legal = p.legal_moves();
    let lowest = |m: Mask| -> Bit {
        // The lowest rank, from the longest suit on ties.
        let mut best = 0u8;
        let mut key = i32::MAX;
        for c in crate::cards::cards(m) {
            let k = i32::from(rank_of(c)) * 16 - (mine & suit_mask(suit_of(c))).count_ones() as i32;
            if k < key {
                key = k;
                best = c;
            }
        }
        best
    };
    match p.led {
        None => {
            let mut best: Option<(i32, Bit)> = None;
            for c in crate::cards::cards(legal) {
                let suit = suit_mask(suit_of(c));
                let opp = theirs & suit;
                let master = opp == 0 || opp < bit(c);
                let len = (mine & suit).count_ones() as i32;
                let score = if master {
                    1000 + 10 * len + i32::from(rank_of(c))
                } else {
                    10 * len - i32::from(rank_of(c))
                };
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, c));
                }
            }
            best.map_or_else(|| lowest(legal), |(_, c)| c)
        }
        Some(led) => {
            let winners = legal & suit_mask(suit_of(led)) & !((bit(led) << 1) - 1);
            if winners != 0 {
                winners.trailing_zeros() as Bit
            } else {
                lowest(legal)
            }
        }
    }
}
