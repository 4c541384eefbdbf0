//! What a change to a level is worth, measured with less noise than an
//! arena match: a variant `V` and the level it changes `M` each play the
//! same mirrored deals against the same opponent `O`, with the same seeds
//! for every decision, and the lab reports the mean over pairs of
//! `margin(V vs O) − margin(M vs O)`.
//!
//! Where `V` decides as `M` at every decision of a deal, the two deals are
//! the same and the difference is exactly zero; so the lab plays `M`'s deal,
//! asks `V` at each of that seat's decisions, and plays the deal again with
//! `V` only when one of them differs. The noise left is that of the deals
//! where the change matters, which is why a few hundred pairs say what an
//! arena match of thousands would.
//!
//! `cargo run --release -p piquet-ai --example lab -- <variant> <base> <opponent> <preset> <pairs> <seed> [threads]`
//!
//! With `-` as `<base>`, the variant plays the opponent head to head and
//! the lab reports `margin(V vs O)` per pair, as `piquet arena` would.
//!
//! `<variant>`, `<base>` and `<opponent>` are a level (`1` … `5`), a
//! yardstick (`5-v1`, `heuristic-v1`), `heuristic`, `random`, or a variant
//! written as [`variant`] reads it; `<level or variant>+open` plays every
//! card with all the cards in sight (the best card of the exact open-card
//! solution on the true deal: the ceiling of any change to the play). Prints
//! one JSON line: the mean difference per pair, its standard error, the
//! deals where the variant decided otherwise, and the time taken.

use piquet_ai::review::open_values;
use piquet_ai::{BotId, ExchangeMethod, LevelSpec, PlayMethod, Solver, decide, decide_as};
use piquet_engine::rules::CutRule;
use piquet_engine::{
    Action, Cut, DealSetup, Game, GameObservation, NoEvents, Rules, Seat, SplitMix64,
};
use std::time::Instant;

/// Le Maître before the second round of work on his exchange and play: no
/// separate worlds for the declarations, the best mean wins however small
/// its lead, no more worlds for a close call, the opponent's cards not read.
/// The base of the ablations in the README.
fn master_before() -> LevelSpec {
    let mut spec = *LevelSpec::of(5);
    if let ExchangeMethod::Sampled(s) = &mut spec.exchange {
        (s.decl_worlds, s.stick, s.extra_worlds) = (0, 0.0, 0);
    }
    (spec.play_evidence, spec.evidence_cards) = (1.0, 0);
    spec
}

/// A level, a yardstick, or a variant of one: `<base>[-<changes>]`.
///
/// `<base>` is a level `1` … `5`, `5b` ([`master_before`]) or `5-v1`;
/// `<changes>` is a run of letters each followed by its number:
/// `p<N>` plays each card on N worlds, `h` exchanges as H, `d<N>` values the
/// declarations on N worlds of their own, `s<F>` keeps H's discard unless
/// beaten by F standard errors, `x<N>` gives N more worlds to a close call,
/// `n<N>` ranks the candidates on N worlds, `f<N>` keeps N finalists, `o<N>`
/// solves them on N worlds, `r<N>` adds H's N best discards,
/// `e<N>` reads the opponent's last N cards (a world where one was not among
/// his best weighs 0.1), `w<F>` makes that weight F, `c<F>` weighs F a world
/// where he would have exchanged another number of cards. E.g. `5b-d400s1x32`.
fn variant(name: &str) -> Option<LevelSpec> {
    if let Ok(BotId::MasterV1) = name.parse::<BotId>() {
        return Some(LevelSpec::MASTER_V1);
    }
    let (base, changes) = name.split_once('-').unwrap_or((name, ""));
    let mut spec = match base {
        "5b" => master_before(),
        _ => match base.parse::<BotId>().ok()? {
            BotId::Level(n) => *LevelSpec::of(n),
            _ => return None,
        },
    };
    let mut rest = changes;
    while let Some(letter) = rest.chars().next() {
        let digits = rest[1..]
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(rest.len(), |i| i + 1);
        let number = &rest[1..digits];
        rest = &rest[digits..];
        let exchange = match &mut spec.exchange {
            ExchangeMethod::Sampled(s) => Some(s),
            ExchangeMethod::Heuristic => None,
        };
        match letter {
            'p' => {
                spec.play = PlayMethod::Pimc {
                    worlds: number.parse().ok()?,
                }
            }
            'h' if number.is_empty() => spec.exchange = ExchangeMethod::Heuristic,
            'd' => exchange?.decl_worlds = number.parse().ok()?,
            's' => exchange?.stick = number.parse().ok()?,
            'x' => exchange?.extra_worlds = number.parse().ok()?,
            'n' => exchange?.worlds = number.parse().ok()?,
            'f' => exchange?.finalists = number.parse().ok()?,
            'o' => exchange?.solved_worlds = number.parse().ok()?,
            'r' => exchange?.ranked = number.parse().ok()?,
            'e' => {
                spec.evidence_cards = number.parse().ok()?;
                if spec.play_evidence == 1.0 {
                    spec.play_evidence = 0.1;
                }
            }
            'w' => spec.play_evidence = number.parse().ok()?,
            'c' => spec.count_evidence = number.parse().ok()?,
            _ => return None,
        }
    }
    Some(spec)
}

/// Who plays a seat: a level as data, or a bot that is not one (the
/// yardstick `heuristic-v1`, today's `heuristic`, `random`).
#[derive(Clone, Copy)]
enum Player {
    Spec(LevelSpec),
    Bot(BotId),
    /// A level that plays every card with all the cards in sight (the best
    /// card of the exact open-card solution), to measure what perfect play
    /// would add: `<level or variant>+open`.
    Open(LevelSpec),
}

impl Player {
    fn named(name: &str) -> Option<Player> {
        if let Some(base) = name.strip_suffix("+open") {
            return variant(base).map(Player::Open);
        }
        match name.parse::<BotId>() {
            Ok(bot @ (BotId::Random | BotId::Heuristic | BotId::HeuristicV1)) => {
                Some(Player::Bot(bot))
            }
            _ => variant(name).map(Player::Spec),
        }
    }

    fn decide(&self, game: &Game, view: &GameObservation, seed: u64) -> Action {
        match self {
            Player::Open(spec) => {
                let deal = game.deal().expect("a deal");
                thread_local!(static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new()));
                let values = SOLVER.with(|s| open_values(deal, &mut s.borrow_mut()));
                match values.iter().max_by_key(|(c, v)| (*v, std::cmp::Reverse(*c))) {
                    Some(&(card, _)) => Ok(Action::Play(card)),
                    None => decide_as(spec, view, seed),
                }
            }
            Player::Spec(spec) => decide_as(spec, view, seed),
            Player::Bot(bot) => decide(*bot, view, seed),
        }
        .expect("a decision")
    }
}

/// The seed of pair `i`'s deal, as `piquet arena` draws it.
fn deal_seed(seed: u64, pair: u64) -> u64 {
    SplitMix64::new(seed ^ 0xD1B5_4A32_D192_ED03u64.wrapping_mul(pair + 1)).next_u64()
}

fn decision_seed(seed: u64, pair: u64, game: u64, step: u64) -> u64 {
    SplitMix64::new(
        seed.rotate_left(17)
            ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ game.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ step.wrapping_mul(0x1656_67B1_9E37_79F9),
    )
    .next_u64()
}

/// One deal, A elder; `specs[seat]`. With `shadow`, the decisions of
/// `shadow.0`'s seat are also asked of `shadow.1`, and the result says
/// whether it ever chose otherwise. Returns (margin of `seat_of_interest`,
/// differed).
fn play(
    rules: Rules,
    setup: DealSetup,
    specs: [&Player; 2],
    shadow: Option<(Seat, &Player)>,
    seeds: (u64, u64, u64),
) -> ([u16; 2], bool) {
    let cut = Cut {
        draws: vec![("AS".parse().unwrap(), "7H".parse().unwrap())],
        higher_deals: (rules.cut == CutRule::HigherChooses).then_some(false),
    };
    let mut g = Game::new(rules, &cut).expect("a game");
    g.start_deal(setup).expect("a deal");
    let mut step = 0u64;
    let mut differed = false;
    while let Some(deal) = g.deal() {
        let seat = deal.to_act().expect("someone to act");
        let view = g.observation(seat);
        let s = decision_seed(seeds.0, seeds.1, seeds.2, step);
        let action = specs[seat.index()].decide(&g, &view, s);
        if let Some((who, other)) = shadow {
            if who == seat && !differed {
                differed = other.decide(&g, &view, s) != action;
            }
        }
        g.apply_with(seat, action, &mut NoEvents).expect("accepted");
        step += 1;
    }
    (g.results()[0].points, differed)
}

/// `margin(V vs O) − margin(M vs O)` over one mirrored pair, and how many of
/// its two deals `V` played otherwise.
fn pair_difference(rules: Rules, [v, m, o]: [&Player; 3], seed: u64, pair: u64) -> (i32, u32) {
    let setup = DealSetup::from_seed(&rules, Seat::B, deal_seed(seed, pair));
    let mut diff = 0i32;
    let mut replayed = 0;
    for (game, seat) in [(0u64, Seat::A), (1, Seat::B)] {
        let specs_m = if seat == Seat::A { [m, o] } else { [o, m] };
        let (pm, differed) = play(
            rules,
            setup.clone(),
            specs_m,
            Some((seat, v)),
            (seed, pair, game),
        );
        if differed {
            let specs_v = if seat == Seat::A { [v, o] } else { [o, v] };
            let (pv, _) = play(rules, setup.clone(), specs_v, None, (seed, pair, game));
            let i = seat.index();
            let margin = |p: [u16; 2]| i32::from(p[i]) - i32::from(p[1 - i]);
            diff += margin(pv) - margin(pm);
            replayed += 1;
        }
    }
    (diff, replayed)
}

/// `margin(A vs B)` over one mirrored pair, as `piquet arena` plays it.
fn pair_margin(rules: Rules, [a, b]: [&Player; 2], seed: u64, pair: u64) -> (i32, u32) {
    let setup = DealSetup::from_seed(&rules, Seat::B, deal_seed(seed, pair));
    let (first, _) = play(rules, setup.clone(), [a, b], None, (seed, pair, 0));
    let (second, _) = play(rules, setup, [b, a], None, (seed, pair, 1));
    let m = i32::from(first[0]) - i32::from(first[1]) + i32::from(second[1]) - i32::from(second[0]);
    (m, 2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 6 {
        eprintln!("usage: lab <variant> <base> <opponent> <preset> <pairs> <seed> [threads]");
        std::process::exit(2);
    }
    let spec = |i: usize| {
        Player::named(&args[i]).unwrap_or_else(|| {
            eprintln!("unknown level or variant {:?}", args[i]);
            std::process::exit(2)
        })
    };
    // `lab A - B …`: A against B head to head, as `piquet arena` but for
    // variants too.
    let head_to_head = args[1] == "-";
    let (v, m, o) = (
        spec(0),
        if head_to_head { spec(0) } else { spec(1) },
        spec(2),
    );
    let rules = Rules::by_id(&args[3]).unwrap_or_else(|_| {
        eprintln!("unknown preset {:?}", args[3]);
        std::process::exit(2)
    });
    let pairs: u64 = args[4].parse().expect("pairs");
    let seed: u64 = args[5].parse().expect("seed");
    let threads: u64 = args.get(6).and_then(|t| t.parse().ok()).unwrap_or(1).max(1);
    let t0 = Instant::now();
    let results: Vec<(i32, u32)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (v, m, o) = (&v, &m, &o);
                s.spawn(move || {
                    (0..pairs)
                        .filter(|p| p % threads == t)
                        .map(|p| {
                            if head_to_head {
                                pair_margin(rules, [v, o], seed, p)
                            } else {
                                pair_difference(rules, [v, m, o], seed, p)
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    let n = results.len() as f64;
    let mean = results.iter().map(|r| f64::from(r.0)).sum::<f64>() / n;
    let var = results
        .iter()
        .map(|r| (f64::from(r.0) - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let replayed: u32 = results.iter().map(|r| r.1).sum();
    println!(
        "{{\"variant\":\"{}\",\"base\":\"{}\",\"opponent\":\"{}\",\"preset\":\"{}\",\"pairs\":{},\"seed\":{},\"mean\":{:.3},\"stderr\":{:.3},\"deals_changed\":{},\"seconds\":{:.0}}}",
        args[0],
        args[1],
        args[2],
        args[3],
        pairs,
        seed,
        mean,
        (var / n).sqrt(),
        replayed,
        t0.elapsed().as_secs_f64()
    );
}
