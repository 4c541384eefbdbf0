//! The solver against a brute-force minimax written from the rules text, on
//! random positions of 3 to 6 tricks under every trick-point scheme and
//! option.

mod common;

use common::{Rng, all_rules, oracle_moves, oracle_value, random_position};
use piquet_ai::{PlayPosition, Player, Solver};
use piquet_engine::Card;

fn check(solver: &mut Solver, pos: &PlayPosition, rules: &piquet_ai::PlayRules, case: usize) {
    assert_eq!(
        pos.validate(),
        Ok(()),
        "case {case}: invalid generated position"
    );
    let expected = oracle_value(pos, rules);
    let got = solver.solve(pos, rules, Player::Elder);
    assert_eq!(
        got, expected,
        "case {case}: value for elder\n{pos:?}\n{rules:?}"
    );
    assert_eq!(
        solver.solve(pos, rules, Player::Dealer),
        -expected,
        "case {case}: dealer's view"
    );
    let per_move = solver.solve_all_moves(pos, rules, Player::Elder);
    assert_eq!(
        per_move,
        oracle_moves(pos, rules),
        "case {case}: per-card values\n{pos:?}\n{rules:?}"
    );
    // Whether each card reaches a threshold, for both players, at and around the values.
    for (perspective, sign) in [(Player::Elder, 1), (Player::Dealer, -1)] {
        let values: Vec<(Card, i32)> = per_move.iter().map(|&(c, v)| (c, sign * v)).collect();
        let mut thresholds: Vec<i32> = values
            .iter()
            .flat_map(|&(_, v)| [v - 1, v, v + 1])
            .collect();
        thresholds.extend([-200, 0, 200]);
        for t in thresholds {
            let expected: Vec<(Card, bool)> = values.iter().map(|&(c, v)| (c, v >= t)).collect();
            assert_eq!(
                solver.reaches_all_moves(pos, rules, perspective, t),
                expected,
                "case {case}: {perspective:?} reaching {t}\n{pos:?}\n{rules:?}"
            );
        }
    }
}

/// How many times more random cases to run than the default: the
/// environment variable `PIQUET_AI_ORACLE_SCALE` (for long runs, in release
/// mode), 1 when unset.
fn scale() -> usize {
    std::env::var("PIQUET_AI_ORACLE_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

fn run(seed: u64, cases: usize, tricks: std::ops::RangeInclusive<u32>, table_log2: u32) {
    let cases = cases * scale();
    let rules = all_rules();
    let mut rng = Rng(seed);
    // One solver for every case and rule set: the table is shared across
    // worlds and cleared only when the rules change, as in PIMC.
    let mut solver = Solver::with_table_log2(table_log2);
    for case in 0..cases {
        let r = &rules[rng.below(rules.len() as u64) as usize];
        let span = u64::from(tricks.end() - tricks.start() + 1);
        let n = tricks.start() + rng.below(span) as u32;
        let mid = rng.chance(40);
        let pos = random_position(&mut rng, n, mid);
        check(&mut solver, &pos, r, case);
    }
}

#[test]
fn matches_brute_force_on_three_to_five_tricks() {
    run(1, 1500, 3..=5, 14);
}

#[test]
fn matches_brute_force_with_a_tiny_table() {
    // Four buckets: constant replacement, bounds from many windows.
    run(2, 600, 3..=5, 2);
}

#[test]
fn matches_brute_force_on_six_tricks() {
    run(3, 40, 6..=6, 16);
}

#[test]
fn matches_brute_force_when_pic_is_close() {
    // Counts just below 30 against nothing: pic decides many lines. The same
    // cards are solved under several counts in a row with one table, so a key
    // that forgot any part of the pic state would return a stale value.
    let rules = all_rules();
    let mut rng = Rng(4);
    let mut solver = Solver::with_table_log2(12);
    for case in 0..300 * scale() {
        let r = &rules[rng.below(rules.len() as u64) as usize];
        let tricks = 3 + rng.below(3) as u32;
        let mid = rng.chance(50);
        let mut pos = random_position(&mut rng, tricks, mid);
        let near = 24 + rng.below(6) as u16;
        let low = 1 + rng.below(3) as u16;
        for scores in [
            [near, 0],
            [0, near],
            [0, 0],
            [near, low],
            [low, 0],
            [0, low],
            [near, near],
        ] {
            pos.scores = scores;
            for open in [true, false] {
                pos.pic_open = open;
                check(&mut solver, &pos, r, case);
            }
        }
    }
}

#[test]
fn matches_brute_force_whatever_the_tricks_won() {
    // The same cards with every split of the tricks already won: the cards
    // (7+) and capot (12) depend on it, so must the table's key.
    let rules = all_rules();
    let mut rng = Rng(5);
    let mut solver = Solver::with_table_log2(12);
    for case in 0..150 * scale() {
        let r = &rules[rng.below(rules.len() as u64) as usize];
        let tricks = 3 + rng.below(2) as u32;
        let mid = rng.chance(50);
        let mut pos = random_position(&mut rng, tricks, mid);
        let played = 12 - tricks as u8;
        for elder_won in 0..=played {
            pos.tricks_won = [elder_won, played - elder_won];
            check(&mut solver, &pos, r, case);
        }
    }
}

#[test]
fn matches_brute_force_with_the_suits_permuted() {
    // Suits have no rank (no trumps): the table shares entries between
    // positions that differ by a permutation of the suits. Each position is
    // solved under all 24 orders in a row with one table.
    let rules = all_rules();
    let perms = common::suit_permutations();
    assert_eq!(perms.len(), 24);
    let mut rng = Rng(6);
    let mut solver = Solver::with_table_log2(12);
    for case in 0..40 * scale() {
        let r = &rules[rng.below(rules.len() as u64) as usize];
        let tricks = 3 + rng.below(2) as u32;
        let mid = rng.chance(50);
        let pos = random_position(&mut rng, tricks, mid);
        for &perm in &perms {
            check(&mut solver, &common::permute_position(&pos, perm), r, case);
        }
    }
}
