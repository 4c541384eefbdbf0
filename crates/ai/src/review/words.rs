//! The review's reasons in words, French and English: one line per
//! decision, true of the position (the values are the review's, the clauses
//! read from the seat's own view of the deal).

use super::{DecisionKind, DecisionReview, Mark};
use crate::view::{opponent_possible, trick_state};
use piquet_engine::{Action, Answer, Card, CardSet, Deal, Observation, Rank, Suit};

/// The suit's symbol.
fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
    }
}

/// A card as the reasons name it: `R♠`, `10♥` in French, `K♠`, `10♥` in English.
pub(super) fn card_name(c: Card, french: bool) -> String {
    let rank = match (c.rank(), french) {
        (Rank::Ace, _) => "A",
        (Rank::King, true) => "R",
        (Rank::King, false) => "K",
        (Rank::Queen, true) => "D",
        (Rank::Queen, false) => "Q",
        (Rank::Jack, true) => "V",
        (Rank::Jack, false) => "J",
        (Rank::Ten, _) => "10",
        (Rank::Nine, _) => "9",
        (Rank::Eight, _) => "8",
        (Rank::Seven, _) => "7",
        (Rank::Six, _) => "6",
    };
    format!("{rank}{}", suit_symbol(c.suit()))
}

/// Cards as the reasons name them, each suit from its highest card.
fn cards_name(set: CardSet, french: bool) -> String {
    let mut cards: Vec<Card> = set.into_iter().collect();
    cards.sort_by_key(|c| (c.suit().index(), core::cmp::Reverse(c.rank())));
    cards
        .into_iter()
        .map(|c| card_name(c, french))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A value of the deal's margin: `+4,5` / `+4.5`, `−2,0`, `0`.
pub(super) fn points(x: f64, french: bool) -> String {
    if x.abs() < 0.05 {
        return "0".into();
    }
    let s = if x.fract() == 0.0 {
        format!("{x:+}")
    } else {
        format!("{x:+.1}")
    }
    .replace('-', "\u{2212}");
    if french { s.replace('.', ",") } else { s }
}

/// An action as an infinitive (French) and as a gerund ("en écartant …",
/// "discarding …").
struct Phrase {
    fr: String,
    fr_gerund: String,
    en: String,
}

fn phrase(a: &Action) -> Phrase {
    let p = |fr: String, fr_gerund: String, en: String| Phrase { fr, fr_gerund, en };
    match *a {
        Action::Discard(d) => {
            let (f, e) = (cards_name(d, true), cards_name(d, false));
            p(
                format!("écarter {f}"),
                format!("en écartant {f}"),
                format!("discarding {e}"),
            )
        }
        Action::AnnounceCarteBlanche(k) => p(
            format!("annoncer cartes blanches et échanger {k}"),
            "en annonçant cartes blanches".into(),
            format!("announcing carte blanche and exchanging {k}"),
        ),
        Action::DeclareCarteBlanche => p(
            "annoncer cartes blanches".into(),
            "en annonçant cartes blanches".into(),
            "announcing carte blanche".into(),
        ),
        Action::ProposeAbandon(true) => p(
            "proposer d'abandonner le coup".into(),
            "en proposant d'abandonner le coup".into(),
            "proposing to abandon the deal".into(),
        ),
        Action::ProposeAbandon(false) => p(
            "jouer le coup".into(),
            "en jouant le coup".into(),
            "playing the deal".into(),
        ),
        Action::AcceptAbandon(true) => p(
            "accepter l'abandon".into(),
            "en acceptant l'abandon".into(),
            "accepting to abandon".into(),
        ),
        Action::AcceptAbandon(false) => p(
            "refuser l'abandon".into(),
            "en refusant l'abandon".into(),
            "refusing to abandon".into(),
        ),
        Action::LookAtLeftover(Some(s)) => {
            let s = suit_symbol(s);
            p(
                format!("voir le talon et entamer à {s}"),
                format!("en voyant le talon (entame à {s})"),
                format!("looking at the leftover and leading {s}"),
            )
        }
        Action::LookAtLeftover(None) => p(
            "laisser le talon".into(),
            "sans voir le talon".into(),
            "not looking at the leftover".into(),
        ),
        Action::ExposeLeftover(true) => p(
            "montrer le talon".into(),
            "en montrant le talon".into(),
            "exposing the leftover".into(),
        ),
        Action::ExposeLeftover(false) => p(
            "laisser le talon caché".into(),
            "en laissant le talon caché".into(),
            "leaving the leftover face down".into(),
        ),
        Action::Declare(None) => p(
            "ne rien annoncer".into(),
            "en n'annonçant rien".into(),
            "declaring nothing".into(),
        ),
        Action::Declare(Some(h)) => {
            let (f, e) = (cards_name(h, true), cards_name(h, false));
            p(
                format!("annoncer {f}"),
                format!("en annonçant {f}"),
                format!("declaring {e}"),
            )
        }
        Action::Answer(Answer::Good) => p(
            "répondre « bon »".into(),
            "en répondant « bon »".into(),
            "answering “good”".into(),
        ),
        Action::Answer(Answer::Equal(_)) => p(
            "répondre « égal »".into(),
            "en répondant « égal »".into(),
            "answering “equal”".into(),
        ),
        Action::Answer(Answer::Better(h)) => {
            let (f, e) = (cards_name(h, true), cards_name(h, false));
            p(
                format!("répondre « mieux » avec {f}"),
                format!("en répondant « mieux » avec {f}"),
                format!("answering “not good” with {e}"),
            )
        }
        Action::Play(c) => {
            let (f, e) = (card_name(c, true), card_name(c, false));
            p(
                format!("jouer {f}"),
                format!("en jouant {f}"),
                format!("playing {e}"),
            )
        }
    }
}

/// The first letter in upper case.
fn capital(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A clause on the card play, read from the seat's view: who takes the
/// trick, which cards are masters.
fn play_clause(obs: &Observation, chosen: Card, best: Card) -> Option<(String, String)> {
    let (bf, be) = (card_name(best, true), card_name(best, false));
    let (cf, ce) = (card_name(chosen, true), card_name(chosen, false));
    match trick_state(obs).led {
        Some(led) => {
            let takes = |c: Card| c.suit() == led.suit() && c.rank() > led.rank();
            match (takes(best), takes(chosen)) {
                (true, false) => Some((
                    format!("{bf} prenait le pli"),
                    format!("{be} took the trick"),
                )),
                (false, true) => Some((
                    "mieux valait laisser le pli".into(),
                    "better to let the trick go".into(),
                )),
                (true, true) if best.suit() == chosen.suit() && best.rank() < chosen.rank() => {
                    Some((
                        format!("{bf} suffisait pour prendre le pli"),
                        format!("{be} was enough to take the trick"),
                    ))
                }
                (false, false) => Some((
                    format!("mieux valait garder {cf}"),
                    format!("better to keep {ce}"),
                )),
                _ => None,
            }
        }
        None => {
            let unseen = opponent_possible(obs);
            let master = |c: Card| {
                unseen
                    .in_suit(c.suit())
                    .into_iter()
                    .all(|o| o.rank() < c.rank())
            };
            match (master(best), master(chosen)) {
                (true, false) => Some((
                    format!("{bf} est maîtresse"),
                    format!("{be} is a master card"),
                )),
                (false, true) => Some((
                    format!("mieux valait garder {cf}, maîtresse"),
                    format!("better to keep {ce}, a master card"),
                )),
                _ => None,
            }
        }
    }
}

/// A clause on the exchange: how many cards, or which ones to keep.
fn exchange_clause(chosen: CardSet, best: CardSet) -> Option<(String, String)> {
    if chosen.len() != best.len() {
        let (b, c) = (best.len(), chosen.len());
        return Some((
            format!("prendre {b} cartes plutôt que {c}"),
            format!("taking {b} cards rather than {c}"),
        ));
    }
    let kept = chosen - best;
    (!kept.is_empty()).then(|| {
        (
            format!("garder {}", cards_name(kept, true)),
            format!("keeping {}", cards_name(kept, false)),
        )
    })
}

/// The reason of a decision review, French then English.
pub(super) fn reason(d: &DecisionReview, _real: &Deal, obs: &Observation) -> (String, String) {
    let chosen = phrase(&d.chosen);
    let value = |a: &Action| d.option(a).and_then(|o| o.expected);
    let Some(ec) = value(&d.chosen).filter(|_| d.worlds > 0) else {
        return match d.kind {
            DecisionKind::Leftover => (
                format!(
                    "{} : un choix d'information, que la revue ne chiffre pas",
                    capital(&chosen.fr)
                ),
                format!(
                    "{}: a choice of information, which the review does not value",
                    capital(&chosen.en)
                ),
            ),
            DecisionKind::Play if d.options.len() <= 1 => (
                format!("{} : seule carte jouable", capital(&chosen.fr)),
                format!("{}: the only legal card", capital(&chosen.en)),
            ),
            _ if d.options.len() <= 1 => (
                format!("{} : seul choix possible", capital(&chosen.fr)),
                format!("{}: the only choice", capital(&chosen.en)),
            ),
            _ => (
                format!(
                    "{} : non chiffré, aucune donne simulée ne convient",
                    capital(&chosen.fr)
                ),
                format!("{}: not valued, no sampled deal fits", capital(&chosen.en)),
            ),
        };
    };
    let open = |a: &Action| d.option(a).and_then(|o| o.open);
    let (mut fr, mut en);
    if d.best == d.chosen || d.loss <= 0.0 {
        fr = format!(
            "{} : le meilleur choix, {} points attendus",
            capital(&chosen.fr),
            points(ec, true)
        );
        en = format!(
            "{}: the best choice, {} points expected",
            capital(&chosen.en),
            points(ec, false)
        );
        // The best of the worse options (equal ones are as good).
        let second = d
            .options
            .iter()
            .filter_map(|o| Some((o.expected?, o)))
            .filter(|&(e, o)| o.action != d.chosen && e < ec - 0.05)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        match second {
            Some((e2, o)) => {
                let p = phrase(&o.action);
                fr.push_str(&format!(", contre {} {}", points(e2, true), p.fr_gerund));
                en.push_str(&format!(", against {} by {}", points(e2, false), p.en));
            }
            None => {
                fr.push_str(", comme tous les autres choix");
                en.push_str(", as good as every other choice");
            }
        }
        if let Some(oc) = open(&d.chosen) {
            fr.push_str(&format!(" ; à cartes ouvertes {}", points(oc, true)));
            en.push_str(&format!("; with all cards seen {}", points(oc, false)));
            // What the cards, once seen, say would have done better.
            let hindsight = d
                .options
                .iter()
                .filter_map(|o| Some((o.open?, o.action)))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .filter(|&(v, _)| v > oc);
            if let Some((v, Action::Play(c))) = hindsight {
                fr.push_str(&format!(
                    ", {} faisait {}",
                    card_name(c, true),
                    points(v, true)
                ));
                en.push_str(&format!(
                    ", {} made {}",
                    card_name(c, false),
                    points(v, false)
                ));
            }
        }
    } else {
        let best = phrase(&d.best);
        let eb = value(&d.best).unwrap_or(ec);
        fr = format!(
            "Mieux valait {} : {} points attendus, contre {} {}",
            best.fr,
            points(eb, true),
            points(ec, true),
            chosen.fr_gerund
        );
        en = format!(
            "{} was better: {} points expected, against {} by {}",
            capital(&best.en),
            points(eb, false),
            points(ec, false),
            chosen.en
        );
        let clause = match (d.chosen, d.best) {
            (Action::Play(c), Action::Play(b)) => play_clause(obs, c, b),
            (Action::Discard(c), Action::Discard(b)) => exchange_clause(c, b),
            _ => None,
        };
        if let Some((cf, ce)) = clause {
            fr.push_str(&format!(" ; {cf}"));
            en.push_str(&format!("; {ce}"));
        }
        if let (Some(ob), Some(oc)) = (open(&d.best), open(&d.chosen)) {
            fr.push_str(&format!(
                " ; à cartes ouvertes {} contre {}",
                points(ob, true),
                points(oc, true)
            ));
            en.push_str(&format!(
                "; with all cards seen {} against {}",
                points(ob, false),
                points(oc, false)
            ));
        }
        if d.loss >= Mark::INACCURACY && d.loss < 2.0 * d.noise {
            fr.push_str(" (écart dans le bruit des donnes simulées)");
            en.push_str(" (a gap within the sampling noise)");
        }
    }
    (fr, en)
}

/// The review of a decision as a record comment: the mark, the loss and
/// the reason.
pub(super) fn annotation(d: &DecisionReview, french: bool) -> String {
    let reason = if french { &d.reason_fr } else { &d.reason_en };
    match (d.mark, french) {
        (Some(m), true) => format!(
            "Revue : {} ({} points) — {reason}",
            m.name_fr(),
            points(-d.loss, true)
        ),
        (Some(m), false) => format!(
            "Review: {} ({} points) — {reason}",
            m.name_en(),
            points(-d.loss, false)
        ),
        (None, true) => format!("Revue : {reason}"),
        (None, false) => format!("Review: {reason}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_cards_in_each_language() {
        assert_eq!(points(4.25, true), "+4,2");
        assert_eq!(points(4.25, false), "+4.2");
        assert_eq!(points(-2.5, true), "\u{2212}2,5");
        assert_eq!(points(-69.0, false), "\u{2212}69");
        assert_eq!(points(0.01, false), "0");
        let kh: Card = "KH".parse().unwrap();
        assert_eq!(card_name(kh, true), "R♥");
        assert_eq!(card_name(kh, false), "K♥");
        let ten: Card = "TS".parse().unwrap();
        assert_eq!(card_name(ten, true), "10♠");
    }

    #[test]
    fn exchange_clauses_say_what_differs() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let (fr, en) = exchange_clause(set("7S 8S 9H"), set("7S 8S 9H 7C 8C")).unwrap();
        assert_eq!(fr, "prendre 5 cartes plutôt que 3");
        assert_eq!(en, "taking 5 cards rather than 3");
        let (fr, en) = exchange_clause(set("7S KH"), set("7S 8C")).unwrap();
        assert_eq!(fr, "garder R♥");
        assert_eq!(cards_name(set("7S AS 9H KS"), true), "A♠ R♠ 7♠ 9♥");
        assert_eq!(en, "keeping K♥");
        assert_eq!(exchange_clause(set("7S"), set("7S")), None);
    }
}
