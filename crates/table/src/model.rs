//! What the table shows, derived from the game and nothing else: the scores in a player's words
//! (« +3 · trois dames », « +6 · six cartes marquantes menées »), the lines of the log and the
//! words said aloud (« Moi non plus » to a second "nothing"), the trick on the table, the rows of
//! the hand, why a card cannot be played. Pure functions, tested natively; the components of
//! `crate::components::table` only draw what these return.

use piquet_engine::combos::{self, Point};
use piquet_engine::{
    Card, CardSet, Category, Claim, Event, IllegalAction, Observation, Rules, ScoreReason, Seat,
};

use crate::i18n::{Lang, Text};
use crate::words::{self, Names};

/// One line of a count: points, why, and the holding that scored them, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    pub seat: Seat,
    pub reason: ScoreReason,
    pub points: u16,
    /// Scoring acts grouped in this line (six scoring cards led: 6).
    pub count: u16,
    /// The holding counted (point, sequence, trio or quatorze), as the engine showed it.
    pub holding: Option<(Category, Claim)>,
}

impl ScoreLine {
    /// « +3 · trois dames », "+6 · six scoring cards led".
    pub fn words(&self, rules: &Rules, lang: Lang) -> String {
        format!("+{} · {}", self.points, self.what(rules, lang))
    }

    /// What scored, without the points: « trois dames », "six scoring cards led".
    pub fn what(&self, rules: &Rules, lang: Lang) -> String {
        match self.holding {
            Some((category, claim)) => holding_words(category, &claim, rules, lang),
            None => words::scoring(self.reason, self.count, lang),
        }
    }

    /// The article of the rules it comes from, when it is one of seed 000's (« Art. 8 »).
    pub fn article(&self) -> Option<&'static str> {
        let a = self.reason.article();
        a.starts_with("Art.").then_some(a)
    }
}

/// Reasons scored once per card or trick: grouped into one line per deal in a breakdown.
fn repeated(reason: ScoreReason) -> bool {
    matches!(
        reason,
        ScoreReason::LeadScoringCard
            | ScoreReason::Lead
            | ScoreReason::WonWithScoringCard
            | ScoreReason::WonTrick
            | ScoreReason::TrickWon
    )
}

/// Names the holdings behind the scores of declarations: the engine shows a seat's cards of
/// a category just before it scores them (RULES.md 5), so each score of a point, a sequence or
/// a set is named from the cards last shown, best first.
#[derive(Clone, Debug, Default)]
pub struct HoldingNamer {
    shown: [CardSet; 2],
    named: [CardSet; 2],
}

impl HoldingNamer {
    /// Reads one event; for a score of a holding, returns the holding.
    pub fn see(&mut self, e: &Event) -> Option<(Category, Claim)> {
        match *e {
            Event::Shown { seat, cards } => {
                self.shown[seat.index()] = cards;
                self.named[seat.index()] = CardSet::EMPTY;
                None
            }
            Event::Scored { seat, reason, .. } => {
                let i = seat.index();
                let left = self.shown[i] - self.named[i];
                let (category, claim, cards) = match reason {
                    ScoreReason::Point => {
                        let p = Point::of(left)?;
                        let claim = Claim::Point {
                            length: p.length,
                            value: Some(p.value),
                        };
                        (Category::Point, claim, left)
                    }
                    ScoreReason::Sequence => {
                        let q = combos::sequences(left).next()?;
                        let claim = Claim::Sequence {
                            length: q.length,
                            top: Some(q.top),
                        };
                        (Category::Sequence, claim, q.cards())
                    }
                    ScoreReason::Set => {
                        let s = combos::sets(left).next()?;
                        let claim = Claim::Set {
                            rank: s.rank,
                            count: s.count,
                        };
                        (Category::Sets, claim, combos::set_cards(left, s.rank))
                    }
                    _ => return None,
                };
                self.named[i] |= cards;
                Some((category, claim))
            }
            _ => None,
        }
    }
}

/// The scores of `events`, one line each, holdings named. With `group`, scores repeated card
/// by card (leads, tricks won second) become one line per seat and reason, where the first
/// was scored.
pub fn score_lines(events: &[Event], group: bool) -> Vec<ScoreLine> {
    let mut namer = HoldingNamer::default();
    let mut out: Vec<ScoreLine> = Vec::new();
    for e in events {
        let holding = namer.see(e);
        let Event::Scored {
            seat,
            points,
            reason,
        } = *e
        else {
            continue;
        };
        if group && repeated(reason) {
            if let Some(line) = out
                .iter_mut()
                .find(|l| l.seat == seat && l.reason == reason)
            {
                line.points += points;
                line.count += 1;
                continue;
            }
        }
        out.push(ScoreLine {
            seat,
            reason,
            points,
            count: 1,
            holding,
        });
    }
    out
}

/// A holding as it is counted, in lower case: « trois dames », « quinte au roi »,
/// « quarante-huit au point ».
pub fn holding_words(category: Category, claim: &Claim, rules: &Rules, lang: Lang) -> String {
    words::uncapitalised(&words::claim(category, claim, rules, lang))
}

/// A line of the log or of the words said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Who said it, for words said aloud (declarations, answers, carte blanche).
    pub speaker: Option<Seat>,
    pub text: String,
}

/// The lines of `events` (as [`words::event`] says them), with the context a single event
/// lacks: a second "nothing" is « Moi non plus », and each score names its holding.
pub fn lines(events: &[Event], names: &Names, rules: &Rules, lang: Lang) -> Vec<Line> {
    let mut namer = HoldingNamer::default();
    let mut heard: [Option<Claim>; 3] = [None; 3];
    let mut out = Vec::new();
    for e in events {
        let holding = namer.see(e);
        let speaker = match *e {
            Event::Declared {
                seat,
                category,
                claim,
            } => {
                heard[category as usize] = Some(claim);
                Some(seat)
            }
            Event::Answered { seat, .. } | Event::CarteBlanche { seat, .. } => Some(seat),
            _ => None,
        };
        let text = match *e {
            Event::Answered {
                seat,
                category,
                answer,
            } => Some(words::quote(
                names.of(seat),
                words::answer_to(answer, heard[category as usize].as_ref(), lang),
                lang,
            )),
            Event::Scored {
                seat,
                points,
                reason,
            } => {
                let line = ScoreLine {
                    seat,
                    reason,
                    points,
                    count: 1,
                    holding,
                };
                let article = line
                    .article()
                    .map(|a| format!(" ({a})"))
                    .unwrap_or_default();
                Some(format!(
                    "{} — {}{article}",
                    names.of(seat),
                    line.words(rules, lang)
                ))
            }
            _ => words::event(e, names, rules, lang),
        };
        if let Some(text) = text {
            out.push(Line { speaker, text });
        }
    }
    out
}

/// The trick on the table: the cards of the trick being played, or of the last one until the
/// next lead; and the last complete trick, which may be looked at again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrickView {
    /// The cards on the table now.
    pub current: Vec<(Seat, Card)>,
    /// The trick is complete (both cards), waiting for the next lead.
    pub done: bool,
    /// The last complete trick while a new one is being played.
    pub last: Vec<(Seat, Card)>,
}

/// The trick view of the plays of a deal, in order.
pub fn trick_view(plays: &[(Seat, Card)]) -> TrickView {
    let complete = plays.len() / 2 * 2;
    let odd = plays.len() % 2 == 1;
    let current = if odd {
        plays[complete..].to_vec()
    } else if complete >= 2 {
        plays[complete - 2..complete].to_vec()
    } else {
        Vec::new()
    };
    let last = if odd && complete >= 2 {
        plays[complete - 2..complete].to_vec()
    } else {
        Vec::new()
    };
    TrickView {
        done: !odd && !current.is_empty(),
        current,
        last,
    }
}

/// The columns of the hand laid out in two rows on a narrow screen: ⌈n / 2⌉ (one row of one
/// card for a single card).
pub fn hand_columns(n: usize) -> usize {
    n.div_ceil(2).max(1)
}

/// Why the viewer may not play a card, in a player's words (« Vous devez fournir à cœur »).
pub fn refusal(why: &IllegalAction, view: Option<&Observation>, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    let suit_name = |c: Card| words::suit(c.suit(), lang);
    match why {
        IllegalAction::MustFollowSuit => {
            let led = view
                .and_then(|v| v.plays.len().checked_sub(1).map(|i| v.plays[i].1))
                .map(suit_name)
                .unwrap_or_default();
            format!("{} {led}.", t(Text::MustFollow))
        }
        IllegalAction::MustLeadAnnouncedSuit => {
            let s = view
                .and_then(|v| v.announced_lead_suit)
                .map(|s| words::suit(s, lang))
                .unwrap_or_default();
            format!("{} {s}.", t(Text::YouAnnouncedLead))
        }
        IllegalAction::NotYourTurn { .. } => t(Text::NotYourTurn).to_string(),
        IllegalAction::DealOver => t(Text::DealIsOver).to_string(),
        _ => {
            let playing = view.is_some_and(|v| matches!(v.phase, piquet_engine::Phase::Play));
            if playing {
                t(Text::CannotPlayNow).to_string()
            } else {
                t(Text::CardsPlayedAfterDeclarations).to_string()
            }
        }
    }
}

/// What the table shows of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatModel {
    pub seat: Seat,
    /// The seat on screen (whose hand is shown), else the other.
    pub own: bool,
    pub name: String,
    /// The deal's count so far (the running count said aloud).
    pub count: u16,
    /// The game's total (Rubicon: the partie's), this deal's points included: what the seat
    /// stands at, the same before and after a deal is over.
    pub total: u16,
    /// A deal is on the table (in progress or just over): its points are shown beside the total.
    pub in_deal: bool,
    pub tricks: u8,
    pub dealer: bool,
    pub to_act: bool,
    /// Cards in hand (the other seat's are drawn as backs).
    pub hand_len: u8,
    pub discards_len: u8,
    /// Cards of this seat shown in declarations and not yet played (the other seat's).
    pub shown: Vec<Card>,
    /// Some of the cards it showed have been played since: those left are the ones still held.
    pub shown_played: bool,
}

/// One score shown beside a seat for a few seconds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToastModel {
    /// Stable across renders, so its animation runs once.
    pub key: String,
    pub seat: Seat,
    pub text: String,
}

/// A pic, repic or capot, celebrated in the middle of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Celebration {
    pub key: String,
    pub word: &'static str,
    pub who: String,
}

/// What lies on the table between the seats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CentreModel {
    /// The cut's draws (seat A's card, seat B's card), before the first deal.
    pub cut: Vec<(Card, Card)>,
    /// A lesson's cut before the player draws: the pack lies face down, to draw from.
    pub cut_pack: bool,
    pub talon_left: u8,
    /// Talon cards the seat on screen has seen and that are not in its hand.
    pub seen: Vec<Card>,
    /// The trick on the table (or the last one, looked at again).
    pub trick: Vec<(Seat, Card)>,
    pub trick_done: bool,
    /// The trick shown is the last one, looked at again.
    pub looking_back: bool,
    /// A last trick can be looked at again.
    pub last_available: bool,
    /// The last words said aloud (speaker is the seat on screen, text).
    pub speech: Vec<(bool, String)>,
    /// The screen's seat's own discards, when they may be looked at.
    pub discards: Vec<Card>,
    /// How many cards the other seat discarded (face down).
    pub other_discards: u8,
    /// The scores as they come (shown on each seat's head: [`CentreModel::toast_of`]).
    pub toasts: Vec<ToastModel>,
    pub celebration: Option<Celebration>,
}

impl CentreModel {
    /// The last change of `seat`'s count, shown on its head beside its count.
    pub fn toast_of(&self, seat: Seat) -> Option<&ToastModel> {
        self.toasts.iter().rev().find(|t| t.seat == seat)
    }
}

/// The cards already played in a deal, which leave the shown and seen rows.
pub fn played(view: &Observation) -> CardSet {
    view.plays.iter().map(|(_, c)| *c).collect()
}

/// The model of one seat, as the seat on screen knows it.
pub fn seat_model(seen: &crate::seen::Seen, seat: Seat, names: &Names) -> SeatModel {
    let viewer = seen.seat;
    let view = seen.deal.as_ref();
    let own = seat == viewer;
    let dealer = view.map(|v| v.dealer).or(seen.dealer());
    SeatModel {
        seat,
        own,
        name: names.of(seat).to_string(),
        count: view.map_or(0, |v| v.scores[seat.index()]),
        total: game_totals(seen)[seat.index()],
        in_deal: view.is_some(),
        tricks: view.map_or(0, |v| v.tricks_won[seat.index()]),
        dealer: dealer == Some(seat),
        to_act: seen.to_act() == Some(seat),
        hand_len: view.map_or(0, |v| {
            if own {
                v.hand.len() as u8
            } else {
                v.opponent_hand_len
            }
        }),
        discards_len: view.map_or(0, |v| {
            if own {
                v.discards.len() as u8
            } else {
                v.opponent_discards_len
            }
        }),
        shown: match view {
            Some(v) if !own => words::in_hand_order(v.opponent_shown - played(v)),
            _ => Vec::new(),
        },
        shown_played: view.is_some_and(|v| !own && !(v.opponent_shown & played(v)).is_empty()),
    }
}

/// Each seat's total in the game being played (a cent game of a match, or Rubicon's partie),
/// the deal in progress included: the finished deals' points and the running count. Between
/// deals, and once the game is over, the totals of the game the last deal belonged to (a
/// match's next game starts at 0 with its first deal). An abandoned deal counts nothing.
pub fn game_totals(seen: &crate::seen::Seen) -> [u16; 2] {
    let Some(game) = seen.game.as_ref() else {
        return [0, 0];
    };
    if let Some(deal) = game.deal.as_ref() {
        let [a, b] = game.totals;
        return [a + deal.scores[0], b + deal.scores[1]];
    }
    let Some(last) = game.results.last().map(|r| r.game) else {
        return [0, 0];
    };
    game.results
        .iter()
        .filter(|r| r.game == last && r.end != piquet_engine::DealEnd::Abandoned)
        .fold([0, 0], |[a, b], r| [a + r.points[0], b + r.points[1]])
}

/// The end of a game, as its panel heads it: who won, the final score, Rubicon's gain and who
/// was rubiconed, a match's games won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalScore {
    /// « Vous gagnez la partie », « L’ordinateur gagne la partie ».
    pub verdict: String,
    /// Each seat's name and final total, winner first.
    pub scores: [(String, u16); 2],
    /// Rubicon: « Gain de la partie : 155 ».
    pub payoff: Option<String>,
    /// Rubicon: « L’ordinateur est rubiconé » (the loser did not reach 100).
    pub rubiconed: Option<String>,
    /// A match: « Manches gagnées : Vous 2 — L’ordinateur 1 ».
    pub games: Option<String>,
}

/// The headline of a finished game, `None` while it goes on.
pub fn final_score(seen: &crate::seen::Seen, names: &Names, lang: Lang) -> Option<FinalScore> {
    let outcome = seen.outcome()?;
    let totals = game_totals(seen);
    let w = outcome.winner;
    let l = w.other();
    let t = |x: Text| x.get(lang);
    let match_play = matches!(
        seen.rules.format,
        piquet_engine::rules::Format::Cent {
            match_play: true,
            ..
        }
    );
    let won = seen.games_won();
    Some(FinalScore {
        verdict: names.sentence(w, t(Text::Wins), t(Text::YouWin)),
        scores: [
            (names.of(w).to_string(), totals[w.index()]),
            (names.of(l).to_string(), totals[l.index()]),
        ],
        payoff: outcome.payoff.map(|p| format!("{} {p}", t(Text::Payoff))),
        rubiconed: outcome
            .rubiconed
            .then(|| names.sentence(l, t(Text::IsRubiconed), t(Text::YouAreRubiconed))),
        games: match_play.then(|| {
            words::labelled(
                t(Text::GamesWon),
                &format!("{} {} — {} {}", names.a, won[0], names.b, won[1]),
                lang,
            )
        }),
    })
}

/// Where a game in progress stands, for the first screen's « Reprendre »: each seat's total
/// and the deal being played (« Vous 42, L’ordinateur 18 · donne 3 »).
pub fn standing_words(session: &crate::session::Session, names: &Names, lang: Lang) -> String {
    let [a, b] = game_totals(&crate::seen::Seen::of(session, Seat::A));
    let deals = session.record.deals.len();
    let score = format!("{} {a}, {} {b}", names.a, names.b);
    if deals == 0 {
        return score;
    }
    format!("{score} · {} {deals}", Text::DealLower.get(lang))
}

/// A game's settings in a few words, for the first screen's « Rejouer » and « Reprendre »:
/// « Classique · 3 — Le Fin Joueur · partie en 100 ».
pub fn config_summary(config: &crate::session::GameConfig, lang: Lang) -> String {
    use crate::session::Opponent;
    use piquet_ai::BotId;
    let preset = crate::rules_text::preset_name(&config.preset, lang);
    let opponent = match &config.opponent {
        Opponent::Human => Text::PassAndPlay.get(lang).to_string(),
        Opponent::Computer { bot } => match bot.parse::<BotId>() {
            Ok(b @ BotId::Level(n)) => format!("{n} — {}", b.name(lang)),
            Ok(b) => b.name(lang).to_string(),
            Err(_) => bot.clone(),
        },
    };
    let length = config.format.words(lang);
    format!("{preset} · {opponent} · {length}")
}

/// The word of a celebration: « Pic ! », "Repique!", « Capot ! ».
pub fn celebration_word(reason: ScoreReason, lang: Lang) -> &'static str {
    match (reason, lang) {
        (ScoreReason::Pic, Lang::Fr) => "Pic\u{202f}!",
        (ScoreReason::Repic, Lang::Fr) => "Repic\u{202f}!",
        (ScoreReason::Pic, Lang::En) => "Pique!",
        (ScoreReason::Repic, Lang::En) => "Repique!",
        (_, Lang::Fr) => "Capot\u{202f}!",
        (_, Lang::En) => "Capot!",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_engine::{AnswerKind, Rank};

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn scored(seat: Seat, points: u16, reason: ScoreReason) -> Event {
        Event::Scored {
            seat,
            points,
            reason,
        }
    }

    fn names() -> Names {
        Names {
            a: "Vous".into(),
            b: "L’ordinateur".into(),
            you: Some(Seat::A),
        }
    }

    #[test]
    fn the_breakdown_names_the_holdings() {
        let rules = Rules::classique();
        let events = [
            Event::Shown {
                seat: Seat::A,
                cards: cards("AH KH QH JH TH"),
            },
            scored(Seat::A, 5, ScoreReason::Point),
            Event::Shown {
                seat: Seat::A,
                cards: cards("AH KH QH JH TH 9S 8S 7S"),
            },
            scored(Seat::A, 15, ScoreReason::Sequence),
            scored(Seat::A, 3, ScoreReason::Sequence),
            Event::Shown {
                seat: Seat::A,
                cards: cards("QS QH QD KS KH KC"),
            },
            scored(Seat::A, 3, ScoreReason::Set),
            scored(Seat::A, 3, ScoreReason::Set),
        ];
        let said: Vec<String> = score_lines(&events, true)
            .iter()
            .map(|l| l.words(&rules, Lang::Fr))
            .collect();
        assert_eq!(
            said,
            [
                "+5 · cinquante et un au point",
                "+15 · quinte à l’as",
                "+3 · tierce au neuf",
                "+3 · trois rois",
                "+3 · trois dames",
            ]
        );
        let en = score_lines(&events, true)[4].words(&rules, Lang::En);
        assert_eq!(en, "+3 · three queens");
    }

    #[test]
    fn repeated_lead_points_are_grouped_in_the_breakdown_only() {
        let rules = Rules::classique();
        let mut events: Vec<Event> = (0..6)
            .map(|_| scored(Seat::A, 1, ScoreReason::LeadScoringCard))
            .collect();
        events.push(scored(Seat::B, 1, ScoreReason::WonWithScoringCard));
        events.push(scored(Seat::A, 1, ScoreReason::LastTrick));
        events.push(scored(Seat::A, 10, ScoreReason::Cards));
        let grouped = score_lines(&events, true);
        let said: Vec<String> = grouped.iter().map(|l| l.words(&rules, Lang::Fr)).collect();
        assert_eq!(
            said,
            [
                "+6 · six cartes marquantes menées",
                "+1 · une levée prise en second avec une carte marquante",
                "+1 · la dernière levée",
                "+10 · les cartes (la majorité des levées)",
            ]
        );
        assert_eq!(
            grouped[0].words(&rules, Lang::En),
            "+6 · six scoring cards led"
        );
        assert_eq!(grouped[3].article(), Some("Art. 16"));
        assert_eq!(score_lines(&events, false).len(), 9);
    }

    #[test]
    fn a_second_nothing_is_nor_i() {
        let rules = Rules::classique();
        let events = [
            Event::Declared {
                seat: Seat::B,
                category: Category::Sequence,
                claim: Claim::Nothing,
            },
            Event::Answered {
                seat: Seat::A,
                category: Category::Sequence,
                answer: AnswerKind::Equal,
            },
            Event::Declared {
                seat: Seat::B,
                category: Category::Sets,
                claim: Claim::Set {
                    rank: Rank::King,
                    count: 3,
                },
            },
            Event::Answered {
                seat: Seat::A,
                category: Category::Sets,
                answer: AnswerKind::Good,
            },
        ];
        let fr: Vec<String> = lines(&events, &names(), &rules, Lang::Fr)
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert_eq!(
            fr,
            [
                "L’ordinateur\u{a0}: «\u{a0}Pas de séquence\u{a0}»",
                "Vous\u{a0}: «\u{a0}Moi non plus\u{a0}»",
                "L’ordinateur\u{a0}: «\u{a0}Trois rois\u{a0}»",
                "Vous\u{a0}: «\u{a0}C’est bon\u{a0}»",
            ]
        );
        let en = lines(&events, &names(), &rules, Lang::En);
        assert_eq!(en[1].text, "Vous: “Nor I”");
        assert_eq!(en[1].speaker, Some(Seat::A));
        assert_eq!(
            words::answer_to(AnswerKind::Equal, Some(&Claim::Nothing), Lang::Fr),
            "Moi non plus"
        );
    }

    #[test]
    fn the_trick_on_the_table() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let plays = [(Seat::A, c("AS")), (Seat::B, c("7S")), (Seat::A, c("KH"))];
        assert_eq!(trick_view(&[]), TrickView::default());
        let one = trick_view(&plays[..1]);
        assert_eq!((one.current.len(), one.done, one.last.len()), (1, false, 0));
        let two = trick_view(&plays[..2]);
        assert_eq!((two.current.len(), two.done, two.last.len()), (2, true, 0));
        let three = trick_view(&plays);
        assert_eq!(three.current, vec![(Seat::A, c("KH"))]);
        assert_eq!(three.last, plays[..2].to_vec());
        assert!(!three.done);
    }

    #[test]
    fn two_rows_of_half_the_hand() {
        assert_eq!(hand_columns(12), 6);
        assert_eq!(hand_columns(11), 6);
        assert_eq!(hand_columns(7), 4);
        assert_eq!(hand_columns(1), 1);
        assert_eq!(hand_columns(0), 1);
    }

    /// Every state of a whole game: the totals on the table never go back to 0 at a new deal
    /// of the same game, are the sheet's between deals, the running count added during one.
    fn totals_follow_the_game(preset: &str, seed: u64) -> crate::session::Session {
        use crate::session::{Opponent, testing};
        let steps = testing::played(preset, seed, Opponent::Computer { bot: "1".into() });
        let mut before = [0, 0];
        for s in &steps {
            let game = s.game.as_ref().unwrap();
            let totals = game_totals(&crate::seen::Seen::of(s, Seat::A));
            match game.deal() {
                Some(deal) => {
                    let running = deal.observation(Seat::A).scores;
                    let [a, b] = game.totals();
                    assert_eq!(totals, [a + running[0], b + running[1]]);
                }
                None => {
                    let last = game.results().last().map_or(0, |r| r.game);
                    let sheet = game
                        .results()
                        .iter()
                        .filter(|r| r.game == last && r.end != piquet_engine::DealEnd::Abandoned)
                        .fold([0, 0], |[a, b], r| [a + r.points[0], b + r.points[1]]);
                    assert_eq!(totals, sheet);
                }
            }
            // Within one game (a deal of it already counted) the totals only grow, from one
            // deal to the next too: never back to 0 at a new deal.
            if game.totals() != [0, 0] {
                assert!(
                    totals[0] >= before[0] && totals[1] >= before[1],
                    "{totals:?} after {before:?}"
                );
            }
            before = totals;
        }
        steps.last().unwrap().clone()
    }

    #[test]
    fn the_game_total_is_kept_across_deals_and_heads_the_end() {
        let names = names();
        let s = totals_follow_the_game("rubicon", 7);
        let game = s.game.as_ref().unwrap();
        let outcome = game.outcome().unwrap();
        let fin = final_score(&crate::seen::Seen::of(&s, Seat::A), &names, Lang::Fr).unwrap();
        let totals = game.totals();
        let w = outcome.winner.index();
        assert_eq!(fin.scores[0].1, totals[w]);
        assert_eq!(fin.scores[1].1, totals[1 - w]);
        assert!(fin.scores[0].1 > fin.scores[1].1);
        assert_eq!(fin.scores[0].0, names.of(outcome.winner));
        let payoff = fin.payoff.unwrap();
        assert!(
            payoff.starts_with("Gain de la partie\u{a0}: ")
                && payoff.ends_with(&outcome.payoff.unwrap().to_string()),
            "{payoff}"
        );
        assert_eq!(fin.rubiconed.is_some(), outcome.rubiconed);
        assert_eq!(fin.games, None);

        let s = totals_follow_the_game("classique", 3);
        let fin = final_score(&crate::seen::Seen::of(&s, Seat::A), &names, Lang::En).unwrap();
        assert!(fin.scores[0].1 >= 100, "{fin:?}");
        assert!(fin.verdict == "You win" || fin.verdict == "L’ordinateur wins");
        assert!(fin.payoff.is_none() && fin.rubiconed.is_none());
        let match_play = matches!(
            s.rules.format,
            piquet_engine::rules::Format::Cent {
                match_play: true,
                ..
            }
        );
        assert_eq!(fin.games.is_some(), match_play);
    }

    #[test]
    fn a_game_in_progress_says_where_it_stands() {
        use crate::session::{Opponent, testing};
        let names = names();
        let steps = testing::played("classique", 5, Opponent::Computer { bot: "1".into() });
        assert_eq!(
            standing_words(&steps[0], &names, Lang::Fr),
            "Vous 0, L’ordinateur 0"
        );
        assert!(
            final_score(&crate::seen::Seen::of(&steps[0], Seat::A), &names, Lang::Fr).is_none()
        );
        // The first state of the second deal: the first deal's points are still there.
        let second = steps.iter().find(|s| s.record.deals.len() == 2).unwrap();
        let first = second.game.as_ref().unwrap().results()[0].points;
        let [a, b] = game_totals(&crate::seen::Seen::of(second, Seat::A));
        assert!(a >= first[0] && b >= first[1]);
        assert_eq!(
            standing_words(second, &names, Lang::Fr),
            format!("Vous {a}, L’ordinateur {b} · donne 2")
        );
        assert_eq!(
            standing_words(second, &names, Lang::En),
            format!("Vous {a}, L’ordinateur {b} · deal 2")
        );
    }

    #[test]
    fn a_refused_card_says_why() {
        assert_eq!(
            refusal(
                &IllegalAction::NotYourTurn { to_act: Seat::B },
                None,
                Lang::Fr
            ),
            "Ce n’est pas à vous de jouer."
        );
        assert_eq!(
            refusal(&IllegalAction::WrongPhase, None, Lang::En),
            "Cards are played after the exchange and the declarations."
        );
    }
}
