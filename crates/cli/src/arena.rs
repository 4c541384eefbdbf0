//! `piquet arena` and `piquet ladder`: bots against each other in mirrored
//! pairs of deals (each deal played twice, seats swapped, the same cards),
//! and Bradley–Terry ratings over every pairing.
//!
//! The deals come from the seed alone; each bot decision gets its own seed
//! derived from the pair, the deal and the decision number, so a bot's use
//! of random numbers never changes the deals.

use piquet_ai::{BotId, decide};
use piquet_engine::rules::CutRule;
use piquet_engine::{Cut, DealSetup, Game, NoEvents, Rules, Seat, SplitMix64};
use piquet_words::Lang;
use serde_json::{Value, json};

/// The seed of pair `i`'s deal (a stream of its own).
fn deal_seed(seed: u64, pair: u64) -> u64 {
    SplitMix64::new(seed ^ 0xD1B5_4A32_D192_ED03u64.wrapping_mul(pair + 1)).next_u64()
}

/// The seed of one decision.
fn decision_seed(seed: u64, pair: u64, game: u64, step: u64) -> u64 {
    let mut r = SplitMix64::new(
        seed.rotate_left(17)
            ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ game.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ step.wrapping_mul(0x1656_67B1_9E37_79F9),
    );
    r.next_u64()
}

/// A game at its first deal, dealt by `Seat::B` (so A is elder) from `setup`.
pub fn first_deal_game(rules: Rules, setup: DealSetup) -> Result<Game, String> {
    let cut = Cut {
        draws: vec![(
            "AS".parse().map_err(|e| format!("{e:?}"))?,
            "7H".parse().map_err(|e| format!("{e:?}"))?,
        )],
        higher_deals: (rules.cut == CutRule::HigherChooses).then_some(false),
    };
    let mut g = Game::new(rules, &cut).map_err(|e| e.to_string())?;
    g.start_deal(setup).map_err(|e| e.to_string())?;
    Ok(g)
}

/// Plays one whole deal; `bots[seat index]`. Returns the points of A and B.
pub fn play_deal(
    rules: Rules,
    setup: DealSetup,
    bots: [BotId; 2],
    seed: u64,
    pair: u64,
    game: u64,
) -> Result<[u16; 2], String> {
    let mut g = first_deal_game(rules, setup)?;
    let mut step = 0u64;
    while let Some(deal) = g.deal() {
        let seat = deal
            .to_act()
            .ok_or("a deal in progress with nobody to act")?;
        let bot = bots[seat.index()];
        let view = g.observation(seat);
        let action = decide(bot, &view, decision_seed(seed, pair, game, step))
            .map_err(|e| format!("{}: {e}", bot.id()))?;
        g.apply_with(seat, action, &mut NoEvents)
            .map_err(|e| format!("{} chose {action:?}, refused: {e}", bot.id()))?;
        step += 1;
        if step > 1000 {
            return Err("a deal did not end".into());
        }
    }
    g.results()
        .first()
        .map(|r| r.points)
        .ok_or_else(|| "no deal result".into())
}

/// The margin of one mirrored pair: A's points minus B's over both deals.
pub fn pair_margin(rules: Rules, a: BotId, b: BotId, seed: u64, pair: u64) -> Result<i32, String> {
    let setup = DealSetup::from_seed(&rules, Seat::B, deal_seed(seed, pair));
    let first = play_deal(rules, setup.clone(), [a, b], seed, pair, 0)?;
    let second = play_deal(rules, setup, [b, a], seed, pair, 1)?;
    Ok(i32::from(first[0]) - i32::from(first[1]) + i32::from(second[1]) - i32::from(second[0]))
}

/// The margins of pairs `0..pairs`, split over `threads` threads (the result
/// does not depend on the number of threads).
pub fn margins(
    rules: Rules,
    a: BotId,
    b: BotId,
    pairs: u64,
    seed: u64,
    threads: usize,
) -> Result<Vec<i32>, String> {
    let threads = threads.clamp(1, 64) as u64;
    if threads == 1 {
        return (0..pairs)
            .map(|p| pair_margin(rules, a, b, seed, p))
            .collect();
    }
    let chunks: Vec<Result<Vec<i32>, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (0..pairs)
                        .filter(|p| p % threads == t)
                        .map(|p| pair_margin(rules, a, b, seed, p).map(|m| (p, m)))
                        .collect::<Result<Vec<_>, _>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .map_err(|_| "a worker thread failed".to_string())
                    .and_then(|r| r.map(|v| v.into_iter().map(|(_, m)| m).collect()))
            })
            .collect()
    });
    // Put the margins back in pair order.
    let mut out = vec![0; pairs as usize];
    for (t, chunk) in chunks.into_iter().enumerate() {
        for (k, m) in chunk?.into_iter().enumerate() {
            out[t + k * threads as usize] = m;
        }
    }
    Ok(out)
}

/// Mean, standard error and the win / loss / draw counts of pair margins.
pub struct Summary {
    /// Pairs played.
    pub pairs: usize,
    /// Mean margin per pair.
    pub mean: f64,
    /// Standard error of the mean.
    pub stderr: f64,
    /// Pairs A won, B won, drawn.
    pub wins: [usize; 3],
}

impl Summary {
    /// Summarizes margins.
    pub fn of(m: &[i32]) -> Summary {
        let n = m.len();
        let mean = m.iter().map(|&x| f64::from(x)).sum::<f64>() / n.max(1) as f64;
        let var = if n > 1 {
            m.iter()
                .map(|&x| (f64::from(x) - mean).powi(2))
                .sum::<f64>()
                / (n - 1) as f64
        } else {
            0.0
        };
        Summary {
            pairs: n,
            mean,
            stderr: (var / n.max(1) as f64).sqrt(),
            wins: [
                m.iter().filter(|&&x| x > 0).count(),
                m.iter().filter(|&&x| x < 0).count(),
                m.iter().filter(|&&x| x == 0).count(),
            ],
        }
    }

    /// The JSON line of `piquet arena --json`.
    pub fn json(&self) -> Value {
        json!({
            "pairs": self.pairs,
            "mean_margin": (self.mean * 1000.0).round() / 1000.0,
            "stderr": (self.stderr * 1000.0).round() / 1000.0,
            "a_wins": self.wins[0],
            "b_wins": self.wins[1],
            "draws": self.wins[2],
        })
    }
}

/// `piquet arena`.
pub fn arena(
    rules: Rules,
    a: BotId,
    b: BotId,
    pairs: u64,
    seed: u64,
    threads: usize,
    as_json: bool,
) -> Result<String, String> {
    if pairs == 0 {
        return Err("--pairs must be at least 1".into());
    }
    let s = Summary::of(&margins(rules, a, b, pairs, seed, threads)?);
    Ok(if as_json {
        s.json().to_string()
    } else {
        format!(
            "{} vs {} on {}: {:+.2} ± {:.2} points per pair over {} mirrored pairs ({} won, {} lost, {} drawn)",
            a.name(Lang::En),
            b.name(Lang::En),
            rules.preset_id().unwrap_or("custom"),
            s.mean,
            s.stderr,
            s.pairs,
            s.wins[0],
            s.wins[1],
            s.wins[2]
        )
    })
}

/// Bradley–Terry strengths from pairwise wins (`wins[i][j]`: pairs i won
/// against j, draws counted half to each), with one virtual draw per pairing
/// played so that a clean sweep stays finite. Returns Elo-scale ratings
/// (400·log10) relative to bot 0.
pub fn bradley_terry(wins: &[Vec<f64>], played: &[Vec<bool>]) -> Vec<f64> {
    let n = wins.len();
    let w = |i: usize, j: usize| wins[i][j] + if played[i][j] { 0.5 } else { 0.0 };
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let total: f64 = (0..n).filter(|&j| j != i).map(|j| w(i, j)).sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i && played[i][j])
                .map(|j| (w(i, j) + w(j, i)) / (gamma[i] + gamma[j]))
                .sum();
            if denom > 0.0 && total > 0.0 {
                next[i] = total / denom;
            }
        }
        let norm = next[0];
        for g in &mut next {
            *g /= norm;
        }
        gamma = next;
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// `piquet ladder`: every pairing of `bots`, `pairs` mirrored pairs each,
/// and the Bradley–Terry ratings (the first bot, random, at 0).
pub fn ladder(
    rules: Rules,
    bots: &[BotId],
    pairs: u64,
    seed: u64,
    threads: usize,
    as_json: bool,
) -> Result<String, String> {
    if pairs == 0 || bots.len() < 2 {
        return Err("a ladder needs at least two bots and one pair".into());
    }
    let n = bots.len();
    let mut wins = vec![vec![0.0; n]; n];
    let mut played = vec![vec![false; n]; n];
    let mut matchups = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let m = margins(rules, bots[j], bots[i], pairs, seed, threads)?;
            let s = Summary::of(&m);
            wins[j][i] += s.wins[0] as f64 + 0.5 * s.wins[2] as f64;
            wins[i][j] += s.wins[1] as f64 + 0.5 * s.wins[2] as f64;
            played[i][j] = true;
            played[j][i] = true;
            let mut line = s.json();
            line["a"] = json!(bots[j].id());
            line["b"] = json!(bots[i].id());
            matchups.push(line);
        }
    }
    let ratings = bradley_terry(&wins, &played);
    let table: serde_json::Map<String, Value> = bots
        .iter()
        .zip(&ratings)
        .map(|(b, r)| (b.id(), json!((r * 10.0).round() / 10.0)))
        .collect();
    if as_json {
        return Ok(json!({
            "rules": rules.preset_id(),
            "pairs": pairs,
            "seed": seed,
            "ratings": table,
            "matchups": matchups,
        })
        .to_string());
    }
    let mut out = format!(
        "Bradley–Terry ratings (Elo scale, {} = 0), {} mirrored pairs per pairing:\n",
        bots[0].id(),
        pairs
    );
    for (b, r) in bots.iter().zip(&ratings) {
        out.push_str(&format!(
            "{:>10}  {:>7.1}  {}\n",
            b.id(),
            r,
            b.name(Lang::En)
        ));
    }
    Ok(out.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bradley_terry_orders_by_wins() {
        // 0 loses most to 1, 1 loses most to 2.
        let wins = vec![
            vec![0.0, 2.0, 1.0],
            vec![8.0, 0.0, 3.0],
            vec![9.0, 7.0, 0.0],
        ];
        let played = vec![
            vec![false, true, true],
            vec![true, false, true],
            vec![true, true, false],
        ];
        let r = bradley_terry(&wins, &played);
        assert_eq!(r[0], 0.0);
        assert!(r[1] > 0.0 && r[2] > r[1], "{r:?}");
    }

    #[test]
    fn summary_counts() {
        let s = Summary::of(&[4, -2, 0, 6]);
        assert_eq!(s.wins, [2, 1, 1]);
        assert!((s.mean - 2.0).abs() < 1e-12);
        assert!(s.stderr > 0.0);
    }

    #[test]
    fn deals_do_not_depend_on_the_bots() {
        let rules = Rules::classique();
        let a = margins(rules, BotId::Random, BotId::Random, 3, 5, 1).unwrap();
        let b = margins(rules, BotId::Random, BotId::Random, 3, 5, 2).unwrap();
        assert_eq!(a, b, "threads change nothing");
        // Mirrored: the same bot on both sides of the same deal, same
        // decisions seeds per deal index: heuristic vs itself is exactly 0.
        let h = margins(rules, BotId::Heuristic, BotId::Heuristic, 4, 5, 1).unwrap();
        assert!(h.iter().all(|&m| m == 0), "{h:?}");
    }
}
