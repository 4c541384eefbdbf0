//! The two players, [`Seat::A`] and [`Seat::B`], whoever deals.

use serde::{Deserialize, Serialize};

/// One of the two players, independent of who deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// First player.
    A = 0,
    /// Second player.
    B = 1,
}

impl Seat {
    /// The opponent.
    pub const fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// 0 or 1.
    pub const fn index(self) -> usize {
        self as usize
    }
}
