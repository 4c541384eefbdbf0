//! The rules of the play of the cards that the solver needs (RULES.md
//! sections 7, 8 and 10): how tricks score, the last trick, the cards,
//! capot and pic.

use crate::player::{Player, Points, margin};
use piquet_engine::rules::TrickPoints;

/// The rules of the play of the cards, as plain data.
///
/// Build one from a preset ([`PlayRules::classique`], [`PlayRules::moderne`],
/// …) or field by field: every field is an option of the rule set
/// (RULES.md section 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// How tricks score (RULES.md section 7, Art. 15, 15.1), the engine's
    /// scheme. With [`TrickPoints::ScoringCards`] the leader scores 1 for
    /// leading a card ten or higher, the second player 1 for winning the
    /// trick with one; the leader never scores for winning his own lead ("at
    /// most one point per trick", Art. 15). With [`TrickPoints::AllCards`]
    /// ("toutes les cartes sont désormais marquantes") any card scores so;
    /// with [`TrickPoints::PerTrickWon`] (*150*) each trick won scores 1,
    /// whoever led it.
    pub trick_points: TrickPoints,
    /// Points for winning the last (12th) trick, on top of what that trick
    /// scores under [`PlayRules::trick_points`] (Art. 15: "1 point
    /// supplémentaire", even with a non-scoring card, Art. 15.1). 1 in every
    /// preset but *150*, where the last trick is worth 10 instead of 1: 1 for
    /// the trick and 9 here. Counts toward pic (Art. 18).
    pub last_trick_bonus: u8,
    /// Points for the majority of the tricks, 7 to 11 (Art. 16, "le 10 des
    /// cartes"); nobody scores them at 6–6. Never counts toward pic (Art. 18).
    pub cards_bonus: u8,
    /// Points for all 12 tricks, instead of [`PlayRules::cards_bonus`]
    /// (Art. 17, "le 40 de capot"). Never counts toward pic (Art. 18).
    pub capot_bonus: u8,
    /// "Certaines règles" (RULES.md section 8): with a capot, the last trick
    /// earns no [`PlayRules::last_trick_bonus`]. In *150* that makes the 12th
    /// trick count 1 like the others (12 + 40); elsewhere it removes the +1.
    pub no_last_trick_bonus_with_capot: bool,
    /// Pic (Art. 18, RULES.md section 7): a player who reaches 30 in the deal
    /// during the play, while the other has scored nothing at all in the deal,
    /// counts 30 more. Only declarations and trick points (the last trick
    /// included) count toward it; never the cards or the capot. Who can make
    /// it follows from the scores: see [`crate::PlayPosition::pic_open`].
    pub pic: bool,
    /// What the search maximizes ([`Objective::Margin`] in every preset).
    pub objective: Objective,
}

/// What the solver's value measures, from elder's side: the maximizing player
/// is elder, the minimizing one the dealer.
///
/// [`Objective::Margin`] is the game's own measure of a deal. The
/// [`Objective::Points`] of one player is the adversarial count of what that
/// player can make sure of: with `Points(Elder)` elder maximizes his own
/// points while the dealer keeps them down; with `Points(Dealer)` the value
/// is minus the dealer's points, which the dealer pushes up and elder keeps
/// down. That is what a player who must reach (or deny) a target asks: "can
/// I make sure of `k` more points whatever he does?"
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Objective {
    /// Elder's points minus the dealer's.
    #[default]
    Margin,
    /// Only this player's points (negated for the dealer).
    Points(Player),
}

/// The pic bonus: 30 → 60 (Art. 18).
pub const PIC_BONUS: i32 = 30;

/// The count a player must reach during the play for pic (Art. 18).
pub const PIC_THRESHOLD: u16 = 30;

impl PlayRules {
    /// *Classique* (the default preset): scoring cards only, last trick +1,
    /// cards 10, capot 40, pic.
    pub const fn classique() -> Self {
        PlayRules {
            trick_points: TrickPoints::ScoringCards,
            last_trick_bonus: 1,
            cards_bonus: 10,
            capot_bonus: 40,
            no_last_trick_bonus_with_capot: false,
            pic: true,
            objective: Objective::Margin,
        }
    }

    /// *Ancien*: the play is scored as in *classique* (the sixes of the
    /// 36-card deck are non-scoring cards, RULES.md 11.8).
    pub const fn ancien() -> Self {
        Self::classique()
    }

    /// *Moderne*: every card scores; the "no last-trick bonus with a capot"
    /// option exists and is off.
    pub const fn moderne() -> Self {
        PlayRules {
            trick_points: TrickPoints::AllCards,
            ..Self::classique()
        }
    }

    /// *Rubicon*: every card scores.
    pub const fn rubicon() -> Self {
        Self::moderne()
    }

    /// *150*: 1 per trick won, the last trick 10 (1 + 9), an ordinary 1 with a
    /// capot (12 + 40), no pic (RULES.md 11.7).
    pub const fn cent_cinquante() -> Self {
        PlayRules {
            trick_points: TrickPoints::PerTrickWon,
            last_trick_bonus: 9,
            cards_bonus: 10,
            capot_bonus: 40,
            no_last_trick_bonus_with_capot: true,
            pic: false,
            objective: Objective::Margin,
        }
    }

    /// The value, from elder's side, of `points` scored by one card under
    /// [`PlayRules::objective`].
    #[inline]
    pub(crate) const fn gain(&self, points: Points) -> i32 {
        match self.objective {
            Objective::Margin => margin(points, Player::Elder),
            Objective::Points(Player::Elder) => points[0] as i32,
            Objective::Points(Player::Dealer) => -(points[1] as i32),
        }
    }

    /// The same rules with another objective.
    pub const fn with_objective(self, objective: Objective) -> Self {
        PlayRules { objective, ..self }
    }

    /// Points the leader scores when he leads `card` (Art. 15, 15.1).
    #[inline]
    pub(crate) const fn lead_points(&self, card: crate::cards::Bit) -> u16 {
        match self.trick_points {
            TrickPoints::ScoringCards => crate::cards::is_scoring(card) as u16,
            TrickPoints::AllCards => 1,
            TrickPoints::PerTrickWon => 0,
        }
    }

    /// Points the winner of a trick scores for winning it (the last-trick
    /// bonus aside): `winning_card` is the card that took the trick and
    /// `second_won` whether the second player took it (Art. 15, 15.1).
    #[inline]
    pub(crate) const fn win_points(
        &self,
        winning_card: crate::cards::Bit,
        second_won: bool,
    ) -> u16 {
        match self.trick_points {
            TrickPoints::ScoringCards => {
                (second_won && crate::cards::is_scoring(winning_card)) as u16
            }
            TrickPoints::AllCards => second_won as u16,
            TrickPoints::PerTrickWon => 1,
        }
    }
}

impl core::hash::Hash for PlayRules {
    /// Field by field, the trick-point scheme by its variant (the engine's
    /// [`TrickPoints`] derives no `Hash`).
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        core::mem::discriminant(&self.trick_points).hash(state);
        self.last_trick_bonus.hash(state);
        self.cards_bonus.hash(state);
        self.capot_bonus.hash(state);
        self.no_last_trick_bonus_with_capot.hash(state);
        self.pic.hash(state);
        self.objective.hash(state);
    }
}

impl Default for PlayRules {
    /// The *classique* preset.
    fn default() -> Self {
        Self::classique()
    }
}
