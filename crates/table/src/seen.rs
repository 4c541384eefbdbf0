//! What one seat has seen of a game: everything its table draws, and nothing more. The table
//! draws from it for every game — built from the whole [`Session`] for a game on this device
//! ([`Seen::of`]), and from what the game server sends a seat for a game between two devices —
//! so one path draws both, and a table never holds a card its seat may not know.

use piquet_engine::{
    Action, Card, DealResult, Event, GameObservation, IllegalAction, Observation, Outcome, Phase,
    Rules, ScoreReason, Seat,
};
use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, Text};
use crate::session::{Opponent, Session};

/// One seat's knowledge of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    /// The seat on screen.
    pub seat: Seat,
    pub rules: Rules,
    /// The cut's draws, seat A's card and seat B's (public: both are turned up).
    pub cut: Vec<(Card, Card)>,
    /// The higher card that must still choose who deals (Rubicon), if any.
    pub cut_chooser: Option<Seat>,
    /// The game as this seat may know it; `None` while the cut's choice is not made.
    pub game: Option<GameObservation>,
    /// The deal in progress, or the one just finished, as this seat may know it.
    pub deal: Option<Observation>,
    /// Deals dealt so far.
    pub deals: usize,
    /// The events of this deal this seat may see.
    pub events: Vec<Event>,
    /// Each deal's remarkable scores (carte blanche, repic, pic, capot), public.
    pub highlights: Vec<Vec<(Seat, ScoreReason)>>,
    /// Both players share this device (pass-and-play): either may act for the seat to act
    /// where the screen is not hidden (the cut's choice).
    #[serde(default)]
    pub both_here: bool,
}

impl Seen {
    /// What `seat` knows of a game played on this device.
    pub fn of(session: &Session, seat: Seat) -> Seen {
        Seen {
            seat,
            rules: session.rules,
            cut: session.record.cut.draws.clone(),
            cut_chooser: session.cut_chooser(),
            game: session.game_view(seat),
            deal: session.view(seat),
            deals: deals_dealt(session),
            events: session.events_for(seat).copied().collect(),
            highlights: session.highlights.clone(),
            both_here: session.config.opponent == Opponent::Human,
        }
    }

    /// Whose decision it is in the deal in progress.
    pub fn to_act(&self) -> Option<Seat> {
        self.game.as_ref()?.deal.as_ref()?.to_act
    }

    /// Whether the game waits for its next deal to be dealt.
    pub fn needs_deal(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.deal.is_none() && g.outcome.is_none())
    }

    /// Whether the cards are not dealt yet: the cut is on the table.
    pub fn at_cut(&self) -> bool {
        self.game.is_none() || self.deals == 0
    }

    /// A deal is in progress (its cards are on the table, some decision due).
    pub fn in_deal(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.deal.is_some())
    }

    /// Who deals the current or next deal, once the cut has decided it.
    pub fn dealer(&self) -> Option<Seat> {
        self.game.as_ref().map(|g| g.dealer)
    }

    /// The finished deals.
    pub fn results(&self) -> &[DealResult] {
        self.game.as_ref().map_or(&[], |g| &g.results)
    }

    /// The end of the game, once reached.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.as_ref().and_then(|g| g.outcome)
    }

    /// The current target (cent), if any.
    pub fn target(&self) -> Option<u16> {
        self.game.as_ref().and_then(|g| g.target)
    }

    /// Games won, per seat index.
    pub fn games_won(&self) -> [u8; 2] {
        self.game.as_ref().map_or([0, 0], |g| g.games_won)
    }

    /// Whether the seat on screen may choose who deals now (the cut's higher card, Rubicon).
    pub fn chooses_dealer(&self) -> bool {
        self.cut_chooser
            .is_some_and(|c| c == self.seat || self.both_here)
    }

    /// « Donne 3 · en 100 », "Deal 2 of 6": where the game stands, for the top bar.
    pub fn deal_label(&self, lang: Lang) -> String {
        deal_label_of(&self.rules, self.deals, self.target(), lang)
    }

    /// Why the seat on screen may not play `card` now, as the engine would say it (`None` if
    /// it may), from its view alone.
    pub fn refusal(&self, card: Card) -> Option<IllegalAction> {
        refusal_of(self.deal.as_ref()?, card)
    }

    /// The card the seat on screen must play now, when it is to play and only one card of its
    /// hand may be played (following suit with the last of the suit, or the last card of the
    /// deal): what the settings' « play forced cards by themselves » plays.
    pub fn forced_card(&self) -> Option<Card> {
        let view = self.deal.as_ref()?;
        if view.to_act != Some(self.seat) || !matches!(view.phase, Phase::Play) {
            return None;
        }
        match view.legal_actions.as_slice() {
            [Action::Play(card)] => Some(*card),
            _ => None,
        }
    }
}

/// The deals dealt in the game: the record's, after those its start brings forward (a game
/// taken up where it stood, at its sixth deal, has dealt six once its first is dealt).
pub fn deals_dealt(session: &Session) -> usize {
    let brought = session
        .record
        .start
        .map_or(0, |s| usize::from(s.deal.saturating_sub(1)));
    session.record.deals.len() + brought
}

/// The deal's label of a game under `rules` with `dealt` deals dealt and this target.
pub fn deal_label_of(rules: &Rules, dealt: usize, target: Option<u16>, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    let n = dealt;
    if n == 0 {
        return t(Text::TheCut).to_string();
    }
    match rules.format {
        piquet_engine::rules::Format::Rubicon { deals } => {
            let deal_in_partie = (n - 1) % usize::from(deals) + 1;
            format!("{} {deal_in_partie}/{deals}", t(Text::DealWord))
        }
        piquet_engine::rules::Format::Cent { .. } => match target {
            Some(target) => {
                format!("{} {n} · {} {target}", t(Text::DealWord), t(Text::InTarget))
            }
            None => format!("{} {n}", t(Text::DealWord)),
        },
    }
}

/// Why `view`'s seat may not play `card` now, from its view alone — the engine's own reason
/// (`Deal::apply`'s), which the tests check against the whole deal.
pub fn refusal_of(view: &Observation, card: Card) -> Option<IllegalAction> {
    let Some(to_act) = view.to_act else {
        return Some(IllegalAction::DealOver);
    };
    if to_act != view.seat {
        return Some(IllegalAction::NotYourTurn { to_act });
    }
    if !matches!(view.phase, Phase::Play) {
        return Some(IllegalAction::WrongPhase);
    }
    if !view.hand.contains(card) {
        return Some(IllegalAction::CardNotInHand { card });
    }
    if view.legal_actions.contains(&Action::Play(card)) {
        return None;
    }
    Some(if view.plays.len() % 2 == 1 {
        IllegalAction::MustFollowSuit
    } else {
        IllegalAction::MustLeadAnnouncedSuit
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::played;
    use piquet_engine::{CardSet, Rules};

    #[test]
    fn a_seat_sees_what_its_observation_says_and_nothing_more() {
        for (i, preset) in Rules::IDS.iter().enumerate() {
            for s in played(preset, 40 + i as u64, Opponent::Human)
                .iter()
                .step_by(5)
            {
                for seat in [Seat::A, Seat::B] {
                    let seen = Seen::of(s, seat);
                    assert_eq!(seen.to_act(), s.to_act(), "{preset}");
                    assert_eq!(seen.needs_deal(), s.needs_deal());
                    assert_eq!(seen.cut_chooser, s.cut_chooser());
                    assert_eq!(seen.deal, s.view(seat));
                    assert_eq!(seen.outcome(), s.game.as_ref().and_then(|g| g.outcome()));
                    assert_eq!(
                        seen.results(),
                        s.game.as_ref().map_or(&[][..], |g| g.results())
                    );
                    let label = |lang| {
                        let target = s.game.as_ref().and_then(|g| g.target());
                        deal_label_of(&s.rules, s.record.deals.len(), target, lang)
                    };
                    assert_eq!(seen.deal_label(Lang::Fr), label(Lang::Fr));
                    // Never a card of the other's hand, his discards or the unseen talon.
                    if let Some(deal) = s.deal() {
                        let other = seat.other();
                        let v = s.view(seat).unwrap();
                        let talon: CardSet = deal.talon_remaining().collect();
                        let secret = deal.hand(other) | deal.discards(other) | talon;
                        let text = serde_json::to_string(&seen).unwrap();
                        let named = |c: piquet_engine::Card| text.contains(&format!("\"{c}\""));
                        let known = v.hand
                            | v.discards
                            | v.talon_seen
                            | v.opponent_shown
                            | v.plays.iter().map(|&(_, c)| c).collect::<CardSet>()
                            | s.cut()
                                .draws
                                .iter()
                                .flat_map(|&(a, b)| [a, b])
                                .collect::<CardSet>();
                        for c in secret - known {
                            assert!(!named(c), "{preset}: {c} leaks to {seat:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_refusal_from_the_view_is_the_engines() {
        let mut checked = 0;
        for (i, preset) in Rules::IDS.iter().enumerate() {
            for s in played(preset, 7 + i as u64, Opponent::Human) {
                let Some(deal) = s.game.as_ref().and_then(|g| g.deal()) else {
                    continue;
                };
                for seat in [Seat::A, Seat::B] {
                    let v = deal.observation(seat);
                    for card in CardSet::DECK_36 {
                        let engine = deal.apply(seat, Action::Play(card)).err();
                        // Out of the hand the engine says so only in play; the view agrees.
                        assert_eq!(refusal_of(&v, card), engine, "{preset} {seat:?} {card}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_forced_card_is_the_only_one_the_engine_accepts() {
        let (mut forced, mut free) = (0, 0);
        for (i, preset) in Rules::IDS.iter().enumerate() {
            for s in played(preset, 20 + i as u64, Opponent::Human) {
                let Some(deal) = s.game.as_ref().and_then(|g| g.deal()) else {
                    continue;
                };
                for seat in [Seat::A, Seat::B] {
                    let seen = Seen::of(&s, seat);
                    let playable: Vec<_> = CardSet::DECK_36
                        .into_iter()
                        .filter(|&c| deal.apply(seat, Action::Play(c)).is_ok())
                        .collect();
                    match seen.forced_card() {
                        Some(card) => {
                            assert_eq!(playable, [card], "{preset} {seat:?}");
                            forced += 1;
                        }
                        None => {
                            assert_ne!(playable.len(), 1, "{preset} {seat:?}");
                            free += 1;
                        }
                    }
                }
            }
        }
        // The last card of every deal is forced, and many a follow.
        assert!(forced > 40 && free > 1000, "{forced} forced, {free} not");
    }
}
