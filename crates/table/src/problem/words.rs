//! A verdict's actions and values in words, as the problem's screen and the verdict's reasons
//! say them.

use super::Measure;
use crate::i18n::Lang;
use piquet_engine::Action;

/// An action of a verdict in words; the holding of an answer named too (« Mieux — as, roi,
/// dame… de trèfle »).
pub fn action_words(action: &Action, lang: Lang) -> String {
    let said = piquet_words::events::action(action, lang);
    match action {
        Action::Answer(piquet_engine::Answer::Equal(c) | piquet_engine::Answer::Better(c))
            if !c.is_empty() =>
        {
            format!("{said} — {}", piquet_words::cards::cards(*c, lang))
        }
        _ => said,
    }
}

/// A value as the verdict shows it: a sign, one decimal (« +13,3 », « −2,0 », "+13.3").
pub fn value_words(value: f64, lang: Lang) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    let sign = if rounded < 0.0 { "\u{2212}" } else { "+" };
    let digits = format!("{:.1}", rounded.abs());
    match lang {
        Lang::Fr => format!("{sign}{}", digits.replace('.', ",")),
        Lang::En => format!("{sign}{digits}"),
    }
}

/// A value as the verdict shows it under `measure`: a chance of winning the game in percent
/// (« 62,5 % », "62.5%"), else as [`value_words`] (points, signed).
pub fn measured_words(value: f64, measure: Measure, lang: Lang) -> String {
    if measure != Measure::Game {
        return value_words(value, lang);
    }
    let digits = format!("{:.1}", (value * 10.0).round() / 10.0);
    match lang {
        Lang::Fr => format!("{}\u{202f}%", digits.replace('.', ",")),
        Lang::En => format!("{digits}%"),
    }
}
