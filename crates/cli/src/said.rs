//! The game's events as the terminal says them (in English, with the French of the answers):
//! « A declares a quint to the king », « B scores 4 — the point (Art. 6) ».

use piquet_engine::{AnswerKind, Claim, Event, Seat};
use piquet_words::Lang;

/// A seat by its letter in the record.
pub fn seat_name(s: Seat) -> &'static str {
    match s {
        Seat::A => "A",
        Seat::B => "B",
    }
}

/// One event in words (English), with the article for scores.
pub fn explain(e: &Event) -> String {
    match *e {
        Event::CarteBlanche { seat, exchange } => match exchange {
            Some(k) => format!("{}: carte blanche, will exchange {k}", seat_name(seat)),
            None => format!("{}: carte blanche", seat_name(seat)),
        },
        Event::Shown { seat, cards } => format!("{} shows {cards}", seat_name(seat)),
        Event::Discarded { seat, count } => format!("{} discards {count}", seat_name(seat)),
        Event::Drew { seat, count } => format!("{} draws {count}", seat_name(seat)),
        Event::Peeked { seat, cards } => format!("{} sees talon cards {cards}", seat_name(seat)),
        Event::LeadSuitAnnounced { suit } => {
            format!("elder will lead {suit} and looks at the leftover")
        }
        Event::LeftoverExposed { cards } => format!("leftover turned face up: {cards}"),
        Event::LeftoverHidden => "leftover left face down".into(),
        Event::AbandonProposed => "elder proposes to abandon the deal".into(),
        Event::AbandonAnswered { accepted } => {
            format!("dealer {}", if accepted { "accepts" } else { "refuses" })
        }
        Event::Declared { seat, claim, .. } => {
            format!("{} declares {}", seat_name(seat), claim_words(claim))
        }
        Event::Answered { seat, answer, .. } => {
            format!("{} answers {}", seat_name(seat), answer_words(answer))
        }
        Event::Scored {
            seat,
            points,
            reason,
        } => {
            format!(
                "{} scores {points} — {} ({})",
                seat_name(seat),
                piquet_words::score_reason(reason, Lang::En),
                reason.article()
            )
        }
        Event::Played { seat, card } => format!("{} plays {card}", seat_name(seat)),
        Event::TrickWon { seat, trick } => format!("{} wins trick {trick}", seat_name(seat)),
        Event::DealEnded { end } => format!("end of the deal: {end:?}"),
    }
}

/// An answer as said at the table, in English with the French: "good" (c’est bon).
pub fn answer_words(kind: AnswerKind) -> String {
    let said = |lang| piquet_words::uncapitalised(piquet_words::answer(kind, lang));
    format!("\"{}\" ({})", said(Lang::En), said(Lang::Fr))
}

/// A claim as said at the table.
pub fn claim_words(c: Claim) -> String {
    match c {
        Claim::Nothing => "nothing".into(),
        Claim::Point {
            length,
            value: Some(v),
        } => format!(
            "a point of {length}, {}",
            piquet_words::making(&v.to_string(), Lang::En)
        ),
        Claim::Point {
            length,
            value: None,
        } => format!("a point of {length}"),
        Claim::Sequence { length, top } => {
            let name = piquet_words::sequence_name(length, Lang::En);
            match top {
                Some(t) => format!("a {name} {}", piquet_words::to_the(t, Lang::En)),
                None => format!("a {name}"),
            }
        }
        Claim::Set { rank, count } => {
            let kind = if count == 4 { "quatorze of" } else { "three" };
            format!("{kind} {}", piquet_words::rank_plural(rank, Lang::En))
        }
    }
}
