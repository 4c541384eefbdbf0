//! Numbers in words and the typography of each language: capitals, quotation marks, the space
//! before a French colon, lists joined with « et » / "and".

use crate::Lang;

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

/// "Vous — joue : Roi de cœur": a name, what happened, the detail (any name fits).
pub fn said(who: &str, what: &str, detail: &str, lang: Lang) -> String {
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
}
