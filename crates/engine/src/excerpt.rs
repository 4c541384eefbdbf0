//! Quoting someone's input in an error: a short [`Excerpt`] that says how much was cut, and
//! numbers with their digits grouped.

use core::fmt;
use serde::{Deserialize, Serialize};

/// The most characters of someone's input an error quotes ([`Excerpt`]).
pub const EXCERPT_CHARS: usize = 160;

/// A piece of someone's input quoted in an error: its first [`EXCERPT_CHARS`] characters at
/// most, control characters replaced by U+FFFD, and the length of the whole, so that an error
/// about a 500 KB paste stays one short line and says how much was left out.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Excerpt {
    /// The characters quoted.
    pub text: String,
    /// How many characters the whole input had.
    pub chars: usize,
}

impl Excerpt {
    /// The excerpt of `input`.
    pub fn of(input: &str) -> Excerpt {
        Excerpt::of_at_most(input, EXCERPT_CHARS)
    }

    /// The excerpt of `input` in `max` characters at most (a file name beside an error that
    /// quotes the file's own contents).
    pub fn of_at_most(input: &str, max: usize) -> Excerpt {
        let mut text = String::new();
        let mut chars = 0;
        for c in input.chars() {
            if chars < max {
                text.push(if c.is_control() { '\u{fffd}' } else { c });
            }
            chars += 1;
        }
        Excerpt { text, chars }
    }

    /// Whether characters were left out.
    pub fn is_cut(&self) -> bool {
        self.chars > self.text.chars().count()
    }
}

/// `"AS"`, or `"abc…" (500,133 characters, cut)`.
impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_cut() {
            write!(
                f,
                "\"{}…\" ({} characters, cut)",
                self.text,
                grouped(self.chars, ',')
            )
        } else {
            write!(f, "\"{}\"", self.text)
        }
    }
}

/// `n` with its digits in groups of three: `500,133` (`sep` = `,`).
pub fn grouped(n: usize, sep: char) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// A message from another parser (serde's), cut to [`EXCERPT_CHARS`] characters the same way:
/// it may quote the input.
pub fn clip_message(message: &str) -> String {
    let e = Excerpt::of(message);
    if e.is_cut() {
        format!("{}… ({} characters, cut)", e.text, grouped(e.chars, ','))
    } else {
        e.text
    }
}

#[cfg(test)]
mod excerpt_tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_say_what_was_cut() {
        assert_eq!(Excerpt::of("AS").to_string(), "\"AS\"");
        let long = "x".repeat(500_133);
        let e = Excerpt::of(&long);
        assert_eq!(e.chars, 500_133);
        assert_eq!(e.text.chars().count(), EXCERPT_CHARS);
        assert!(e.is_cut());
        let shown = e.to_string();
        assert!(shown.len() < EXCERPT_CHARS + 40, "{shown}");
        assert!(shown.ends_with("(500,133 characters, cut)"), "{shown}");
        assert_eq!(grouped(0, ','), "0");
        assert_eq!(grouped(999, ','), "999");
        assert_eq!(grouped(1000, ','), "1,000");
        assert_eq!(grouped(294_967_301, ' '), "294 967 301");
        assert_eq!(Excerpt::of("a\nb\u{0}").text, "a\u{fffd}b\u{fffd}");
        // Multi-byte characters are counted as characters, never split.
        let hearts = "♥".repeat(EXCERPT_CHARS + 1);
        assert_eq!(Excerpt::of(&hearts).text, "♥".repeat(EXCERPT_CHARS));
        assert!(clip_message(&long).len() < EXCERPT_CHARS + 40);
        assert_eq!(clip_message("short"), "short");
    }
}
