//! A sampled world made into a deal of the engine: the record's layout with
//! the cards hidden from the reviewed seat moved where the world puts them,
//! the actions so far replayed (the opponent's as the seat heard them), so
//! that any option can be applied and the deal played on by the rules
//! themselves.

use crate::chances::Chances;
use crate::eval::greedy_playout_bits;
use crate::heuristic;
use crate::player::Player;
use crate::sample::World;
use crate::solver::Solver;
use crate::view::{bit_position, play_rules, player_of};
use piquet_engine::combos::Point;
use piquet_engine::deal::holdings;
use piquet_engine::record::RecordedAction;
use piquet_engine::{
    Action, Answer, Card, CardSet, Claim, Deal, DealSetup, NoEvents, Observation, Phase, Rules,
    Seat,
};

/// What the review knows of the deal under review.
pub(super) struct DealCtx<'a> {
    pub rules: Rules,
    /// The cent stop of the deal (target, totals before it), RULES.md 9.
    pub stop: Option<(u16, [u16; 2])>,
    /// The recorded layout.
    pub layout: &'a DealSetup,
    /// The recorded actions.
    pub actions: &'a [RecordedAction],
    /// The deal before each action.
    pub states: &'a [Deal],
}

/// How a world's deal is valued once the play begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Finish {
    /// The exact open-card solver.
    Exact,
    /// A greedy open-card play-out (to rank many candidates cheaply).
    Greedy,
    /// Played out with every card seen, and valued by the game's stakes
    /// ([`stakes_value_after`]).
    AtStakes(Stakes),
}

/// What the dealer will count after elder's first lead (Art. 14): his
/// declarations and repic, read from the engine by playing a card on a copy.
pub(super) fn dealer_pending_exact(deal: &Deal) -> u16 {
    if deal.dealer_has_counted() || deal.phase() != Phase::Play {
        return 0;
    }
    let (Some(seat), Some(card)) = (deal.to_act(), deal.legal_plays().lowest()) else {
        return 0;
    };
    let mut after = *deal;
    if after
        .apply_with(seat, Action::Play(card), &mut NoEvents)
        .is_err()
    {
        return 0;
    }
    let dealer = deal.dealer();
    after.score(dealer).saturating_sub(deal.score(dealer))
}

/// Pairs the cards of `real` with those of `world` in `map`: the cards in
/// both stay, the others are paired in order.
fn pair(real: CardSet, world: CardSet, map: &mut [u8; 36]) {
    for (r, w) in (real - world).into_iter().zip(world - real) {
        map[usize::from(r.index()) % 36] = w.index();
    }
}

/// The deal before action `j` in `world` (sampled from `obs`, `seat`'s
/// observation then): the recorded layout with the cards hidden from `seat`
/// moved where the world has them (the opponent's hand and discards, the
/// talon in the world's order), the seat's own actions replayed as recorded
/// and the opponent's as the seat knew them (his discard is the world's, his
/// declarations the world's holdings that match what he said, his answers of
/// the same kind). `None` when the world does not fit the recorded actions.
pub(super) fn world_deal(
    ctx: &DealCtx,
    j: usize,
    seat: Seat,
    obs: &Observation,
    world: &World,
) -> Option<Deal> {
    let at = ctx.states.get(j)?;
    let opp = seat.other();
    let real_talon: Vec<Card> = at.talon_remaining().collect();
    if real_talon.len() != world.talon.len()
        || at.hand(opp).len() != world.opp_hand.len()
        || at.discards(opp).len() != world.opp_discards.len()
    {
        return None;
    }
    let mut map: [u8; 36] = core::array::from_fn(|i| i as u8);
    pair(at.hand(opp), world.opp_hand, &mut map);
    pair(at.discards(opp), world.opp_discards, &mut map);
    for (r, w) in real_talon.iter().zip(&world.talon) {
        map[usize::from(r.index()) % 36] = w.index();
    }
    let moved_card = |c: Card| Card::from_index(map[usize::from(c.index()) % 36]);
    let moved = |s: CardSet| -> CardSet { s.into_iter().filter_map(moved_card).collect() };
    let layout = DealSetup {
        dealer: ctx.layout.dealer,
        elder: moved(ctx.layout.elder),
        dealer_hand: moved(ctx.layout.dealer_hand),
        talon: ctx
            .layout
            .talon
            .iter()
            .filter_map(|&c| moved_card(c))
            .collect(),
    };
    let mut deal = Deal::with_stop(ctx.rules, layout, ctx.stop).ok()?;
    for recorded in ctx.actions.get(..j)? {
        let action = if recorded.seat == seat {
            recorded.action
        } else {
            match recorded.action {
                Action::Discard(cards) => Action::Discard(moved(cards)),
                Action::Play(c) => Action::Play(moved_card(c)?),
                Action::Declare(Some(_)) => declaration_heard(&deal, obs)?,
                Action::Answer(Answer::Equal(_)) | Action::Answer(Answer::Better(_)) => {
                    answer_heard(&deal, recorded.action)?
                }
                other => other,
            }
        };
        deal.apply_with(recorded.seat, action, &mut NoEvents).ok()?;
    }
    Some(deal)
}

/// Whether a full claim (`held`) is what was heard (`heard`, which may lack
/// the point's value or the sequence's top when the second step was not
/// reached).
fn claim_fits(heard: Claim, held: Claim) -> bool {
    match (heard, held) {
        (
            Claim::Point { length, value },
            Claim::Point {
                length: l,
                value: v,
            },
        ) => length == l && value.is_none_or(|x| Some(x) == v),
        (Claim::Sequence { length, top }, Claim::Sequence { length: l, top: t }) => {
            length == l && top.is_none_or(|x| Some(x) == t)
        }
        (a, b) => a == b,
    }
}

/// The opponent's declaration in the world's deal: his best holding that
/// matches his claim as the seat heard it, or his best holding when the seat
/// has not heard it yet (the dealer's declaration after elder's nothing is
/// said when he counts, RULES.md 11.2).
fn declaration_heard(deal: &Deal, obs: &Observation) -> Option<Action> {
    let category = match deal.phase() {
        Phase::Declare { category } | Phase::Answer { category, .. } => category,
        _ => return None,
    };
    let opp = deal.to_act()?;
    let said = &obs.declarations[category as usize];
    let heard = if opp == deal.dealer() {
        said.dealer
    } else {
        said.elder
    };
    let rules = deal.rules();
    let hand = deal.hand(opp);
    let Some(heard) = heard else {
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        return Some(heuristic::best_declaration(rules, &legal, category));
    };
    let mut ways: Vec<CardSet> = holdings(hand, category).collect();
    if let Claim::Point { length, .. } = heard {
        // A point said in part (sinking): any `length` cards of one suit.
        for s in hand.suits() {
            ways.extend(subsets(hand.in_suit(s), usize::from(length)));
        }
    }
    ways.into_iter()
        .filter(|&h| claim_fits(heard, deal.claim_of(category, h, 2)))
        .max_by_key(|&h| {
            (
                heuristic::holding_key(rules, h, category),
                Point::of(h).map_or(0, |p| p.value),
            )
        })
        .map(|h| Action::Declare(Some(h)))
}

/// Every `k`-card subset of `cards` (at most nine cards).
fn subsets(cards: CardSet, k: usize) -> Vec<CardSet> {
    let all: Vec<Card> = cards.into_iter().collect();
    let n = all.len();
    if n > 12 || k > n {
        return Vec::new();
    }
    (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| {
            (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| all[i])
                .collect()
        })
        .collect()
}

/// The opponent's « égal » or « mieux » in the world's deal: the same answer
/// backed by his holding there (his best for « mieux »).
fn answer_heard(deal: &Deal, recorded: Action) -> Option<Action> {
    let category = match deal.phase() {
        Phase::Answer { category, .. } => category,
        _ => return None,
    };
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    match recorded {
        Action::Answer(Answer::Equal(_)) => legal
            .into_iter()
            .find(|a| matches!(a, Action::Answer(Answer::Equal(_)))),
        _ => {
            let better: Vec<Action> = legal
                .into_iter()
                .filter(|a| matches!(a, Action::Answer(Answer::Better(_))))
                .collect();
            (!better.is_empty()).then(|| heuristic::best_answer(deal.rules(), &better, category))
        }
    }
}

/// Plays the deal on as the heuristic does, both seats, until the play
/// begins or the deal ends (the cent stop).
fn on_to_the_play(deal: &mut Deal) -> Option<()> {
    for _ in 0..64 {
        if matches!(deal.phase(), Phase::Play | Phase::Finished { .. }) {
            return Some(());
        }
        let seat = deal.to_act()?;
        let action = heuristic::decide(&deal.observation(seat))?;
        deal.apply_with(seat, action, &mut NoEvents).ok()?;
    }
    None
}

/// `seat`'s final margin of the deal after `action` in `deal`, played on to
/// the first lead as the heuristic plays, then by `finish`.
pub(super) fn value_after(
    deal: &Deal,
    seat: Seat,
    action: Action,
    finish: Finish,
    solver: &mut Solver,
) -> Option<i32> {
    if let Finish::AtStakes(stakes) = finish {
        return stakes_value_after(deal, seat, action, stakes, solver);
    }
    let d = played_on(deal, seat, action)?;
    let scores = [d.score(Seat::A), d.score(Seat::B)];
    if d.is_over() {
        return Some(margin(scores, seat));
    }
    let pending = dealer_pending_exact(&d);
    let obs = d.observation(seat);
    let pos = bit_position(&obs, d.hand(seat.other()), pending);
    pos.validate().ok()?;
    let me = player_of(seat, d.dealer());
    let rules = play_rules(d.rules());
    let base = margin(scores, seat) + dealer_points_for(pending, me);
    Some(
        base + match finish {
            Finish::Exact => solver.solve_bits(&pos, &rules, me),
            Finish::Greedy => match me {
                Player::Elder => greedy_playout_bits(&pos, &rules),
                Player::Dealer => -greedy_playout_bits(&pos, &rules),
            },
            Finish::AtStakes(_) => return None,
        },
    )
}

/// The deal after `seat`'s `action` in `deal`, played on as the heuristic plays, both seats,
/// until the play begins or the deal ends.
pub(super) fn played_on(deal: &Deal, seat: Seat, action: Action) -> Option<Deal> {
    let mut d = *deal;
    d.apply_with(seat, action, &mut NoEvents).ok()?;
    on_to_the_play(&mut d)?;
    Some(d)
}

/// `seat`'s margin from per-seat points.
pub(super) fn margin(scores: [u16; 2], seat: Seat) -> i32 {
    i32::from(scores[seat.index()]) - i32::from(scores[seat.other().index()])
}

/// The dealer's `points` as a margin for `me`: his gain, elder's loss.
pub(super) fn dealer_points_for(points: u16, me: Player) -> i32 {
    match me {
        Player::Dealer => i32::from(points),
        Player::Elder => -i32::from(points),
    }
}

/// The game's stakes of a deal, when they and not the deal's margin value its declarations,
/// answers and exchanges: Rubicon's last deal, where the partie is settled on the totals after
/// it (RULES.md 9: the winner gains 100 plus the difference of the totals, or plus their sum
/// when the loser has not reached 100); a deal of a cent game at the cent stop, where a player
/// may reach the target (Art. 19–20), valued by the chance of winning the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Stakes {
    /// Rubicon's last deal: the totals of seats A and B before it.
    RubiconLast {
        /// The totals before the deal, seat A's then seat B's.
        totals: [u16; 2],
    },
    /// A deal of a cent game in which a player may reach the target: the deal's points valued
    /// by the seat's chance of winning the game after it, in thousandths
    /// ([`crate::chances::Chances`]).
    CentGame {
        /// The totals before the deal, seat A's then seat B's.
        totals: [u16; 2],
        /// The game's target.
        target: u16,
        /// Who deals this deal (the other deals the next).
        dealer: Seat,
        /// The rules (the deals to come are sampled under them).
        rules: Rules,
    },
}

/// A cent game's deal is at the cent stop when a player is this close to the target or closer:
/// about what one player scores in a good deal.
pub const CENT_STOP_REACH: u16 = 40;

impl Stakes {
    /// The stakes of a deal of `rules` numbered `number` in its game (1 for the first), dealt
    /// by `dealer`, that starts at `totals`, with the game's `target` (a cent game's, the belle's
    /// in a match's third game; `None` in Rubicon or in a cent game's extra deal after equal
    /// totals, which is played out), if the game's score rather than the deal's margin is what
    /// its decisions play for: a deal of Rubicon after which the partie may end (the sixth, and
    /// each second deal of two more after equal totals); a deal of a cent game in which a player
    /// within [`CENT_STOP_REACH`] of the target may reach it.
    pub fn of_deal(
        rules: &Rules,
        number: usize,
        totals: [u16; 2],
        target: Option<u16>,
        dealer: Seat,
    ) -> Option<Stakes> {
        match rules.format {
            piquet_engine::rules::Format::Rubicon { deals }
                if number >= usize::from(deals) && number % 2 == 0 =>
            {
                Some(Stakes::RubiconLast { totals })
            }
            piquet_engine::rules::Format::Cent { .. } => {
                let target = target?;
                (totals.iter().all(|&t| t < target)
                    && totals.iter().any(|&t| t + CENT_STOP_REACH >= target))
                .then_some(Stakes::CentGame {
                    totals,
                    target,
                    dealer,
                    rules: *rules,
                })
            }
            _ => None,
        }
    }

    /// What the deal ending with `seat`'s points `deal` (seat A's, seat B's) is worth to `seat`
    /// in the game: for Rubicon's last deal, the partie's gain (negative when lost; 0 on equal
    /// totals, two more deals to play); in a cent game, the chance of winning the game in
    /// thousandths.
    pub fn value(self, seat: Seat, deal: [u16; 2]) -> i32 {
        match self {
            Stakes::RubiconLast { totals } => {
                let me = i32::from(totals[seat.index()]) + i32::from(deal[seat.index()]);
                let them =
                    i32::from(totals[seat.other().index()]) + i32::from(deal[seat.other().index()]);
                let (hi, lo) = (me.max(them), me.min(them));
                let gain = if lo < 100 {
                    100 + hi + lo
                } else {
                    100 + hi - lo
                };
                match me.cmp(&them) {
                    std::cmp::Ordering::Greater => gain,
                    std::cmp::Ordering::Less => -gain,
                    std::cmp::Ordering::Equal => 0,
                }
            }
            Stakes::CentGame {
                totals,
                target,
                dealer,
                rules,
            } => {
                let after = [
                    totals[0].saturating_add(deal[0]),
                    totals[1].saturating_add(deal[1]),
                ];
                let chance = Chances::of(rules, target).win(seat, after, dealer.other());
                (chance * 1000.0).round() as i32
            }
        }
    }
}

/// The exact open-card value of each legal card of the player to move in
/// `deal` (in the play), in increasing card order: the deal's final points
/// margin for that player (his points in the deal minus his opponent's at
/// its end, what is already scored included, and the dealer's declarations
/// still to be counted after elder's first lead, Art. 14), both playing
/// perfectly from there with every card known. Empty outside the play.
pub fn open_values(deal: &Deal, solver: &mut Solver) -> Vec<(Card, i32)> {
    let Some(seat) = deal.to_act() else {
        return Vec::new();
    };
    if deal.phase() != Phase::Play {
        return Vec::new();
    }
    let pending = dealer_pending_exact(deal);
    let obs = deal.observation(seat);
    let pos = bit_position(&obs, deal.hand(seat.other()), pending);
    if pos.validate().is_err() {
        return Vec::new();
    }
    let me = player_of(seat, deal.dealer());
    let base = margin(obs.scores, seat) + dealer_points_for(pending, me);
    solver
        .solve_all_moves_bits(&pos, &play_rules(deal.rules()), me)
        .into_iter()
        .filter_map(|(c, v)| Some((Card::from_index(c)?, base + v)))
        .collect()
}

/// `seat`'s value under `stakes` of the deal after `action` in `deal`: played on to the first
/// lead as the heuristic plays, then played out with every card seen, each seat playing the
/// open-card solver's best card for its margin (the lowest of equal ones), and the deal's points
/// then valued by the game's stakes.
pub(super) fn stakes_value_after(
    deal: &Deal,
    seat: Seat,
    action: Action,
    stakes: Stakes,
    solver: &mut Solver,
) -> Option<i32> {
    let mut d = played_on(deal, seat, action)?;
    for _ in 0..40 {
        if d.is_over() {
            return Some(stakes.value(seat, [d.score(Seat::A), d.score(Seat::B)]));
        }
        let to_act = d.to_act()?;
        let values = open_values(&d, solver);
        let top = values.iter().map(|&(_, v)| v).max()?;
        let card = values.iter().find(|&&(_, v)| v == top)?.0;
        d.apply_with(to_act, Action::Play(card), &mut NoEvents)
            .ok()?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rubicons_last_deal_is_valued_by_the_partie_and_no_other_deal_is() {
        let rubicon = Rules::rubicon();
        assert_eq!(Stakes::of_deal(&rubicon, 5, [90, 140], None, Seat::A), None);
        assert_eq!(
            Stakes::of_deal(&rubicon, 6, [90, 140], None, Seat::A),
            Some(Stakes::RubiconLast { totals: [90, 140] })
        );
        // After equal totals, two more deals: the second may end the partie.
        assert_eq!(
            Stakes::of_deal(&rubicon, 7, [150, 150], None, Seat::A),
            None
        );
        assert!(Stakes::of_deal(&rubicon, 8, [150, 150], None, Seat::A).is_some());
        assert_eq!(
            Stakes::of_deal(&Rules::classique(), 6, [90, 140], None, Seat::A),
            None
        );
        let last = Stakes::RubiconLast { totals: [60, 150] };
        // Rubiconed: the winner gains 100 plus the sum; each point of the loser's adds to it.
        assert_eq!(last.value(Seat::A, [10, 20]), -(100 + 170 + 70));
        assert_eq!(last.value(Seat::B, [10, 20]), 100 + 170 + 70);
        assert_eq!(last.value(Seat::A, [0, 20]), -(100 + 170 + 60));
        // Past 100, the difference only: the loser's points now help him.
        assert_eq!(last.value(Seat::A, [45, 0]), -(100 + 150 - 105));
        // Ahead at the end: the gain is the seat's.
        assert_eq!(last.value(Seat::A, [95, 0]), 100 + 155 - 150);
        assert_eq!(last.value(Seat::A, [90, 0]), 0);
    }

    #[test]
    fn a_cent_games_deals_near_the_target_are_valued_by_the_chance_of_winning() {
        let classique = Rules::classique();
        let at = |totals| Stakes::of_deal(&classique, 3, totals, Some(100), Seat::B);
        // Far from the target, or past it (an extra deal after equal totals): the margin.
        assert_eq!(at([30, 50]), None);
        assert_eq!(
            Stakes::of_deal(&classique, 3, [70, 50], None, Seat::B),
            None
        );
        assert_eq!(at([105, 105]), None);
        let stakes = at([92, 77]).unwrap();
        // Reaching the target wins (1000 thousandths), the opponent's losing; equal totals
        // past it, one more deal: an even chance.
        assert_eq!(stakes.value(Seat::A, [8, 20]), 1000);
        assert_eq!(stakes.value(Seat::B, [8, 20]), 0);
        assert_eq!(stakes.value(Seat::A, [30, 45]), 500);
        // Short of it, a chance between, better with more points and the next deal as elder.
        let short = stakes.value(Seat::A, [5, 10]);
        assert!((1..1000).contains(&short), "{short}");
        assert!(stakes.value(Seat::A, [7, 10]) > short);
        assert!(stakes.value(Seat::A, [5, 15]) < short);
        assert_eq!(
            stakes.value(Seat::A, [5, 10]) + stakes.value(Seat::B, [5, 10]),
            1000
        );
    }
}
