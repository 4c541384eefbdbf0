//! The transposition table: bounds on the value of positions at the start of
//! a trick, keyed exactly (no hash collision can give a wrong value).

/// The exact identity of a position at the start of a trick, as far as the
/// rest of the deal is concerned (built by the solver): the live cards by
/// relative rank and who holds them, and a word of the rest of the state
/// whose bits 24 and up count the live cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Key {
    pub cards: u64,
    pub meta: u32,
}

impl Key {
    /// A well-mixed 64-bit hash of the key (for the table index).
    #[inline]
    fn hash(&self) -> u64 {
        let mut h = self.cards.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= u64::from(self.meta)
            .wrapping_mul(0x1656_67B1_9E37_79F9)
            .rotate_left(47);
        h ^= h >> 31;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ (h >> 32)
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    pub lower: i32,
    pub upper: i32,
    /// The best card of the last search of this position, if any.
    pub best: Option<u8>,
}

/// Entries per bucket.
const WAYS: usize = 3;

/// One bucket: three entries laid out by field in one 64-byte cache line, so
/// that a probe costs at most one cache miss. An entry is its key (`cards`,
/// `meta`; `meta` is never 0 for a stored key, it counts the live cards), a
/// lower and an upper bound on the value (elder's points minus the dealer's,
/// from here to the end of the deal) and the best card found.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Bucket {
    cards: [u64; WAYS],
    meta: [u32; WAYS],
    lower: [i16; WAYS],
    upper: [i16; WAYS],
    best: [u8; WAYS],
}

const EMPTY: Bucket = Bucket {
    cards: [0; WAYS],
    meta: [0; WAYS],
    lower: [i16::MIN; WAYS],
    upper: [i16::MAX; WAYS],
    best: [u8::MAX; WAYS],
};

/// A hash table of three-way buckets. A new position replaces the entry with
/// the fewest cards left (the least work saved), so it always gets in.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    /// A table of `2^log2_buckets` buckets of three entries (64 bytes).
    pub fn new(log2_buckets: u32) -> Self {
        let buckets = 1usize << log2_buckets;
        Table {
            buckets: vec![EMPTY; buckets],
            mask: buckets - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(EMPTY);
    }

    /// Memory used by the table, in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    #[inline]
    fn bucket(&self, key: &Key) -> usize {
        key.hash() as usize & self.mask
    }

    #[inline]
    fn find(bucket: &Bucket, key: &Key) -> Option<usize> {
        (0..WAYS).find(|&w| bucket.meta[w] == key.meta && bucket.cards[w] == key.cards)
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: &Key) -> Option<Probe> {
        let bucket = &self.buckets[self.bucket(key)];
        Self::find(bucket, key).map(|w| Probe {
            lower: i32::from(bucket.lower[w]),
            upper: i32::from(bucket.upper[w]),
            best: (bucket.best[w] != u8::MAX).then_some(bucket.best[w]),
        })
    }

    /// Records that the value of `key` lies in `lower..=upper` and that `best`
    /// was the best card found.
    #[inline]
    pub fn store(&mut self, key: &Key, lower: i32, upper: i32, best: u8) {
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let (lower, upper) = (clamp(lower), clamp(upper));
        if let Some(w) = Self::find(bucket, key) {
            // Same position: tighten what is known (bounds from different
            // windows are all true, so both can be kept).
            let (lo, hi) = (bucket.lower[w].max(lower), bucket.upper[w].min(upper));
            if lo <= hi {
                bucket.lower[w] = lo;
                bucket.upper[w] = hi;
            } else {
                // Cannot happen with sound bounds; keep the newest.
                bucket.lower[w] = lower;
                bucket.upper[w] = upper;
            }
            bucket.best[w] = best;
            return;
        }
        let size = |meta: u32| meta >> 24;
        let w = (0..WAYS).min_by_key(|&w| size(bucket.meta[w])).unwrap_or(0);
        bucket.cards[w] = key.cards;
        bucket.meta[w] = key.meta;
        bucket.lower[w] = lower;
        bucket.upper[w] = upper;
        bucket.best[w] = best;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(cards: u64, size: u32) -> Key {
        Key {
            cards,
            meta: size << 24 | 1,
        }
    }

    #[test]
    fn bounds_are_kept_and_tightened() {
        let mut table = Table::new(0);
        let k = key(7, 10);
        assert!(table.probe(&k).is_none());
        table.store(&k, 3, 10_000, 5);
        let p = table.probe(&k).expect("stored");
        assert_eq!((p.lower, p.upper, p.best), (3, 10_000, Some(5)));
        table.store(&k, -10_000, 8, 6);
        let p = table.probe(&k).expect("stored");
        assert_eq!(
            (p.lower, p.upper, p.best),
            (3, 8, Some(6)),
            "both bounds kept"
        );
        table.clear();
        assert!(table.probe(&k).is_none());
    }

    #[test]
    fn a_full_bucket_drops_the_entry_with_the_fewest_cards() {
        // One bucket: every key collides.
        let mut table = Table::new(0);
        for (cards, size) in [(1, 20), (2, 8), (3, 14)] {
            table.store(&key(cards, size), 0, 0, 0);
        }
        table.store(&key(4, 6), 1, 1, 0);
        assert!(table.probe(&key(2, 8)).is_none(), "8 cards: the least work");
        for (cards, size) in [(1, 20), (3, 14), (4, 6)] {
            assert!(table.probe(&key(cards, size)).is_some());
        }
        assert_eq!(core::mem::size_of::<Bucket>(), 64);
    }
}
