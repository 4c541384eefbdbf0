//! The two players of the play, elder and the dealer, and the points each
//! scores.

/// One of the two players (RULES.md section 0). Elder leads to the first
/// trick; the dealer plays second to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// *Premier en cartes*, the dealer's opponent.
    Elder = 0,
    /// *Donneur*, the younger hand.
    Dealer = 1,
}

impl Player {
    /// Both players, elder first.
    pub const BOTH: [Player; 2] = [Player::Elder, Player::Dealer];

    /// `0` for elder, `1` for the dealer: the index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::Elder => Player::Dealer,
            Player::Dealer => Player::Elder,
        }
    }
}

/// The points each player scores by one card, indexed by [`Player::index`].
pub type Points = [u16; 2];

/// Differential value of `points` for `perspective`: his points minus the
/// opponent's.
#[inline]
pub const fn margin(points: Points, perspective: Player) -> i32 {
    let p = perspective.index();
    points[p] as i32 - points[1 - p] as i32
}
