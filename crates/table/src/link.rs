//! A record in a URL fragment: `#record=` followed by the record's text form
//! (docs/record-format.md) encoded as base64url (RFC 4648 §5, no padding).
//!
//! The fragment never leaves the browser (it is not sent to the server), so a link carrying a
//! record works from the service worker's cache, offline. Decoding accepts padding, and also a
//! fragment whose value is the record itself, percent-encoded (text or JSON form), so that a
//! hand-written link works too. Pure: no browser API.

use piquet_engine::{Record, RecordError};

/// The fragment parameter that carries a record.
pub const KEY: &str = "record";

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a fragment's record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FragmentError {
    /// A character outside base64url, at this 0-based position of the value.
    BadCharacter { position: usize, found: char },
    /// The value's length cannot be base64 (one character too many).
    BadLength(usize),
    /// The decoded bytes are not UTF-8 text.
    NotText,
    /// The text is not a valid record.
    Record(RecordError),
}

impl std::fmt::Display for FragmentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FragmentError::BadCharacter { position, found } => write!(
                f,
                "the link’s record is not base64url: {found:?} at character {}",
                position + 1
            ),
            FragmentError::BadLength(n) => write!(
                f,
                "the link’s record is cut short ({n} characters cannot be base64url)"
            ),
            FragmentError::NotText => write!(f, "the link’s record does not decode to text"),
            FragmentError::Record(why) => write!(f, "the link’s record is not valid: {why}"),
        }
    }
}

impl std::error::Error for FragmentError {}

/// base64url without padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            let six = (n >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[six as usize]));
        }
    }
    out
}

/// Decodes base64url (or standard base64: `+` and `/` are accepted too), with or without `=`
/// padding; blanks are ignored (a link broken over lines by a mail program still reads).
pub fn base64url_decode(s: &str) -> Result<Vec<u8>, FragmentError> {
    let mut sixes = Vec::with_capacity(s.len());
    let mut padding = false;
    for (position, c) in s.chars().enumerate() {
        let v = match c {
            'A'..='Z' => c as u8 - b'A',
            'a'..='z' => c as u8 - b'a' + 26,
            '0'..='9' => c as u8 - b'0' + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            '=' => {
                padding = true;
                continue;
            }
            c if c.is_whitespace() => continue,
            found => return Err(FragmentError::BadCharacter { position, found }),
        };
        if padding {
            return Err(FragmentError::BadCharacter { position, found: c });
        }
        sixes.push(v);
    }
    if sixes.len() % 4 == 1 {
        return Err(FragmentError::BadLength(sixes.len()));
    }
    let mut out = Vec::with_capacity(sixes.len() * 3 / 4);
    for chunk in sixes.chunks(4) {
        let mut n = 0u32;
        for (i, &v) in chunk.iter().enumerate() {
            n |= u32::from(v) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    Ok(out)
}

/// The fragment value of a record: its text form in base64url.
pub fn encode(record: &Record) -> String {
    base64url_encode(record.to_text().as_bytes())
}

/// The whole fragment, `#record=…`.
pub fn fragment(record: &Record) -> String {
    format!("#{KEY}={}", encode(record))
}

/// Percent-decoding of a URL component (`%E2%99%A0`, `+` left alone).
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The value of `record=` in a fragment (`#a=1&record=…`), if there is one. The leading `#`
/// is optional.
pub fn record_value(hash: &str) -> Option<&str> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.split('&')
        .find_map(|part| part.strip_prefix(KEY)?.strip_prefix('='))
}

/// Decodes a fragment value: base64url of a record (either form), or the record itself,
/// percent-encoded.
pub fn decode(value: &str) -> Result<Record, FragmentError> {
    let text = match base64url_decode(value) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| FragmentError::NotText)?,
        Err(e) => {
            // A record written into the link as it is: `#record=%7B%22format…` or text form.
            match percent_decode(value) {
                Some(t) if t.trim_start().starts_with(['{', '[', '%']) => t,
                _ => return Err(e),
            }
        }
    };
    Record::parse(&text).map_err(FragmentError::Record)
}

/// The record of a fragment: `None` when it carries none.
pub fn from_hash(hash: &str) -> Option<Result<Record, FragmentError>> {
    record_value(hash).map(decode)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FACHEUX: &str = include_str!("../../../records/les-facheux.txt");
    const HOFFMANN: &str = include_str!("../../../records/hoffmann-1909.json");

    #[test]
    fn base64url_round_trips_every_length() {
        let data: Vec<u8> = (0..=255u8).collect();
        for n in 0..data.len() {
            let enc = base64url_encode(&data[..n]);
            assert!(!enc.contains(['+', '/', '=']));
            assert_eq!(base64url_decode(&enc).unwrap(), &data[..n], "length {n}");
        }
        // Known vector (RFC 4648): "foobar".
        assert_eq!(base64url_encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url_encode(b"fo"), "Zm8");
        assert_eq!(base64url_decode("Zm8=").unwrap(), b"fo");
    }

    #[test]
    fn records_round_trip_through_the_fragment() {
        for text in [FACHEUX, HOFFMANN] {
            let record = Record::parse(text).unwrap();
            let hash = fragment(&record);
            assert!(hash.starts_with("#record="));
            assert!(
                hash.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"#=-_".contains(&b))
            );
            let back = from_hash(&hash).unwrap().unwrap();
            assert_eq!(back, record);
            // Among other parameters, and without the '#'.
            let other = format!("lang=en&{}&x=1", &hash[1..]);
            assert_eq!(from_hash(&other).unwrap().unwrap(), record);
        }
    }

    #[test]
    fn a_record_written_into_the_link_reads_too() {
        let json = r#"{"format":"piquet-record","version":2,"rules":"classique","cut":{"draws":[["9S","QD"]]},"deals":[]}"#;
        let encoded: String = json
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    char::from(b).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        let r = decode(&encoded).unwrap();
        assert_eq!(r.deals.len(), 0);
    }

    #[test]
    fn bad_fragments_are_named() {
        assert_eq!(from_hash("#lang=fr"), None);
        assert!(matches!(
            decode("abc$def"),
            Err(FragmentError::BadCharacter {
                position: 3,
                found: '$'
            })
        ));
        assert!(matches!(decode("abcde"), Err(FragmentError::BadLength(5))));
        assert!(matches!(decode("_w"), Err(FragmentError::NotText)));
        let not_a_record = base64url_encode(b"hello");
        match decode(&not_a_record) {
            Err(FragmentError::Record(why)) => assert!(!why.to_string().is_empty()),
            other => panic!("{other:?}"),
        }
        // A record cut short by a mail program names the problem, it does not panic.
        let record = Record::parse(FACHEUX).unwrap();
        let enc = encode(&record);
        for cut in [1, 10, enc.len() / 2] {
            assert!(decode(&enc[..cut]).is_err());
        }
        for cut in 0..enc.len() {
            let _ = decode(&enc[..cut]);
        }
        assert!(
            FragmentError::BadLength(5)
                .to_string()
                .contains("cut short")
        );
    }
}
