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
    /// The number of cards still to be played (the work a hit saves).
    #[inline]
    fn size(&self) -> u32 {
        self.meta >> 24
    }

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

/// One slot: a lower and an upper bound on the value (elder's points minus
/// the dealer's, from here to the end of the deal) and the best card found.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: Key,
    lower: i16,
    upper: i16,
    best: u8,
    used: bool,
}

const EMPTY: Entry = Entry {
    key: Key { cards: 0, meta: 0 },
    lower: i16::MIN,
    upper: i16::MAX,
    best: u8::MAX,
    used: false,
};

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    pub lower: i32,
    pub upper: i32,
    /// The best card of the last search of this position, if any.
    pub best: Option<u8>,
}

/// A direct-mapped table of two-slot buckets: the first slot keeps the
/// entry nearest the root (the most work saved), the second always takes the
/// newest.
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^log2_buckets` buckets of two entries (24 bytes each).
    pub fn new(log2_buckets: u32) -> Self {
        let buckets = 1usize << log2_buckets;
        Table {
            slots: vec![EMPTY; 2 * buckets],
            mask: buckets - 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// Memory used by the table, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * core::mem::size_of::<Entry>()
    }

    #[inline]
    fn bucket(&self, key: &Key) -> usize {
        2 * (key.hash() as usize & self.mask)
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: &Key) -> Option<Probe> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.used && e.key == *key)
            .map(|e| Probe {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: (e.best != u8::MAX).then_some(e.best),
            })
    }

    /// Records that the value of `key` lies in `lower..=upper` and that `best`
    /// was the best card found. A new position takes the first slot when it has
    /// at least as many cards left as the one there (more cards, more work
    /// saved), which moves to the second slot; otherwise the second slot.
    #[inline]
    pub fn store(&mut self, key: &Key, lower: i32, upper: i32, best: u8) {
        let b = self.bucket(key);
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let (lower, upper) = (clamp(lower), clamp(upper));
        let slot = if let Some(i) =
            (b..b + 2).find(|&i| self.slots[i].used && self.slots[i].key == *key)
        {
            // Same position: tighten what is known (bounds from different
            // windows are all true, so both can be kept).
            let e = &mut self.slots[i];
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            if e.lower > e.upper {
                // Cannot happen with sound bounds; keep the newest.
                e.lower = lower;
                e.upper = upper;
            }
            e.best = best;
            return;
        } else if !self.slots[b].used || key.size() >= self.slots[b].key.size() {
            b
        } else {
            b + 1
        };
        if slot == b && self.slots[b].used {
            // Demote the previous first-slot entry to the always-replace slot.
            self.slots[b + 1] = self.slots[b];
        }
        self.slots[slot] = Entry {
            key: *key,
            lower,
            upper,
            best,
            used: true,
        };
    }
}
