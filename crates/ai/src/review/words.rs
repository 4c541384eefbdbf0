//! The review's reasons in words, French and English: one line per
//! decision, true of the position (the values are the review's, the clauses
//! read from the seat's own view of the deal). The names of cards and suits are
//! piquet-words'.

use super::report::{DecisionKind, DecisionReview, Mark};
use crate::view::{opponent_possible, trick_state};
use piquet_engine::{Action, Answer, Card, CardSet, Deal, Observation};
use piquet_words::Lang::{En, Fr};
use piquet_words::{ByLang, Lang, capitalised, card_named, cards_by_suit, suit};

/// A value of the deal's margin: `+4,5` / `+4.5`, `−2,0`, `0`.
pub(super) fn points(x: f64, lang: Lang) -> String {
    if x.abs() < 0.05 {
        return "0".into();
    }
    let s = if x.fract() == 0.0 {
        format!("{x:+}")
    } else {
        format!("{x:+.1}")
    }
    .replace('-', "\u{2212}");
    match lang {
        Fr => s.replace('.', ","),
        En => s,
    }
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
        // Taking no card, as a player says it (not « écarter  », with nothing named).
        Action::Discard(d) if d.is_empty() => p(
            "ne rien écarter".into(),
            "en n’écartant rien".into(),
            "keeping all twelve".into(),
        ),
        Action::Discard(d) => {
            let (f, e) = (cards_by_suit(d, Fr), cards_by_suit(d, En));
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
            let (f, e) = (suit(s, Fr), suit(s, En));
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
            let (f, e) = (cards_by_suit(h, Fr), cards_by_suit(h, En));
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
            let (f, e) = (cards_by_suit(h, Fr), cards_by_suit(h, En));
            p(
                format!("répondre « mieux » avec {f}"),
                format!("en répondant « mieux » avec {f}"),
                format!("answering “not good” with {e}"),
            )
        }
        Action::Play(c) => {
            let (f, e) = (card_named(c, Fr), card_named(c, En));
            p(
                format!("jouer {f}"),
                format!("en jouant {f}"),
                format!("playing {e}"),
            )
        }
    }
}

/// A clause on the card play, read from the seat's view: who takes the
/// trick, which cards are masters.
fn play_clause(obs: &Observation, chosen: Card, best: Card) -> Option<ByLang<String>> {
    let (bf, be) = (card_named(best, Fr), card_named(best, En));
    let (cf, ce) = (card_named(chosen, Fr), card_named(chosen, En));
    match trick_state(obs).led {
        Some(led) => {
            let takes = |c: Card| c.suit() == led.suit() && c.rank() > led.rank();
            match (takes(best), takes(chosen)) {
                (true, false) => Some(ByLang::new(
                    format!("{bf} prenait le pli"),
                    format!("{be} took the trick"),
                )),
                (false, true) => Some(ByLang::new(
                    "mieux valait laisser le pli".into(),
                    "better to let the trick go".into(),
                )),
                (true, true) if best.suit() == chosen.suit() && best.rank() < chosen.rank() => {
                    Some(ByLang::new(
                        format!("{bf} suffisait pour prendre le pli"),
                        format!("{be} was enough to take the trick"),
                    ))
                }
                (false, false) => Some(ByLang::new(
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
                (true, false) => Some(ByLang::new(
                    format!("{bf} était la carte maîtresse"),
                    format!("{be} was the master card"),
                )),
                (false, true) => Some(ByLang::new(
                    format!("mieux valait garder {cf}, carte maîtresse"),
                    format!("better to keep {ce}, a master card"),
                )),
                _ => None,
            }
        }
    }
}

/// A clause on the exchange: how many cards, or which ones to keep.
fn exchange_clause(chosen: CardSet, best: CardSet) -> Option<ByLang<String>> {
    if chosen.len() != best.len() {
        let (b, c) = (best.len(), chosen.len());
        let s = |n: usize| if n > 1 { "s" } else { "" };
        return Some(match (b, c) {
            (0, c) => ByLang::new(
                format!("ne rien prendre plutôt que {c} carte{}", s(c)),
                format!("taking none rather than {c} card{}", s(c)),
            ),
            (b, 0) => ByLang::new(
                format!("prendre {b} carte{} plutôt qu’aucune", s(b)),
                format!("taking {b} card{} rather than none", s(b)),
            ),
            (b, c) => ByLang::new(
                format!("prendre {b} carte{} plutôt que {c}", s(b)),
                format!("taking {b} card{} rather than {c}", s(b)),
            ),
        });
    }
    let kept = chosen - best;
    (!kept.is_empty()).then(|| {
        ByLang::new(
            format!("garder {}", cards_by_suit(kept, Fr)),
            format!("keeping {}", cards_by_suit(kept, En)),
        )
    })
}

/// The reason of a decision review, French then English.
pub(super) fn reason(d: &DecisionReview, _real: &Deal, obs: &Observation) -> ByLang<String> {
    let chosen = phrase(&d.chosen);
    let value = |a: &Action| d.option(a).and_then(|o| o.expected);
    let Some(ec) = value(&d.chosen).filter(|_| d.worlds > 0) else {
        return match d.kind {
            DecisionKind::Leftover => ByLang::new(
                format!(
                    "{} : un choix d’information, que la revue ne chiffre pas",
                    capitalised(&chosen.fr)
                ),
                format!(
                    "{}: a choice of information, which the review does not value",
                    capitalised(&chosen.en)
                ),
            ),
            DecisionKind::Play if d.options.len() <= 1 => ByLang::new(
                format!("{} : seule carte jouable", capitalised(&chosen.fr)),
                format!("{}: the only legal card", capitalised(&chosen.en)),
            ),
            _ if d.options.len() <= 1 => ByLang::new(
                format!("{} : seul choix possible", capitalised(&chosen.fr)),
                format!("{}: the only choice", capitalised(&chosen.en)),
            ),
            _ => ByLang::new(
                format!(
                    "{} : non chiffré, aucune donne simulée ne convient",
                    capitalised(&chosen.fr)
                ),
                format!(
                    "{}: not valued, no sampled deal fits",
                    capitalised(&chosen.en)
                ),
            ),
        };
    };
    let open = |a: &Action| d.option(a).and_then(|o| o.open);
    let (mut fr, mut en);
    if d.best == d.chosen || d.loss <= 0.0 {
        fr = format!(
            "{} : le meilleur choix, {} points attendus",
            capitalised(&chosen.fr),
            points(ec, Fr)
        );
        en = format!(
            "{}: the best choice, {} points expected",
            capitalised(&chosen.en),
            points(ec, En)
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
                fr.push_str(&format!(", contre {} {}", points(e2, Fr), p.fr_gerund));
                en.push_str(&format!(", against {} by {}", points(e2, En), p.en));
            }
            None => {
                fr.push_str(", comme tous les autres choix");
                en.push_str(", as good as every other choice");
            }
        }
        if let Some(oc) = open(&d.chosen) {
            fr.push_str(&format!(" ; à cartes ouvertes {}", points(oc, Fr)));
            en.push_str(&format!("; with all cards seen {}", points(oc, En)));
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
                    card_named(c, Fr),
                    points(v, Fr)
                ));
                en.push_str(&format!(", {} made {}", card_named(c, En), points(v, En)));
            }
        }
    } else {
        let best = phrase(&d.best);
        let eb = value(&d.best).unwrap_or(ec);
        fr = format!(
            "Mieux valait {} : {} points attendus, contre {} {}",
            best.fr,
            points(eb, Fr),
            points(ec, Fr),
            chosen.fr_gerund
        );
        en = format!(
            "{} was better: {} points expected, against {} by {}",
            capitalised(&best.en),
            points(eb, En),
            points(ec, En),
            chosen.en
        );
        let clause = match (d.chosen, d.best) {
            (Action::Play(c), Action::Play(b)) => play_clause(obs, c, b),
            (Action::Discard(c), Action::Discard(b)) => exchange_clause(c, b),
            _ => None,
        };
        if let Some(ByLang { fr: cf, en: ce }) = clause {
            fr.push_str(&format!(" ; {cf}"));
            en.push_str(&format!("; {ce}"));
        }
        // Each value said with its choice: « −9 contre −1 » alone left the reader to work out
        // which was which.
        if let (Some(ob), Some(oc)) = (open(&d.best), open(&d.chosen)) {
            fr.push_str(&format!(
                " ; à cartes ouvertes, {} {} et {} {}",
                points(ob, Fr),
                best.fr_gerund,
                points(oc, Fr),
                chosen.fr_gerund
            ));
            en.push_str(&format!(
                "; with all cards seen, {} by {} and {} by {}",
                points(ob, En),
                best.en,
                points(oc, En),
                chosen.en
            ));
        }
        if d.loss >= Mark::INACCURACY && d.loss < 2.0 * d.noise {
            fr.push_str(" (écart dans le bruit des donnes simulées)");
            en.push_str(" (a gap within the sampling noise)");
        }
    }
    ByLang { fr, en }
}

/// The review of a decision as a record comment: the mark, the loss and
/// the reason.
pub(super) fn annotation(d: &DecisionReview, lang: Lang) -> String {
    let reason = d.reason.get(lang);
    let loss = points(-d.loss, lang);
    match (d.mark, lang) {
        (Some(m), Fr) => format!("Revue : {} ({loss} points) — {reason}", m.name(Fr)),
        (Some(m), En) => format!("Review: {} ({loss} points) — {reason}", m.name(En)),
        (None, Fr) => format!("Revue : {reason}"),
        (None, En) => format!("Review: {reason}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_cards_in_each_language() {
        assert_eq!(points(4.25, Fr), "+4,2");
        assert_eq!(points(4.25, En), "+4.2");
        assert_eq!(points(-2.5, Fr), "\u{2212}2,5");
        assert_eq!(points(-69.0, En), "\u{2212}69");
        assert_eq!(points(0.01, En), "0");
        let kh: Card = "KH".parse().unwrap();
        assert_eq!(card_named(kh, Fr), "le roi de cœur");
        assert_eq!(card_named(kh, En), "the king of hearts");
        let ace: Card = "AS".parse().unwrap();
        assert_eq!(card_named(ace, Fr), "l’as de pique");
    }

    #[test]
    fn exchange_clauses_say_what_differs() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let ByLang { fr, en } = exchange_clause(set("7S 8S 9H"), set("7S 8S 9H 7C 8C")).unwrap();
        assert_eq!(fr, "prendre 5 cartes plutôt que 3");
        assert_eq!(en, "taking 5 cards rather than 3");
        let ByLang { fr, en } = exchange_clause(set("7S KH"), set("7S 8C")).unwrap();
        assert_eq!(fr, "garder le roi de cœur");
        assert_eq!(
            cards_by_suit(set("7S AS 9H KS"), Fr),
            "l’as, le roi et le sept de pique, le neuf de cœur"
        );
        assert_eq!(
            cards_by_suit(set("7S AS 9H KS"), En),
            "the ace, king and seven of spades, the nine of hearts"
        );
        assert_eq!(en, "keeping the king of hearts");
        assert_eq!(exchange_clause(set("7S"), set("7S")), None);
        // Taking none, said in words, not « prendre 0 cartes » nor « écarter  ».
        let ByLang { fr, en } = exchange_clause(set("7S 8S 9H"), CardSet::EMPTY).unwrap();
        assert_eq!(fr, "ne rien prendre plutôt que 3 cartes");
        assert_eq!(en, "taking none rather than 3 cards");
        let ByLang { fr, en } = exchange_clause(CardSet::EMPTY, set("7S")).unwrap();
        assert_eq!(fr, "prendre 1 carte plutôt qu’aucune");
        assert_eq!(en, "taking 1 card rather than none");
        let none = phrase(&Action::Discard(CardSet::EMPTY));
        assert_eq!(none.fr, "ne rien écarter");
        assert_eq!(none.fr_gerund, "en n’écartant rien");
        assert_eq!(capitalised(&none.en), "Keeping all twelve");
    }
}
