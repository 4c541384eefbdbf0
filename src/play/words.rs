//! The game's own words, in French and in English: declarations as they are said at the table
//! ("Quarante-six au point", "Quinte au roi", "Trois rois"), the answers ("C'est bon", "Égal",
//! "Mieux"), and one line for every event of the engine, with its article for scores.
//!
//! These sentences are built from numbers and ranks, so they live here rather than as fixed
//! entries of [`crate::i18n::Text`]; every function has its French and English arms side by side.

pub mod problems;

use piquet_engine::combos::Point;
use piquet_engine::rules::{Protocol, Rules};
use piquet_engine::{
    AnswerKind, Card, CardSet, Category, Claim, Deal, DealEnd, Event, Rank, ScoreReason, Seat,
};

use crate::components::card::Face;
use crate::i18n::{Lang, Text};

/// A number from 0 to 99 in words, lower case: "quarante-six", "forty-six".
pub fn number(n: u16, lang: Lang) -> String {
    const FR: [&str; 20] = [
        "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
        "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
        "dix-neuf",
    ];
    const FR_TENS: [&str; 10] = [
        "",
        "",
        "vingt",
        "trente",
        "quarante",
        "cinquante",
        "soixante",
        "soixante",
        "quatre-vingt",
        "quatre-vingt",
    ];
    const EN: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const EN_TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if n >= 100 {
        return n.to_string();
    }
    let (tens, units) = (usize::from(n / 10), usize::from(n % 10));
    match lang {
        Lang::En => match n {
            0..=19 => EN[usize::from(n)].to_string(),
            _ if units == 0 => EN_TENS[tens].to_string(),
            _ => format!("{}-{}", EN_TENS[tens], EN[units]),
        },
        Lang::Fr => match n {
            0..=19 => FR[usize::from(n)].to_string(),
            _ => {
                // Seventy and ninety count on from sixty and eighty: soixante-douze.
                let (tens_word, rest) = if tens == 7 || tens == 9 {
                    (FR_TENS[tens], units + 10)
                } else {
                    (FR_TENS[tens], units)
                };
                match rest {
                    0 if tens == 8 => "quatre-vingts".to_string(),
                    0 => tens_word.to_string(),
                    1 if tens != 8 => format!("{tens_word} et un"),
                    11 if tens == 7 => format!("{tens_word} et onze"),
                    r => format!("{tens_word}-{}", FR[r]),
                }
            }
        },
    }
}

/// The first letter in upper case. The app's sentences begin with an ASCII or a French letter
/// (é → É, à → À, œ → Œ): `char::to_uppercase` would link Unicode's whole case table into the
/// app's wasm (with `to_lowercase`'s, 15 KB gzipped; `tests/wasm_size.rs`).
pub fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let upper = match first {
        // Latin-1's lower-case letters sit 0x20 above their capitals (÷ is no letter).
        'à'..='þ' if first != '÷' => char::from_u32(u32::from(first) - 0x20).unwrap_or(first),
        'œ' => 'Œ',
        _ => first.to_ascii_uppercase(),
    };
    std::iter::once(upper).chain(chars).collect()
}

/// The first letter in lower case, for the claims said in a sentence (« Quinte au roi » →
/// « quinte au roi »): the French letters as in [`capitalised`], the others as ASCII.
pub fn uncapitalised(s: &str) -> String {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let lower = match first {
        'À'..='Þ' if first != '×' => char::from_u32(u32::from(first) + 0x20).unwrap_or(first),
        'Œ' => 'œ',
        _ => first.to_ascii_lowercase(),
    };
    std::iter::once(lower).chain(chars).collect()
}

/// A rank's plural name: "rois", "kings".
fn rank_plural(rank: Rank, lang: Lang) -> &'static str {
    const FR: [&str; 9] = [
        "six", "sept", "huit", "neuf", "dix", "valets", "dames", "rois", "as",
    ];
    const EN: [&str; 9] = [
        "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces",
    ];
    match lang {
        Lang::Fr => FR[usize::from(rank.index())],
        Lang::En => EN[usize::from(rank.index())],
    }
}

/// "au roi", "à l'as", "to the king".
fn to_the(rank: Rank, lang: Lang) -> &'static str {
    match (lang, rank) {
        (Lang::Fr, Rank::Ace) => "à l’as",
        (Lang::Fr, Rank::King) => "au roi",
        (Lang::Fr, Rank::Queen) => "à la dame",
        (Lang::Fr, Rank::Jack) => "au valet",
        (Lang::Fr, Rank::Ten) => "au dix",
        (Lang::Fr, Rank::Nine) => "au neuf",
        (Lang::Fr, Rank::Eight) => "au huit",
        (Lang::Fr, Rank::Seven) => "au sept",
        (Lang::Fr, Rank::Six) => "au six",
        (Lang::En, Rank::Ace) => "to the ace",
        (Lang::En, Rank::King) => "to the king",
        (Lang::En, Rank::Queen) => "to the queen",
        (Lang::En, Rank::Jack) => "to the jack",
        (Lang::En, Rank::Ten) => "to the ten",
        (Lang::En, Rank::Nine) => "to the nine",
        (Lang::En, Rank::Eight) => "to the eight",
        (Lang::En, Rank::Seven) => "to the seven",
        (Lang::En, Rank::Six) => "to the six",
    }
}

/// A sequence's name by its length: "quinte", "quint".
pub fn sequence_name(length: u8, lang: Lang) -> &'static str {
    piquet_engine::combos::sequence_word(length, lang == Lang::Fr)
}

/// What a point counts (aces eleven, faces ten, the others their pips), as the treatises say
/// it after its length: « valant quarante et un », "making forty-one".
pub fn making(count: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("valant {count}"),
        Lang::En => format!("making {count}"),
    }
}

/// What a point claimed by its length alone (the first of Art. 6's two steps) counts, said
/// beside an option as long as another, since it settles their tie: « valant 41 ». `None` for
/// any other claim (a point claimed by its count says it already).
pub fn point_count(
    deal: &Deal,
    category: Category,
    cards: CardSet,
    step: u8,
    lang: Lang,
) -> Option<String> {
    match (deal.claim_of(category, cards, step), Point::of(cards)) {
        (Claim::Point { value: None, .. }, Some(point)) => {
            Some(making(&point.value.to_string(), lang))
        }
        _ => None,
    }
}

/// A declaration as it is said: "Quarante-six au point", "Point de cinq", "Valant
/// quarante-huit", "Quinte au roi", "Une quinte", "Trois rois", "Quatorze de dames".
pub fn claim(category: Category, claim: &Claim, rules: &Rules, lang: Lang) -> String {
    let two_step_point = rules.protocol != Protocol::OneStep;
    match *claim {
        Claim::Nothing => match (category, lang) {
            (Category::Point, Lang::Fr) => "Pas de point".into(),
            (Category::Sequence, Lang::Fr) => "Pas de séquence".into(),
            (Category::Sets, Lang::Fr) => "Rien".into(),
            (Category::Point, Lang::En) => "No point".into(),
            (Category::Sequence, Lang::En) => "No sequence".into(),
            (Category::Sets, Lang::En) => "Nothing".into(),
        },
        Claim::Point { length, value } => match (value, two_step_point, lang) {
            (Some(v), false, Lang::Fr) => format!("{} au point", capitalised(&number(v, lang))),
            (Some(v), false, Lang::En) => format!("A point of {}", number(v, lang)),
            (Some(v), true, Lang::Fr) => format!(
                "Point de {}, {}",
                number(u16::from(length), lang),
                making(&number(v, lang), lang)
            ),
            (Some(v), true, Lang::En) => format!(
                "A point of {}, {}",
                number(u16::from(length), lang),
                making(&number(v, lang), lang)
            ),
            (None, _, Lang::Fr) => format!("Point de {}", number(u16::from(length), lang)),
            (None, _, Lang::En) => format!("A point of {}", number(u16::from(length), lang)),
        },
        Claim::Sequence { length, top } => {
            let name = sequence_name(length, lang);
            match (top, lang) {
                (Some(top), _) => capitalised(&format!("{name} {}", to_the(top, lang))),
                (None, Lang::Fr) => format!("Une {name}"),
                (None, Lang::En) => format!("A {name}"),
            }
        }
        Claim::Set { rank, count } => match (count, lang) {
            (4, Lang::Fr) => {
                let of = if rank == Rank::Ace { "d’" } else { "de " };
                format!("Quatorze {of}{}", rank_plural(rank, lang))
            }
            (4, Lang::En) => format!("Quatorze of {}", rank_plural(rank, lang)),
            (_, Lang::Fr) => format!("Trois {}", rank_plural(rank, lang)),
            (_, Lang::En) => format!("Three {}", rank_plural(rank, lang)),
        },
    }
}

/// An answer as it is said to what was heard: "Égal" to a claim, but "Moi non plus" / "Nor I"
/// to a "nothing" (« Pas de séquence » — « Moi non plus »).
pub fn answer_to(kind: AnswerKind, heard: Option<&Claim>, lang: Lang) -> &'static str {
    match (kind, heard, lang) {
        (AnswerKind::Equal, Some(Claim::Nothing), Lang::Fr) => "Moi non plus",
        (AnswerKind::Equal, Some(Claim::Nothing), Lang::En) => "Nor I",
        _ => answer(kind, lang),
    }
}

/// An answer as it is said: "C'est bon", "Égal", "Mieux".
pub fn answer(kind: AnswerKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (AnswerKind::Good, Lang::Fr) => "C’est bon",
        (AnswerKind::Equal, Lang::Fr) => "Égal",
        (AnswerKind::Better, Lang::Fr) => "Mieux",
        (AnswerKind::Good, Lang::En) => "Good",
        (AnswerKind::Equal, Lang::En) => "Equal",
        (AnswerKind::Better, Lang::En) => "Not good",
    }
}

/// A category's name: "le point", "the point".
pub fn category(category: Category, lang: Lang) -> &'static str {
    match (category, lang) {
        (Category::Point, Lang::Fr) => "le point",
        (Category::Sequence, Lang::Fr) => "les séquences",
        (Category::Sets, Lang::Fr) => "les trois et quatorze",
        (Category::Point, Lang::En) => "the point",
        (Category::Sequence, Lang::En) => "sequences",
        (Category::Sets, Lang::En) => "trios and quatorzes",
    }
}

/// A card's spoken name: "Roi de cœur".
pub fn card(card: Card, lang: Lang) -> String {
    Face::from_index(card.index())
        .map(|f| f.name(lang))
        .unwrap_or_default()
}

/// Several cards' names, joined in the hand's order (by suit, high cards first): "As de
/// pique, Roi de pique".
pub fn cards(set: impl IntoIterator<Item = Card>, lang: Lang) -> String {
    crate::components::hand::display_indices(set)
        .into_iter()
        .filter_map(Card::from_index)
        .map(|c| card(c, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Words joined as a list: « a, b et c », "a, b and c".
pub fn and_list(items: &[String], lang: Lang) -> String {
    let and = match lang {
        Lang::Fr => " et ",
        Lang::En => " and ",
    };
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{and}{last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// A declared holding's cards, said as briefly as a player would: a point or a sequence (one
/// suit) « Roi, dix, neuf, huit et sept de cœur », a set (one rank) « Rois de pique, de cœur et
/// de carreau »; anything else as [`cards`].
pub fn holding(set: CardSet, lang: Lang) -> String {
    let faces: Vec<Face> = crate::components::hand::display_indices(set)
        .into_iter()
        .filter_map(Face::from_index)
        .collect();
    let (Some(first), true) = (faces.first(), faces.len() > 1) else {
        return cards(set, lang);
    };
    let of = match lang {
        Lang::Fr => "de",
        Lang::En => "of",
    };
    if faces.iter().all(|f| f.suit == first.suit) {
        let ranks: Vec<String> = faces
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = f.rank_name(lang, false);
                if i == 0 {
                    name.to_string()
                } else {
                    uncapitalised(name)
                }
            })
            .collect();
        format!("{} {of} {}", and_list(&ranks, lang), first.suit.name(lang))
    } else if faces.iter().all(|f| f.rank == first.rank) {
        let suits: Vec<String> = faces
            .iter()
            .enumerate()
            .map(|(i, f)| match (lang, i) {
                (Lang::Fr, i) if i > 0 => format!("de {}", f.suit.name(lang)),
                _ => f.suit.name(lang).to_string(),
            })
            .collect();
        format!(
            "{} {of} {}",
            first.rank_name(lang, true),
            and_list(&suits, lang)
        )
    } else {
        cards(set, lang)
    }
}

/// An action in words, without its deal's context: « Roi de cœur », « Écarter Sept de pique,
/// Huit de trèfle », « Annoncer As de cœur, Roi de cœur, Dame de cœur », « « Mieux » ».
pub fn action(action: &piquet_engine::Action, lang: Lang) -> String {
    use piquet_engine::{Action, Answer};
    let fr = lang == Lang::Fr;
    let pick = |a: &str, b: &str| if fr { a.to_string() } else { b.to_string() };
    let suit = |s: piquet_engine::Suit| {
        crate::components::card::Suit::ALL[usize::from(s.index())].name(lang)
    };
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
    let what = match lang {
        Lang::Fr => reason.fr(),
        Lang::En => reason.en(),
    };
    format!("+{points} · {what} ({})", reason.article())
}

/// The names of the two seats, from the point of view of the screen's player.
#[derive(Clone, Debug, PartialEq)]
pub struct Names {
    pub a: String,
    pub b: String,
    /// The seat addressed as "you" (« vous »): its sentences take the second person.
    pub you: Option<Seat>,
}

impl Names {
    pub fn of(&self, seat: Seat) -> &str {
        match seat {
            Seat::A => &self.a,
            Seat::B => &self.b,
        }
    }

    /// A sentence whose subject is `seat`: "L'ordinateur donne." but "Vous donnez." — `third`
    /// follows the seat's name, `second` is the whole sentence said to "you".
    pub fn sentence(&self, seat: Seat, third: Text, second: Text, lang: Lang) -> String {
        if self.you == Some(seat) {
            second.get(lang).to_string()
        } else {
            format!("{} {}", self.of(seat), third.get(lang))
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
            let s = crate::components::card::Suit::ALL[usize::from(suit.index())].name(lang);
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

/// "Vous — joue : Roi de cœur": a name, what happened, the detail (any name fits).
fn said(who: &str, what: &str, detail: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{who} — {what} : {detail}"),
        Lang::En => format!("{who} — {what}: {detail}"),
    }
}

/// "Vous : « Mieux »": words said by someone, quoted for the language.
pub fn quote(who: &str, said: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{who} : « {said} »"),
        Lang::En => format!("{who}: “{said}”"),
    }
}

/// "Talon : huit cartes", "Talon: eight cards": a label and its value, typeset for the language.
pub fn labelled(label: &str, value: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("{label} : {value}"),
        Lang::En => format!("{label}: {value}"),
    }
}

/// Words said, between the language's quotation marks: « C'est bon », “Good”.
pub fn quoted(said: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("« {said} »"),
        Lang::En => format!("“{said}”"),
    }
}

/// "trois cartes", "one card".
pub fn plural_cards(n: u8, lang: Lang) -> String {
    let words = number(u16::from(n), lang);
    match (n, lang) {
        (0, Lang::Fr) => "aucune carte".into(),
        (0, Lang::En) => "no cards".into(),
        (1, Lang::Fr) => "une carte".into(),
        (1, Lang::En) => "one card".into(),
        (_, Lang::Fr) => format!("{words} cartes"),
        (_, Lang::En) => format!("{words} cards"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Elder's point options in deals played to the declarations (each exchanging the most he
    /// may): under Moderne (the point in two steps) each option says what it counts, under
    /// Classique (the count is the claim itself) nothing more.
    #[test]
    fn a_point_option_claimed_by_its_length_says_what_it_counts() {
        use crate::play::decision::{Decision, decision};
        use piquet_engine::{Action, Seat};
        for (rules, two_steps) in [(Rules::moderne(), true), (Rules::classique(), false)] {
            let mut options_seen = 0;
            for seed in 0..40 {
                let mut deal = Deal::from_seed(rules, Seat::A, seed).unwrap();
                while let Some(seat) = deal.to_act() {
                    let view = deal.observation(seat);
                    let action = match decision(&view) {
                        Some(Decision::Discard { max, .. }) => {
                            Action::Discard(view.hand.into_iter().take(usize::from(max)).collect())
                        }
                        Some(Decision::Abandon { reply: false }) => Action::ProposeAbandon(false),
                        Some(Decision::LookAtLeftover { .. }) => Action::LookAtLeftover(None),
                        Some(Decision::ExposeLeftover) => Action::ExposeLeftover(false),
                        Some(Decision::Declare {
                            category: Category::Point,
                            options,
                        }) => {
                            for &h in options.iter().flatten() {
                                let count = point_count(&deal, Category::Point, h, 1, Lang::En);
                                let value = Point::of(h).unwrap().value;
                                let said = two_steps.then(|| format!("making {value}"));
                                assert_eq!(count, said, "{h}");
                                options_seen += 1;
                            }
                            break;
                        }
                        _ => break,
                    };
                    deal = deal.apply(seat, action).unwrap().0;
                }
            }
            assert!(options_seen >= 20, "{options_seen} point options seen");
        }
    }

    #[test]
    fn a_holding_is_said_as_briefly_as_a_player_would() {
        for (cards, lang, said) in [
            (
                "7H KH TH 9H 8H",
                Lang::Fr,
                "Roi, dix, neuf, huit et sept de cœur",
            ),
            (
                "7H KH TH 9H 8H",
                Lang::En,
                "King, ten, nine, eight and seven of hearts",
            ),
            ("KS KH KD", Lang::Fr, "Rois de pique, de cœur et de carreau"),
            (
                "AS AH AD AC",
                Lang::En,
                "Aces of spades, hearts, clubs and diamonds",
            ),
            ("TS TH TD", Lang::Fr, "Dix de pique, de cœur et de carreau"),
            // One card, or cards of neither one suit nor one rank: each by its name.
            ("QS", Lang::Fr, "Dame de pique"),
            ("QS JH", Lang::En, "Queen of spades, Jack of hearts"),
        ] {
            assert_eq!(
                holding(cards.parse::<CardSet>().unwrap(), lang),
                said,
                "{cards}"
            );
        }
    }

    #[test]
    fn capitalised_knows_french_letters() {
        for (s, want) in [
            ("à vous", "À vous"),
            ("écart", "Écart"),
            ("œil", "Œil"),
            ("ça", "Ça"),
            ("quinte", "Quinte"),
            ("Roi", "Roi"),
            ("÷", "÷"),
            ("1 carte", "1 carte"),
            ("", ""),
        ] {
            assert_eq!(capitalised(s), want);
        }
        for c in 'à'..='þ' {
            if c != '÷' {
                assert_eq!(capitalised(&c.to_string()), c.to_uppercase().to_string());
            }
        }
    }

    #[test]
    fn sentences_to_you_take_the_second_person() {
        let names = Names {
            a: "Vous".into(),
            b: "L’ordinateur".into(),
            you: Some(Seat::A),
        };
        let deals = |seat, lang| names.sentence(seat, Text::Deals, Text::YouDeal, lang);
        assert_eq!(deals(Seat::A, Lang::Fr), "Vous donnez.");
        assert_eq!(deals(Seat::B, Lang::Fr), "L’ordinateur donne.");
        assert_eq!(deals(Seat::A, Lang::En), "You deal.");
        let wins = |seat| names.sentence(seat, Text::Wins, Text::YouWin, Lang::Fr);
        assert_eq!(wins(Seat::A), "Vous gagnez la partie");
        assert_eq!(wins(Seat::B), "L’ordinateur gagne la partie");
        let players = Names {
            a: "Joueur 1".into(),
            b: "Joueur 2".into(),
            you: None,
        };
        assert_eq!(
            players.sentence(Seat::A, Text::Deals, Text::YouDeal, Lang::Fr),
            "Joueur 1 donne."
        );
    }

    #[test]
    fn numbers_in_words() {
        assert_eq!(number(46, Lang::Fr), "quarante-six");
        assert_eq!(number(41, Lang::Fr), "quarante et un");
        assert_eq!(number(71, Lang::Fr), "soixante et onze");
        assert_eq!(number(72, Lang::Fr), "soixante-douze");
        assert_eq!(number(80, Lang::Fr), "quatre-vingts");
        assert_eq!(number(81, Lang::Fr), "quatre-vingt-un");
        assert_eq!(number(91, Lang::Fr), "quatre-vingt-onze");
        assert_eq!(number(46, Lang::En), "forty-six");
        assert_eq!(number(30, Lang::En), "thirty");
    }

    #[test]
    fn declarations_in_the_game_words() {
        let classic = Rules::classique();
        let rubicon = Rules::rubicon();
        let point = Claim::Point {
            length: 5,
            value: Some(46),
        };
        let length_only = Claim::Point {
            length: 5,
            value: None,
        };
        // Classique says the point by what it counts; Rubicon in two steps, its length, then
        // what it counts, as the treatises do.
        for (said, rules, lang, words) in [
            (&point, &classic, Lang::Fr, "Quarante-six au point"),
            (&point, &classic, Lang::En, "A point of forty-six"),
            (&length_only, &rubicon, Lang::Fr, "Point de cinq"),
            (
                &point,
                &rubicon,
                Lang::Fr,
                "Point de cinq, valant quarante-six",
            ),
            (
                &point,
                &rubicon,
                Lang::En,
                "A point of five, making forty-six",
            ),
        ] {
            assert_eq!(claim(Category::Point, said, rules, lang), words);
        }
        let quinte = Claim::Sequence {
            length: 5,
            top: Some(Rank::King),
        };
        assert_eq!(
            claim(Category::Sequence, &quinte, &classic, Lang::Fr),
            "Quinte au roi"
        );
        assert_eq!(
            claim(Category::Sequence, &quinte, &classic, Lang::En),
            "Quint to the king"
        );
        let kings = Claim::Set {
            rank: Rank::King,
            count: 3,
        };
        assert_eq!(
            claim(Category::Sets, &kings, &classic, Lang::Fr),
            "Trois rois"
        );
        let aces = Claim::Set {
            rank: Rank::Ace,
            count: 4,
        };
        assert_eq!(
            claim(Category::Sets, &aces, &classic, Lang::Fr),
            "Quatorze d’as"
        );
        assert_eq!(answer(AnswerKind::Good, Lang::Fr), "C’est bon");
        assert_eq!(answer(AnswerKind::Better, Lang::En), "Not good");
    }

    #[test]
    fn actions_in_words() {
        use piquet_engine::{Action, Answer, CardSet};
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
    }
}
