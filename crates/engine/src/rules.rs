//! The rule set: every option of RULES.md section 10 as a typed field, and the
//! five named presets. Code asks the fields, never a preset's name.

use core::fmt;
use serde::{Deserialize, Serialize};

/// Deck size (RULES.md 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deck {
    /// 32 cards, A to 7; talon of 8.
    #[serde(rename = "32")]
    Piquet32,
    /// 36 cards, A to 6 (*ancien*); talon of 12.
    #[serde(rename = "36")]
    Piquet36,
}

/// The dealer's minimum exchange (RULES.md 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealerMinimum {
    /// A fixed number (1 classic, 0 Rubicon).
    Fixed(u8),
    /// Whatever elder left of his packet plus one (*150*: 6 − elder's exchange).
    ElderLeftoverPlusOne,
}

/// What happens to talon cards nobody took (RULES.md 3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftoverRule {
    /// The dealer sees them; elder may see them by naming his first lead suit.
    Classic,
    /// The dealer turns them face up for both, or leaves them unseen.
    Rubicon,
}

/// How the point is compared and scored (RULES.md 5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointScoring {
    /// Compared by value; scores the tens rounded half up (Art. 6).
    ValueTens,
    /// Compared by length, then value; scores the length.
    LengthThenValue,
    /// Compared by value; scores the length (*150*).
    ValueComparedLengthScored,
}

/// Which sets and sequences the winner of a category scores (RULES.md 5.2, 5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoredCombos {
    /// The declared one plus every other not better (Art. 7).
    DeclaredAndNotBetter,
    /// The declared one only (*150*).
    DeclaredOnly,
}

/// The declaration protocol (RULES.md 5.1, 5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// One claim, one answer.
    OneStep,
    /// Point in two steps (length, then value); sequences in one.
    TwoStepPoint,
    /// Point and sequences in two steps (length, then value / top card).
    TwoStepPointAndSequence,
}

/// How tricks score (RULES.md 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrickPoints {
    /// 1 for leading a card ten or higher, 1 for winning second with one (Art. 15, 15.1).
    ScoringCards,
    /// 1 for leading, 1 for winning a trick the opponent led, any card.
    AllCards,
    /// 1 per trick won (*150*).
    PerTrickWon,
}

/// Game format (RULES.md 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Games to `target` (Art. 19–20); a match of two games plus a belle if `match_play`.
    Cent {
        /// Points to win a game.
        target: u16,
        /// Play a match (two games, belle if one each).
        match_play: bool,
        /// Target of the belle (the third game).
        belle_target: u16,
    },
    /// A fixed number of deals (Rubicon: 6), two more on a tie.
    Rubicon {
        /// Number of deals (6).
        deals: u8,
    },
}

/// How the first dealer is chosen (RULES.md 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CutRule {
    /// The lower card deals (Art. 3).
    LowerDeals,
    /// The higher card chooses who deals (Rubicon).
    HigherChooses,
}

/// Unknown preset id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules id {} (known: classique, ancien, moderne, rubicon, 150)",
            crate::excerpt::Excerpt::of(&self.0)
        )
    }
}

impl std::error::Error for UnknownRules {}

/// The whole rule set (RULES.md 10). `Copy`, small, embedded in every state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// 32 or 36 cards.
    pub deck: Deck,
    /// Elder's maximum exchange (5; 8 in *ancien*). His minimum is 1 (Art. 4).
    pub elder_max: u8,
    /// Dealer's minimum exchange.
    pub dealer_min: DealerMinimum,
    /// Leftover talon rule.
    pub leftover: LeftoverRule,
    /// A player may look at his own discards during play (Rubicon; Art. 24 forbids it).
    pub own_discards_visible: bool,
    /// Value of carte blanche (Art. 5).
    pub carte_blanche: u8,
    /// Both players may score carte blanche in the same deal (36 cards).
    pub both_carte_blanche: bool,
    /// Point comparison and scoring.
    pub point: PointScoring,
    /// Sequence values by length 3..=9 (index 0 = tierce).
    pub sequence_values: [u8; 7],
    /// Scored sequences and sets.
    pub scored_combos: ScoredCombos,
    /// Declaration protocol.
    pub protocol: Protocol,
    /// Repic (60) and pic (30) are played.
    pub repic_pic: bool,
    /// Trick scoring.
    pub trick_points: TrickPoints,
    /// Extra points for winning the 12th trick, on top of its trick points
    /// (1; *150*: 9, so the last trick is worth 10 in all).
    pub last_trick_bonus: u8,
    /// With a capot, no last-trick bonus ("certaines règles", Art. 17).
    pub capot_no_last_trick: bool,
    /// For the majority of tricks (Art. 16).
    pub cards_bonus: u8,
    /// For all twelve tricks, instead of `cards_bonus` (Art. 17).
    pub capot_bonus: u8,
    /// Game format.
    pub format: Format,
    /// First-dealer cut.
    pub cut: CutRule,
    /// Les Fâcheux: elder may propose to abandon the deal after his exchange.
    pub abandon: bool,
}

/// Classic sequence values: 3 4 15 16 17 18 19.
const SEQ_CLASSIC: [u8; 7] = [3, 4, 15, 16, 17, 18, 19];

impl Default for Rules {
    fn default() -> Rules {
        Rules::classique()
    }
}

impl Rules {
    /// Stable ids of the presets, in display order.
    pub const IDS: [&'static str; 5] = ["classique", "ancien", "moderne", "rubicon", "150"];

    /// *classique* (default): seed 000, Art. 1–26.
    pub const fn classique() -> Rules {
        Rules {
            deck: Deck::Piquet32,
            elder_max: 5,
            dealer_min: DealerMinimum::Fixed(1),
            leftover: LeftoverRule::Classic,
            own_discards_visible: false,
            carte_blanche: 10,
            both_carte_blanche: false,
            point: PointScoring::ValueTens,
            sequence_values: SEQ_CLASSIC,
            scored_combos: ScoredCombos::DeclaredAndNotBetter,
            protocol: Protocol::OneStep,
            repic_pic: true,
            trick_points: TrickPoints::ScoringCards,
            last_trick_bonus: 1,
            capot_no_last_trick: false,
            cards_bonus: 10,
            capot_bonus: 40,
            format: Format::Cent {
                target: 100,
                match_play: true,
                belle_target: 100,
            },
            cut: CutRule::LowerDeals,
            abandon: false,
        }
    }

    /// *ancien*: 36 cards, elder up to 8, both may hold carte blanche.
    pub const fn ancien() -> Rules {
        let mut r = Rules::classique();
        r.deck = Deck::Piquet36;
        r.elder_max = 8;
        r.both_carte_blanche = true;
        r.format = Format::Cent {
            target: 100,
            match_play: false,
            belle_target: 100,
        };
        r
    }

    /// *moderne*: length point in two steps, every card scores in play.
    pub const fn moderne() -> Rules {
        let mut r = Rules::classique();
        r.point = PointScoring::LengthThenValue;
        r.protocol = Protocol::TwoStepPoint;
        r.trick_points = TrickPoints::AllCards;
        r.format = Format::Cent {
            target: 100,
            match_play: false,
            belle_target: 100,
        };
        r
    }

    /// *rubicon*: six deals, dealer may exchange none, leftover exposed or hidden.
    pub const fn rubicon() -> Rules {
        let mut r = Rules::moderne();
        r.dealer_min = DealerMinimum::Fixed(0);
        r.leftover = LeftoverRule::Rubicon;
        r.own_discards_visible = true;
        r.protocol = Protocol::TwoStepPointAndSequence;
        r.format = Format::Rubicon { deals: 6 };
        r.cut = CutRule::HigherChooses;
        r
    }

    /// *150*: seed 002, games to 150, belle to 221, one point per trick.
    pub const fn cent_cinquante() -> Rules {
        let mut r = Rules::classique();
        r.dealer_min = DealerMinimum::ElderLeftoverPlusOne;
        r.point = PointScoring::ValueComparedLengthScored;
        r.sequence_values = [3, 4, 5, 16, 17, 18, 19];
        r.scored_combos = ScoredCombos::DeclaredOnly;
        r.repic_pic = false;
        r.trick_points = TrickPoints::PerTrickWon;
        r.last_trick_bonus = 9;
        r.capot_no_last_trick = true;
        r.format = Format::Cent {
            target: 150,
            match_play: true,
            belle_target: 221,
        };
        r
    }

    /// Every preset with its id.
    pub const ALL: [(&'static str, Rules); 5] = [
        ("classique", Rules::classique()),
        ("ancien", Rules::ancien()),
        ("moderne", Rules::moderne()),
        ("rubicon", Rules::rubicon()),
        ("150", Rules::cent_cinquante()),
    ];

    /// The preset with this stable id.
    pub fn by_id(id: &str) -> Result<Rules, UnknownRules> {
        Rules::ALL
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, r)| *r)
            .ok_or_else(|| UnknownRules(id.to_string()))
    }

    /// The id of the preset equal to this rule set, if any.
    pub fn preset_id(&self) -> Option<&'static str> {
        Rules::ALL.iter().find(|(_, r)| r == self).map(|(i, _)| *i)
    }

    /// Cards in the deck.
    pub const fn deck_cards(&self) -> crate::CardSet {
        match self.deck {
            Deck::Piquet32 => crate::CardSet::DECK_32,
            Deck::Piquet36 => crate::CardSet::DECK_36,
        }
    }

    /// Talon size: 8 or 12.
    pub const fn talon_len(&self) -> u8 {
        match self.deck {
            Deck::Piquet32 => 8,
            Deck::Piquet36 => 12,
        }
    }

    /// Value of a sequence of `len` cards (0 below 3).
    pub fn sequence_value(&self, len: u8) -> u16 {
        if (3..=9).contains(&len) {
            u16::from(self.sequence_values[len as usize - 3])
        } else {
            0
        }
    }

    /// The dealer's minimum exchange when elder took `elder_took` cards.
    pub fn dealer_min_for(&self, elder_took: u8) -> u8 {
        match self.dealer_min {
            DealerMinimum::Fixed(n) => n,
            DealerMinimum::ElderLeftoverPlusOne => self.elder_max.saturating_sub(elder_took) + 1,
        }
    }

    /// The preset these rules differ least from (the first of [`Rules::ALL`] on a tie), and
    /// by how many fields: a record's text form names rules as that preset plus options.
    pub fn nearest_preset(&self) -> (&'static str, Rules, usize) {
        let mine = self.option_map();
        let mut best = ("classique", Rules::classique(), usize::MAX);
        for (id, preset) in Rules::ALL {
            let base = preset.option_map();
            let changed = mine
                .iter()
                .filter(|(k, v)| base.get(*k) != Some(*v))
                .count();
            if changed < best.2 {
                best = (id, preset, changed);
            }
        }
        best
    }

    /// Every option by its name, as JSON (the form in which a record's text form writes the
    /// options that differ from a preset, and its errors list the known ones).
    pub(crate) fn option_map(&self) -> serde_json::Map<String, serde_json::Value> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        }
    }

    /// Checks the options fit together (talon large enough for both minimums).
    pub fn validate(&self) -> Result<(), String> {
        self.check().map_err(|p| p.to_string())
    }

    /// [`Rules::validate`], with the problem typed (so that it can be put in any language).
    pub fn check(&self) -> Result<(), RulesProblem> {
        let talon = self.talon_len();
        if self.elder_max == 0 || self.elder_max > talon {
            return Err(RulesProblem::ElderMax { talon });
        }
        if self.dealer_min_for(self.elder_max) > talon - self.elder_max
            || self.dealer_min_for(1) > talon - 1
        {
            return Err(RulesProblem::DealerMinimum);
        }
        if let Format::Rubicon { deals } = self.format {
            if deals == 0 || deals % 2 == 1 {
                return Err(RulesProblem::RubiconDeals);
            }
        }
        Ok(())
    }
}

/// Why a rule set does not fit together ([`Rules::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum RulesProblem {
    /// Elder's maximum exchange is 0 or more than the talon.
    ElderMax {
        /// The talon's size.
        talon: u8,
    },
    /// The dealer's minimum exchange cannot be met from what elder leaves.
    DealerMinimum,
    /// A Rubicon partie of an odd or zero number of deals.
    RubiconDeals,
}

impl fmt::Display for RulesProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesProblem::ElderMax { talon } => write!(f, "elder_max must be 1..={talon}"),
            RulesProblem::DealerMinimum => {
                write!(f, "the dealer's minimum does not fit in the talon")
            }
            RulesProblem::RubiconDeals => write!(
                f,
                "a Rubicon partie needs an even, positive number of deals"
            ),
        }
    }
}

impl std::error::Error for RulesProblem {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_by_id() {
        for (id, r) in Rules::ALL {
            assert_eq!(Rules::by_id(id).unwrap(), r);
            assert_eq!(r.preset_id(), Some(id));
            r.validate().unwrap();
        }
        assert!(Rules::by_id("piquet").is_err());
        assert_eq!(Rules::default(), Rules::classique());
    }

    #[test]
    fn dealer_minimums() {
        let r = Rules::cent_cinquante();
        assert_eq!(r.dealer_min_for(5), 1);
        assert_eq!(r.dealer_min_for(2), 4);
        assert_eq!(Rules::rubicon().dealer_min_for(3), 0);
        assert_eq!(Rules::classique().dealer_min_for(3), 1);
    }

    #[test]
    fn rules_serde_round_trip() {
        for (_, r) in Rules::ALL {
            let s = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Rules>(&s).unwrap(), r);
        }
    }
}
