//! The declarations and answers as they are said at the table: « Quarante-six au point »,
//! « Point de cinq, valant quarante-six », « Quinte au roi », « Trois rois », « Quatorze de
//! dames »; « C’est bon », « Égal », « Mieux », « Moi non plus ».

use piquet_engine::combos::Point;
use piquet_engine::rules::{Protocol, Rules};
use piquet_engine::{AnswerKind, CardSet, Category, Claim, Rank, Suit};

use crate::Lang;
use crate::cards::{rank_plural, suit, to_the};
use crate::text::{capitalised, number};

/// A sequence's name by its length: « tierce », « quatrième », « quinte », "quart", "quint"
/// (from three cards to nine; a longer or shorter one is named as the nearest).
pub fn sequence_name(length: u8, lang: Lang) -> &'static str {
    const FR: [&str; 7] = [
        "tierce",
        "quatrième",
        "quinte",
        "seizième",
        "dix-septième",
        "dix-huitième",
        "dix-neuvième",
    ];
    const EN: [&str; 7] = [
        "tierce",
        "quart",
        "quint",
        "sixième",
        "septième",
        "huitième",
        "neuvième",
    ];
    let i = usize::from(length.clamp(3, 9) - 3);
    match lang {
        Lang::Fr => FR[i],
        Lang::En => EN[i],
    }
}

/// A sequence named in a sentence, with its head and its suit: « la quatrième au roi de cœur »,
/// "the quart to the king of hearts".
pub fn sequence_named(length: u8, top: Rank, of: Suit, lang: Lang) -> String {
    let name = sequence_name(length, lang);
    let head = to_the(top, lang);
    match lang {
        Lang::Fr => format!("la {name} {head} de {}", suit(of, lang)),
        Lang::En => format!("the {name} {head} of {}", suit(of, lang)),
    }
}

/// A trio or a quatorze named in a sentence: « les trois as », « les quatre rois », "the three
/// aces".
pub fn set_named(rank: Rank, count: u8, lang: Lang) -> String {
    let count = number(u16::from(count), lang);
    let the = match lang {
        Lang::Fr => "les",
        Lang::En => "the",
    };
    format!("{the} {count} {}", rank_plural(rank, lang))
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
    rules: &Rules,
    category: Category,
    cards: CardSet,
    step: u8,
    lang: Lang,
) -> Option<String> {
    match (rules.claim_of(category, cards, step), Point::of(cards)) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn holdings_named_in_a_sentence() {
        assert_eq!(
            sequence_named(4, Rank::King, Suit::Hearts, Lang::Fr),
            "la quatrième au roi de cœur"
        );
        assert_eq!(
            sequence_named(5, Rank::Ace, Suit::Spades, Lang::Fr),
            "la quinte à l’as de pique"
        );
        assert_eq!(
            sequence_named(4, Rank::King, Suit::Hearts, Lang::En),
            "the quart to the king of hearts"
        );
        assert_eq!(set_named(Rank::Ace, 3, Lang::Fr), "les trois as");
        assert_eq!(set_named(Rank::King, 4, Lang::Fr), "les quatre rois");
        assert_eq!(set_named(Rank::Ace, 3, Lang::En), "the three aces");
        assert_eq!(set_named(Rank::Ten, 4, Lang::En), "the four tens");
    }
}
