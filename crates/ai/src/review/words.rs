//! The review's reasons in words, French and English: one line per
//! decision, true of the position (the values are the review's, the clauses
//! read from the seat's own view of the deal).

use super::report::{DecisionKind, DecisionReview, Mark};
use crate::view::{opponent_possible, trick_state};
use piquet_engine::{Action, Answer, Card, CardSet, Deal, Observation, Rank, Suit};

/// The suit's name: « pique », "spades".
pub(crate) fn suit_name(s: Suit, french: bool) -> &'static str {
    match (s, french) {
        (Suit::Spades, true) => "pique",
        (Suit::Hearts, true) => "cœur",
        (Suit::Diamonds, true) => "carreau",
        (Suit::Clubs, true) => "trèfle",
        (Suit::Spades, false) => "spades",
        (Suit::Hearts, false) => "hearts",
        (Suit::Diamonds, false) => "diamonds",
        (Suit::Clubs, false) => "clubs",
    }
}

/// A rank with its article: « le roi », « l'as », « la dame », "the king".
pub(crate) fn rank_name(r: Rank, french: bool) -> &'static str {
    match (r, french) {
        (Rank::Ace, true) => "l’as",
        (Rank::King, true) => "le roi",
        (Rank::Queen, true) => "la dame",
        (Rank::Jack, true) => "le valet",
        (Rank::Ten, true) => "le dix",
        (Rank::Nine, true) => "le neuf",
        (Rank::Eight, true) => "le huit",
        (Rank::Seven, true) => "le sept",
        (Rank::Six, true) => "le six",
        (Rank::Ace, false) => "the ace",
        (Rank::King, false) => "the king",
        (Rank::Queen, false) => "the queen",
        (Rank::Jack, false) => "the jack",
        (Rank::Ten, false) => "the ten",
        (Rank::Nine, false) => "the nine",
        (Rank::Eight, false) => "the eight",
        (Rank::Seven, false) => "the seven",
        (Rank::Six, false) => "the six",
    }
}

/// A card as a player names it in a sentence: « le roi de trèfle », "the king of clubs".
pub(crate) fn card_name(c: Card, french: bool) -> String {
    let of = if french { "de" } else { "of" };
    format!(
        "{} {of} {}",
        rank_name(c.rank(), french),
        suit_name(c.suit(), french)
    )
}

/// Words joined as a list: « a, b et c », "a, b and c".
pub(crate) fn listed(items: &[String], french: bool) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!(
            "{} {} {last}",
            rest.join(", "),
            if french { "et" } else { "and" }
        ),
    }
}

/// Cards as a player names them, suit by suit from the highest card: « l'as, le roi et le sept
/// de pique, le neuf de cœur », "the ace, king and seven of spades, the nine of hearts".
pub(crate) fn cards_name(set: CardSet, french: bool) -> String {
    let mut groups: Vec<String> = Vec::new();
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        let mut ranks: Vec<Rank> = set.in_suit(suit).into_iter().map(|c| c.rank()).collect();
        if ranks.is_empty() {
            continue;
        }
        ranks.sort_by_key(|&r| core::cmp::Reverse(r));
        let names: Vec<String> = ranks
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                let n = rank_name(r, french);
                // English says the article once for a whole suit: "the ace, king and seven".
                if !french && i > 0 {
                    n.trim_start_matches("the ").to_string()
                } else {
                    n.to_string()
                }
            })
            .collect();
        let of = if french { "de" } else { "of" };
        groups.push(format!(
            "{} {of} {}",
            listed(&names, french),
            suit_name(suit, french)
        ));
    }
    groups.join(", ")
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
            "proposer d’abandonner le coup".into(),
            "en proposant d’abandonner le coup".into(),
            "proposing to abandon the deal".into(),
        ),
        Action::ProposeAbandon(false) => p(
            "jouer le coup".into(),
            "en jouant le coup".into(),
            "playing the deal".into(),
        ),
        Action::AcceptAbandon(true) => p(
            "accepter l’abandon".into(),
            "en acceptant l’abandon".into(),
            "accepting to abandon".into(),
        ),
        Action::AcceptAbandon(false) => p(
            "refuser l’abandon".into(),
            "en refusant l’abandon".into(),
            "refusing to abandon".into(),
        ),
        Action::LookAtLeftover(Some(s)) => {
            let (f, e) = (suit_name(s, true), suit_name(s, false));
            p(
                format!("voir le talon et entamer à {f}"),
                format!("en voyant le talon (entame à {f})"),
                format!("looking at the leftover and leading {e}"),
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
            "en n’annonçant rien".into(),
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
pub(crate) fn capital(s: &str) -> String {
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
                    format!("{bf} était la carte maîtresse"),
                    format!("{be} was the master card"),
                )),
                (false, true) => Some((
                    format!("mieux valait garder {cf}, carte maîtresse"),
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
                    "{} : un choix d’information, que la revue ne chiffre pas",
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
        // Each value said with its choice: « −9 contre −1 » alone left the reader to work out
        // which was which.
        if let (Some(ob), Some(oc)) = (open(&d.best), open(&d.chosen)) {
            fr.push_str(&format!(
                " ; à cartes ouvertes, {} {} et {} {}",
                points(ob, true),
                best.fr_gerund,
                points(oc, true),
                chosen.fr_gerund
            ));
            en.push_str(&format!(
                "; with all cards seen, {} by {} and {} by {}",
                points(ob, false),
                best.en,
                points(oc, false),
                chosen.en
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
        assert_eq!(card_name(kh, true), "le roi de cœur");
        assert_eq!(card_name(kh, false), "the king of hearts");
        let ace: Card = "AS".parse().unwrap();
        assert_eq!(card_name(ace, true), "l’as de pique");
    }

    #[test]
    fn exchange_clauses_say_what_differs() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let (fr, en) = exchange_clause(set("7S 8S 9H"), set("7S 8S 9H 7C 8C")).unwrap();
        assert_eq!(fr, "prendre 5 cartes plutôt que 3");
        assert_eq!(en, "taking 5 cards rather than 3");
        let (fr, en) = exchange_clause(set("7S KH"), set("7S 8C")).unwrap();
        assert_eq!(fr, "garder le roi de cœur");
        assert_eq!(
            cards_name(set("7S AS 9H KS"), true),
            "l’as, le roi et le sept de pique, le neuf de cœur"
        );
        assert_eq!(
            cards_name(set("7S AS 9H KS"), false),
            "the ace, king and seven of spades, the nine of hearts"
        );
        assert_eq!(en, "keeping the king of hearts");
        assert_eq!(exchange_clause(set("7S"), set("7S")), None);
    }
}
