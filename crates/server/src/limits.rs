//! Limits against abuse: a token bucket per connection (messages per second), a window per
//! address (rooms created per hour), the ids drawn from the system's randomness, and the seat
//! tokens' hashes (the database keeps a token's SHA-256, never the token).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub fn new(rate: u32, burst: u32) -> Bucket {
        Bucket {
            rate: f64::from(rate),
            burst: f64::from(burst.max(1)),
            tokens: f64::from(burst.max(1)),
            at: Instant::now(),
        }
    }

    /// Takes a token at `now`: whether one was there.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// At most `max` events per address in any `window`.
#[derive(Debug)]
pub struct PerAddress {
    max: usize,
    window: Duration,
    seen: HashMap<IpAddr, VecDeque<Instant>>,
}

impl PerAddress {
    pub fn new(max: u32, window: Duration) -> PerAddress {
        PerAddress {
            max: max as usize,
            window,
            seen: HashMap::new(),
        }
    }

    /// Counts one event of `addr` at `now`, if it is within the limit.
    pub fn allow(&mut self, addr: IpAddr, now: Instant) -> bool {
        let window = self.window;
        // Forget addresses whose events are all old, now and then.
        if self.seen.len() > 10_000 {
            self.seen
                .retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < window));
        }
        let q = self.seen.entry(addr).or_default();
        while q.front().is_some_and(|t| now.duration_since(*t) >= window) {
            q.pop_front();
        }
        if q.len() >= self.max {
            return false;
        }
        q.push_back(now);
        true
    }
}

/// 128 random bits from the system, as 32 hex digits: a room id or a seat token.
pub fn random_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A game's seed, from the system's randomness.
pub fn random_seed() -> Result<u64, getrandom::Error> {
    getrandom::u64()
}

/// The SHA-256 of a seat token, in 64 lowercase hex digits: what the server keeps instead of
/// the token. A token is 128 random bits, so a plain hash is enough (nothing to guess from a
/// dictionary); whoever reads the database cannot take a seat with what it holds.
pub fn token_hash(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether two token hashes are the same, compared in constant time (the time taken says
/// nothing of how much of them agree).
pub fn same_hash(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// Whether `id` has the form of a room id or token (32 lowercase hex digits).
pub fn is_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::new(10, 20);
        assert_eq!((0..25).filter(|_| b.take(t0)).count(), 20);
        assert!(!b.take(t0));
        assert!(b.take(t0 + Duration::from_millis(100)));
        assert!(!b.take(t0 + Duration::from_millis(100)));
        assert_eq!(
            (0..30)
                .filter(|_| b.take(t0 + Duration::from_secs(60)))
                .count(),
            20
        );
    }

    #[test]
    fn addresses_are_limited_within_the_window() {
        let t0 = Instant::now();
        let mut p = PerAddress::new(2, Duration::from_secs(3600));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(p.allow(a, t0) && p.allow(a, t0));
        assert!(!p.allow(a, t0 + Duration::from_secs(10)));
        assert!(p.allow(b, t0));
        assert!(p.allow(a, t0 + Duration::from_secs(3601)));
    }

    #[test]
    fn ids_are_128_random_bits() {
        let a = random_id().unwrap();
        let b = random_id().unwrap();
        assert!(is_id(&a) && is_id(&b) && a != b);
        assert!(!is_id("../etc/passwd") && !is_id(&a.to_uppercase()));
    }

    #[test]
    fn a_token_is_kept_as_its_sha256() {
        // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let token = random_id().unwrap();
        let hash = token_hash(&token);
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains(&token));
        assert!(same_hash(&hash, &token_hash(&token)));
        assert!(!same_hash(&hash, &token_hash(&random_id().unwrap())));
        assert!(!same_hash(&hash, &hash[..63]));
        assert!(!same_hash(&hash, ""));
    }
}
