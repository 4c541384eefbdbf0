//! Every action and event of a deal in words, as the table's log and its live announcements
//! say them: « Vous — joue : Roi de cœur », « L’ordinateur : « Quinte au roi » », « +4 · le
//! point (Art. 6) »; the score reasons, each with the article it comes from.

use piquet_engine::rules::Rules;
use piquet_engine::{Action, Answer, AnswerKind, DealEnd, Event, ScoreReason, Seat};

use crate::Lang;
use crate::cards::{card, cards, suit};
use crate::claims::{answer, claim};
use crate::text::{number, plural_cards, quote, quoted, said};

/// An action in words, without its deal's context: « Roi de cœur », « Écarter Sept de pique,
/// Huit de trèfle », « Annoncer As de cœur, Roi de cœur, Dame de cœur », « « Mieux » ».
pub fn action(action: &Action, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    let pick = |a: &str, b: &str| if fr { a.to_string() } else { b.to_string() };
    let suit = |s| suit(s, lang);
    match *action {
        Action::Play(c) => card(c, lang),
        Action::Discard(set) if set.is_empty() => pick("Ne rien écarter", "Discard nothing"),
        Action::Discard(set) => format!("{} {}", pick("Écarter", "Discard"), cards(set, lang)),
        Action::Declare(Some(h)) => format!("{} {}", pick("Annoncer", "Declare"), cards(h, lang)),
        Action::Declare(None) => pick("Ne rien annoncer", "Declare nothing"),
        Action::Answer(Answer::Good) => quoted(answer(AnswerKind::Good, lang), lang),
        Action::Answer(Answer::Equal(_)) => quoted(answer(AnswerKind::Equal, lang), lang),
        Action::Answer(Answer::Better(_)) => quoted(answer(AnswerKind::Better, lang), lang),
        Action::AnnounceCarteBlanche(k) => format!(
            "{} {}",
            pick("Cartes blanches, en prendre", "Carte blanche, taking"),
            number(u16::from(k), lang)
        ),
        Action::DeclareCarteBlanche => pick("Cartes blanches", "Carte blanche"),
        Action::ProposeAbandon(true) => pick("Proposer d’abandonner", "Propose to abandon"),
        Action::ProposeAbandon(false) => pick("Jouer la donne", "Play the deal"),
        Action::AcceptAbandon(true) => pick("Accepter d’abandonner", "Agree to abandon"),
        Action::AcceptAbandon(false) => pick("Refuser d’abandonner", "Refuse to abandon"),
        Action::LookAtLeftover(Some(s)) => format!(
            "{} {}",
            pick("Voir le reste, en entamant à", "See the leftover, leading"),
            suit(s)
        ),
        Action::LookAtLeftover(None) => pick("Ne pas regarder", "Do not look"),
        Action::ExposeLeftover(true) => pick("Retourner le reste", "Turn the leftover up"),
        Action::ExposeLeftover(false) => {
            pick("Laisser le reste caché", "Leave the leftover unseen")
        }
    }
}

/// One scoring act, explained: "+4 : le point (Art. 6)".
pub fn score(points: u16, reason: ScoreReason, lang: Lang) -> String {
    let what = score_reason(reason, lang);
    format!("+{points} · {what} ({})", reason.article())
}

/// Why points were scored, briefly: « le point », « carte marquante jouée en tête », "last
/// trick" (the article it comes from is the engine's [`ScoreReason::article`]).
pub fn score_reason(reason: ScoreReason, lang: Lang) -> &'static str {
    use ScoreReason as R;
    match (lang, reason) {
        (Lang::Fr, R::CarteBlanche) => "cartes blanches",
        (Lang::Fr, R::Point) => "le point",
        (Lang::Fr, R::Sequence) => "séquence",
        (Lang::Fr, R::Set) => "trois ou quatorze",
        (Lang::Fr, R::Repic) => "repic",
        (Lang::Fr, R::LeadScoringCard) => "carte marquante jouée en tête",
        (Lang::Fr, R::Lead) => "carte jouée en tête",
        (Lang::Fr, R::WonWithScoringCard) => "levée faite en second avec une carte marquante",
        (Lang::Fr, R::WonTrick) => "levée faite en second",
        (Lang::Fr, R::TrickWon) => "levée faite",
        (Lang::Fr, R::LastTrick) => "point de dernière",
        (Lang::Fr, R::Pic) => "pic",
        (Lang::Fr, R::Cards) => "le dix des cartes",
        (Lang::Fr, R::Capot) => "capot",
        (Lang::En, R::CarteBlanche) => "carte blanche",
        (Lang::En, R::Point) => "the point",
        (Lang::En, R::Sequence) => "sequence",
        (Lang::En, R::Set) => "trio or quatorze",
        (Lang::En, R::Repic) => "repique",
        (Lang::En, R::LeadScoringCard) => "led a scoring card",
        (Lang::En, R::Lead) => "led a card",
        (Lang::En, R::WonWithScoringCard) => "won second with a scoring card",
        (Lang::En, R::WonTrick) => "won a trick the opponent led",
        (Lang::En, R::TrickWon) => "won a trick",
        (Lang::En, R::LastTrick) => "last trick",
        (Lang::En, R::Pic) => "pique",
        (Lang::En, R::Cards) => "the cards (majority of tricks)",
        (Lang::En, R::Capot) => "capot",
    }
}

/// What scored, by reason and number of acts: « six cartes marquantes menées ».
pub fn scoring(reason: ScoreReason, count: u16, lang: Lang) -> String {
    let n = number(count, lang);
    let fr = lang == Lang::Fr;
    let one = count == 1;
    let text = match reason {
        ScoreReason::CarteBlanche => pick(fr, "cartes blanches", "carte blanche"),
        ScoreReason::Point => pick(fr, "le point", "the point"),
        ScoreReason::Sequence => pick(fr, "une séquence", "a sequence"),
        ScoreReason::Set => pick(fr, "un trois ou un quatorze", "a trio or a quatorze"),
        ScoreReason::Repic => pick(fr, "repic", "repique"),
        ScoreReason::Pic => pick(fr, "pic", "pique"),
        ScoreReason::Capot => pick(fr, "capot", "capot"),
        ScoreReason::LastTrick => pick(fr, "la dernière levée", "the last trick"),
        ScoreReason::Cards => pick(
            fr,
            "les cartes (la majorité des levées)",
            "the cards (most tricks)",
        ),
        ScoreReason::LeadScoringCard if one => {
            pick(fr, "une carte marquante menée", "a scoring card led")
        }
        ScoreReason::LeadScoringCard if fr => return format!("{n} cartes marquantes menées"),
        ScoreReason::LeadScoringCard => return format!("{n} scoring cards led"),
        ScoreReason::Lead if one => pick(fr, "une carte menée", "a card led"),
        ScoreReason::Lead if fr => return format!("{n} cartes menées"),
        ScoreReason::Lead => return format!("{n} cards led"),
        ScoreReason::WonWithScoringCard if one => pick(
            fr,
            "une levée prise en second avec une carte marquante",
            "a trick won second with a scoring card",
        ),
        ScoreReason::WonWithScoringCard if fr => {
            return format!("{n} levées prises en second avec une carte marquante");
        }
        ScoreReason::WonWithScoringCard => {
            return format!("{n} tricks won second with a scoring card");
        }
        ScoreReason::WonTrick if one => pick(fr, "une levée prise en second", "a trick won second"),
        ScoreReason::WonTrick if fr => return format!("{n} levées prises en second"),
        ScoreReason::WonTrick => return format!("{n} tricks won second"),
        ScoreReason::TrickWon if one => pick(fr, "une levée faite", "a trick won"),
        ScoreReason::TrickWon if fr => return format!("{n} levées faites"),
        ScoreReason::TrickWon => return format!("{n} tricks won"),
    };
    text.to_string()
}

fn pick(fr: bool, a: &'static str, b: &'static str) -> &'static str {
    if fr { a } else { b }
}

/// The names of the two seats, from the point of view of the screen's player.
#[derive(Clone, Debug, PartialEq)]
pub struct Names {
    /// Seat A's name (« Vous », « L’ordinateur », a player's name).
    pub a: String,
    /// Seat B's name.
    pub b: String,
    /// The seat addressed as "you" (« vous »): its sentences take the second person.
    pub you: Option<Seat>,
}

impl Names {
    /// The seat's name.
    pub fn of(&self, seat: Seat) -> &str {
        match seat {
            Seat::A => &self.a,
            Seat::B => &self.b,
        }
    }

    /// A sentence whose subject is `seat`: « L’ordinateur donne. » but « Vous donnez. » —
    /// `third` follows the seat's name, `second` is the whole sentence said to "you".
    pub fn sentence(&self, seat: Seat, third: &str, second: &str) -> String {
        if self.you == Some(seat) {
            second.to_string()
        } else {
            format!("{} {third}", self.of(seat))
        }
    }
}

/// One line for the table's log and the live announcements, or `None` for events that are
/// shown otherwise (trick winners are announced with the trick).
pub fn event(e: &Event, names: &Names, rules: &Rules, lang: Lang) -> Option<String> {
    let fr = lang == Lang::Fr;
    Some(match *e {
        Event::CarteBlanche { seat, exchange } => match (exchange, fr) {
            (Some(k), true) => format!(
                "{} : « Cartes blanches », et j’en prendrai {}",
                names.of(seat),
                number(u16::from(k), lang)
            ),
            (Some(k), false) => format!(
                "{}: “Carte blanche”, and I shall take {}",
                names.of(seat),
                number(u16::from(k), lang)
            ),
            (None, true) => format!("{} : « Cartes blanches »", names.of(seat)),
            (None, false) => format!("{}: “Carte blanche”", names.of(seat)),
        },
        Event::Shown { seat, cards: shown } => said(
            names.of(seat),
            if fr { "montre" } else { "shows" },
            &cards(shown, lang),
            lang,
        ),
        Event::Discarded { seat, count } => said(
            names.of(seat),
            if fr { "écart" } else { "discard" },
            &plural_cards(count, lang),
            lang,
        ),
        Event::Drew { seat, count } => said(
            names.of(seat),
            if fr { "prend" } else { "draws" },
            &plural_cards(count, lang),
            lang,
        ),
        Event::Peeked { seat, cards: seen } => said(
            names.of(seat),
            if fr {
                "voit au talon"
            } else {
                "sees in the talon"
            },
            &cards(seen, lang),
            lang,
        ),
        Event::LeadSuitAnnounced { suit } => {
            let s = crate::cards::suit(suit, lang);
            if fr {
                format!("Premier : « J’entamerai à {s} »")
            } else {
                format!("Elder: “I shall lead {s}”")
            }
        }
        Event::LeftoverExposed { cards: shown } => {
            if fr {
                format!("Le reste du talon est retourné : {}", cards(shown, lang))
            } else {
                format!("The rest of the talon is turned up: {}", cards(shown, lang))
            }
        }
        Event::LeftoverHidden => {
            if fr {
                "Le reste du talon reste caché".into()
            } else {
                "The rest of the talon stays face down".into()
            }
        }
        Event::AbandonProposed => {
            if fr {
                "Premier propose d’abandonner la donne".into()
            } else {
                "Elder proposes to abandon the deal".into()
            }
        }
        Event::AbandonAnswered { accepted } => match (accepted, fr) {
            (true, true) => "La donne est abandonnée".into(),
            (false, true) => "La donne continue".into(),
            (true, false) => "The deal is abandoned".into(),
            (false, false) => "The deal goes on".into(),
        },
        Event::Declared {
            seat,
            category: c,
            claim: said,
        } => quote(names.of(seat), &claim(c, &said, rules, lang), lang),
        Event::Answered {
            seat, answer: a, ..
        } => quote(names.of(seat), answer(a, lang), lang),
        Event::Scored {
            seat,
            points,
            reason,
        } => format!("{} — {}", names.of(seat), score(points, reason, lang)),
        Event::Played { seat, card: c } => said(
            names.of(seat),
            if fr { "joue" } else { "plays" },
            &card(c, lang),
            lang,
        ),
        Event::TrickWon { seat, trick } => said(
            names.of(seat),
            if fr { "levée" } else { "trick" },
            &trick.to_string(),
            lang,
        ),
        Event::DealEnded { end } => match (end, fr) {
            (DealEnd::Played, true) => "Fin de la donne".into(),
            (DealEnd::Played, false) => "End of the deal".into(),
            (DealEnd::Stopped { winner }, true) => {
                format!("{} — but atteint : la donne s’arrête", names.of(winner))
            }
            (DealEnd::Stopped { winner }, false) => {
                format!("{} — target reached: the deal stops", names.of(winner))
            }
            (DealEnd::Abandoned, true) => "Donne abandonnée : même donneur".into(),
            (DealEnd::Abandoned, false) => "Deal abandoned: the same dealer deals again".into(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_engine::CardSet;

    #[test]
    fn actions_in_words() {
        let h: CardSet = "AH KH".parse().unwrap();
        assert_eq!(
            action(&Action::Play("KH".parse().unwrap()), Lang::Fr),
            "Roi de cœur"
        );
        assert_eq!(
            action(&Action::Discard(h), Lang::Fr),
            "Écarter As de cœur, Roi de cœur"
        );
        assert_eq!(action(&Action::Declare(None), Lang::En), "Declare nothing");
        assert_eq!(
            action(&Action::Answer(Answer::Better(h)), Lang::Fr),
            "«\u{a0}Mieux\u{a0}»"
        );
    }

    #[test]
    fn scores_cite_their_article() {
        assert_eq!(
            score(4, ScoreReason::Point, Lang::Fr),
            "+4 · le point (Art. 6)"
        );
        assert_eq!(score_reason(ScoreReason::LastTrick, Lang::En), "last trick");
        assert_eq!(score_reason(ScoreReason::Pic, Lang::Fr), "pic");
        assert_eq!(
            scoring(ScoreReason::LeadScoringCard, 6, Lang::Fr),
            "six cartes marquantes menées"
        );
        assert_eq!(scoring(ScoreReason::TrickWon, 1, Lang::En), "a trick won");
    }

    #[test]
    fn sentences_to_you_take_the_second_person() {
        let names = Names {
            a: "Vous".into(),
            b: "L’ordinateur".into(),
            you: Some(Seat::A),
        };
        assert_eq!(
            names.sentence(Seat::A, "donne.", "Vous donnez."),
            "Vous donnez."
        );
        assert_eq!(
            names.sentence(Seat::B, "donne.", "Vous donnez."),
            "L’ordinateur donne."
        );
        let players = Names {
            a: "Joueur 1".into(),
            b: "Joueur 2".into(),
            you: None,
        };
        assert_eq!(
            players.sentence(Seat::A, "donne.", "Vous donnez."),
            "Joueur 1 donne."
        );
    }
}
