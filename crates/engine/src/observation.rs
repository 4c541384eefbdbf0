//! What one seat may know (docs/spec/DESIGN.md, "Information"): own cards and discards,
//! talon cards it saw, cards the opponent showed, claims and answers, voids,
//! cards played, scores, counts of unknown cards, and its legal decision.

use crate::action::{Action, AnswerKind};
use crate::card::{Card, CardSet, Suit};
use crate::deal::Deal;
use crate::event::Claim;
use crate::phase::{Category, Phase};
use crate::rules::Rules;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A declaration category as this seat heard it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicDeclaration {
    /// Elder's claim so far (two steps: the value or top once said).
    pub elder: Option<Claim>,
    /// The dealer's answers, per step.
    pub answers: [Option<AnswerKind>; 2],
    /// The dealer's own declaration when elder declared nothing, once counted.
    pub dealer: Option<Claim>,
    /// Who won the category, once known to this seat (`None` also for nobody).
    pub winner: Option<Seat>,
}

/// One seat's view of a deal. Serde-serializable (it crosses to a Web Worker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: Seat,
    /// The rules.
    pub rules: Rules,
    /// Who deals.
    pub dealer: Seat,
    /// The phase (public).
    pub phase: Phase,
    /// Whose decision it is.
    pub to_act: Option<Seat>,
    /// Own hand.
    pub hand: CardSet,
    /// Own discards (the player made them; under `rules.own_discards_visible = false`
    /// an interface must not display them during play, Art. 24).
    pub discards: CardSet,
    /// Talon cards this seat saw (elder's peek, the leftover).
    pub talon_seen: CardSet,
    /// Cards the opponent showed (carte blanche, declarations, égal, trois).
    pub opponent_shown: CardSet,
    /// Suits the opponent is known to be void in (bit per suit index).
    pub opponent_voids: u8,
    /// Cards played, in order, with who played them.
    pub plays: Vec<(Seat, Card)>,
    /// Point, sequences, sets.
    pub declarations: [PublicDeclaration; 3],
    /// Carte blanche declared, per seat index.
    pub carte_blanche: [bool; 2],
    /// Points in this deal, per seat index (as counted aloud so far).
    pub scores: [u16; 2],
    /// Tricks won, per seat index.
    pub tricks_won: [u8; 2],
    /// Cards in the opponent's hand.
    pub opponent_hand_len: u8,
    /// Cards the opponent discarded.
    pub opponent_discards_len: u8,
    /// Cards left in the talon.
    pub talon_left: u8,
    /// The suit elder named to see the leftover, which he must lead.
    pub announced_lead_suit: Option<Suit>,
    /// When this seat must discard: (min, max).
    pub discard_limits: Option<(u8, u8)>,
    /// This seat's other legal decisions (see [`Deal::legal_actions`]).
    pub legal_actions: Vec<Action>,
}

impl Deal {
    /// Everything `seat` may know, and nothing more.
    pub fn observation(&self, seat: Seat) -> Observation {
        let opp = seat.other();
        let to_act = self.to_act();
        let mine = to_act == Some(seat);
        let mut legal = Vec::new();
        if mine {
            self.legal_actions(&mut legal);
        }
        let dealer_counted = self.dealer_has_counted();
        let mut declarations = [PublicDeclaration {
            elder: None,
            answers: [None; 2],
            dealer: None,
            winner: None,
        }; 3];
        for (i, c) in [Category::Point, Category::Sequence, Category::Sets]
            .into_iter()
            .enumerate()
        {
            let r = self.declaration(c);
            let step = if r.answers[0] == Some(AnswerKind::Equal) {
                2
            } else {
                1
            };
            let elder_claim = r.elder.map(|cards| self.claim_of(c, cards, step));
            let elder_nothing = r.elder.is_some_and(|e| e.is_empty());
            // RULES.md 11.2: the dealer's own point or sets are said when he counts.
            let hidden_until_count = elder_nothing && c != Category::Sequence;
            let knows = seat == self.dealer() || !hidden_until_count || dealer_counted;
            declarations[i] = PublicDeclaration {
                elder: elder_claim,
                answers: r.answers,
                dealer: if hidden_until_count && knows {
                    r.dealer.map(|h| self.claim_of(c, h, 2))
                } else {
                    None
                },
                winner: if r.done && knows { r.winner } else { None },
            };
        }
        Observation {
            seat,
            rules: *self.rules(),
            dealer: self.dealer(),
            phase: self.phase(),
            to_act,
            hand: self.hand(seat),
            discards: self.discards(seat),
            talon_seen: self.seen_talon(seat),
            opponent_shown: self.shown(opp),
            opponent_voids: self.voids(opp),
            plays: self.plays_with_seats(),
            declarations,
            carte_blanche: [self.carte_blanche(Seat::A), self.carte_blanche(Seat::B)],
            scores: [self.score(Seat::A), self.score(Seat::B)],
            tricks_won: [self.tricks_won(Seat::A), self.tricks_won(Seat::B)],
            opponent_hand_len: self.hand(opp).len() as u8,
            opponent_discards_len: self.discards(opp).len() as u8,
            talon_left: self.talon_left(),
            announced_lead_suit: self.announced_lead_suit(),
            discard_limits: if mine { self.discard_limits() } else { None },
            legal_actions: legal,
        }
    }

    /// The cards played so far with who played each (trick winners lead, Art. 13).
    pub fn plays_with_seats(&self) -> Vec<(Seat, Card)> {
        let mut out = Vec::with_capacity(24);
        let mut leader = self.elder();
        let mut lead: Option<Card> = None;
        for c in self.play_sequence() {
            match lead {
                None => {
                    out.push((leader, c));
                    lead = Some(c);
                }
                Some(l) => {
                    let second = leader.other();
                    out.push((second, c));
                    if c.suit() == l.suit() && c.rank() > l.rank() {
                        leader = second;
                    }
                    lead = None;
                }
            }
        }
        out
    }

    /// Every card `seat` has legitimately seen: its own dealt and drawn cards,
    /// talon cards it saw, the opponent's shown cards, the cards played.
    pub fn known_cards(&self, seat: Seat) -> CardSet {
        let own = self.dealt(seat) | self.hand(seat) | self.discards(seat);
        let own_played: CardSet = self
            .plays_with_seats()
            .into_iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, c)| c)
            .collect();
        own | own_played | self.seen_talon(seat) | self.shown(seat.other()) | self.played()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_play::random_action;
    use crate::rng::SplitMix64;

    /// Every card token in a JSON text.
    fn cards_in_json(s: &str) -> CardSet {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter_map(|t| t.parse::<Card>().ok())
            .collect()
    }

    #[test]
    fn observations_leak_nothing() {
        let mut rng = SplitMix64::new(5);
        let mut buf = Vec::new();
        for (_, rules) in Rules::ALL {
            for seed in 0..40 {
                let mut d = Deal::from_seed(rules, Seat::A, seed).unwrap();
                loop {
                    for seat in [Seat::A, Seat::B] {
                        let o = d.observation(seat);
                        let json = serde_json::to_string(&o).unwrap();
                        let seen = cards_in_json(&json);
                        let known = d.known_cards(seat);
                        assert!(
                            known.is_superset(seen),
                            "{seat:?} sees {} it never saw",
                            seen - known
                        );
                        // The opponent's cards never appear unless shown, or seen in the talon.
                        let hidden = (d.hand(seat.other()) | d.discards(seat.other()))
                            - d.shown(seat.other())
                            - d.seen_talon(seat);
                        assert!((seen & hidden).is_empty());
                        let back: Observation = serde_json::from_str(&json).unwrap();
                        assert_eq!(back, o);
                    }
                    match random_action(&d, &mut rng, &mut buf) {
                        Some((s, a)) => d.apply_with(s, a, &mut crate::NoEvents).unwrap(),
                        None => break,
                    }
                }
            }
        }
    }
}
