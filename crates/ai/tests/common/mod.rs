//! Shared test helpers: a seedable generator, card parsing and a brute-force
//! oracle written from the rules text independently of the library's scoring.

#![allow(dead_code)]

use piquet_ai::{Objective, PlayPosition, PlayRules, Player, TrickPoints};
use piquet_engine::{Card, CardSet, Suit};

/// The oracle's own card: the bit index `suit * 9 + rank`, as the engine's
/// [`Card::index`].
type Bit = u8;

/// The oracle's own set of cards: the engine's [`CardSet::bits`].
type Mask = u64;

/// SplitMix64: small, seedable, good enough for test positions.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn shuffled(&mut self, deck: CardSet) -> Vec<Card> {
        let mut cards: Vec<Card> = deck.into_iter().collect();
        for i in (1..cards.len()).rev() {
            cards.swap(i, self.below(i as u64 + 1) as usize);
        }
        cards
    }
}

/// A card from its name: rank `6 7 8 9 10 J Q K A` then suit `S H D C`.
pub fn c(name: &str) -> Card {
    let (rank, suit) = name.split_at(name.len() - 1);
    let rank = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        .iter()
        .position(|&r| r == rank)
        .unwrap_or_else(|| panic!("bad rank in {name}"));
    let suit = ["S", "H", "D", "C"]
        .iter()
        .position(|&s| s == suit)
        .unwrap_or_else(|| panic!("bad suit in {name}"));
    Card::from_index((suit * 9 + rank) as u8).expect("a card of the deck")
}

/// A set of cards from space-separated card names.
pub fn hand(names: &str) -> CardSet {
    names.split_whitespace().map(c).collect()
}

/// Every interesting rule set: the presets and their options flipped, under
/// each objective (the margin, and each player's own points).
pub fn all_rules() -> Vec<PlayRules> {
    let mut out = Vec::new();
    for trick_points in [
        TrickPoints::ScoringCards,
        TrickPoints::AllCards,
        TrickPoints::PerTrickWon,
    ] {
        for last_trick_bonus in [1, 9] {
            for no_last in [false, true] {
                for pic in [false, true] {
                    for objective in [
                        Objective::Margin,
                        Objective::Points(Player::Elder),
                        Objective::Points(Player::Dealer),
                    ] {
                        out.push(PlayRules {
                            trick_points,
                            last_trick_bonus,
                            cards_bonus: 10,
                            capot_bonus: 40,
                            no_last_trick_bonus_with_capot: no_last,
                            pic,
                            objective,
                        });
                    }
                }
            }
        }
    }
    out
}

/// A random valid position with `tricks_left` tricks to play, mid-trick
/// when `mid_trick`, from a 32- or 36-card deck, with counts chosen so that
/// pic is often within reach.
pub fn random_position(rng: &mut Rng, tricks_left: u32, mid_trick: bool) -> PlayPosition {
    let deck = if rng.chance(30) {
        CardSet::DECK_36
    } else {
        CardSet::DECK_32
    };
    let cards = rng.shuffled(deck);
    let n = tricks_left as usize;
    let leader = if rng.chance(50) {
        Player::Elder
    } else {
        Player::Dealer
    };
    let mut hands = [CardSet::EMPTY; 2];
    let to_mask = |cs: &[Card]| cs.iter().copied().collect::<CardSet>();
    let led = if mid_trick {
        hands[leader.index()] = to_mask(&cards[..n - 1]);
        hands[leader.other().index()] = to_mask(&cards[n - 1..2 * n - 1]);
        Some(cards[2 * n - 1])
    } else {
        hands[leader.index()] = to_mask(&cards[..n]);
        hands[leader.other().index()] = to_mask(&cards[n..2 * n]);
        None
    };
    let played = 12 - tricks_left as u8;
    let elder_won = match rng.below(4) {
        0 => 0,
        1 => played,
        _ => rng.below(u64::from(played) + 1) as u8,
    };
    let score = |rng: &mut Rng| match rng.below(6) {
        0 | 1 => 0,
        2 => rng.below(10) as u16 + 1,
        3 | 4 => rng.below(10) as u16 + 20,
        _ => rng.below(40) as u16 + 25,
    };
    let scores = [score(rng), score(rng)];
    PlayPosition {
        hands,
        leader,
        led,
        tricks_won: [elder_won, played - elder_won],
        scores,
        pic_open: rng.chance(85),
        first_lead_suit: None,
    }
}

/// The oracle's state: the position plus the running counts of the deal.
#[derive(Clone, Copy)]
struct Game {
    hands: [Mask; 2],
    leader: usize,
    led: Option<Bit>,
    tricks: [u32; 2],
    count: [i32; 2],
    pic_possible: bool,
    lead_suit: Option<u8>,
}

fn suit(card: Bit) -> u8 {
    card / 9
}

fn scoring(card: Bit) -> bool {
    card % 9 >= 4
}

impl Game {
    /// Adds `points` to `player`'s count and returns the pic bonus it earns:
    /// reaching 30 during the play while the other has scored nothing.
    fn add(&mut self, player: usize, points: i32, rules: &PlayRules) -> i32 {
        let before = self.count[player];
        self.count[player] += points;
        let mut bonus = 0;
        if rules.pic
            && self.pic_possible
            && points > 0
            && before < 30
            && self.count[player] >= 30
            && self.count[1 - player] == 0
        {
            bonus = 30;
            self.pic_possible = false;
        }
        bonus
    }

    fn legal(&self) -> Vec<Bit> {
        let mover = match self.led {
            None => self.leader,
            Some(_) => 1 - self.leader,
        };
        let all: Vec<Bit> = (0..36)
            .filter(|&x| self.hands[mover] & 1u64 << x != 0)
            .collect();
        let wanted = match (self.led, self.lead_suit) {
            (Some(l), _) => Some(suit(l)),
            (None, s) => s,
        };
        match wanted {
            Some(s) if all.iter().any(|&x| suit(x) == s) => {
                all.into_iter().filter(|&x| suit(x) == s).collect()
            }
            _ => all,
        }
    }

    /// Plays `card`; returns the points (elder minus dealer) it earns.
    fn play(&mut self, card: Bit, rules: &PlayRules) -> i32 {
        let mut gained = [0i32; 2];
        match self.led {
            None => {
                let p = self.leader;
                self.hands[p] &= !(1u64 << card);
                self.led = Some(card);
                self.lead_suit = None;
                let lead_point = match rules.trick_points {
                    TrickPoints::ScoringCards => i32::from(scoring(card)),
                    TrickPoints::AllCards => 1,
                    TrickPoints::PerTrickWon => 0,
                };
                gained[p] += lead_point;
                gained[p] += self.add(p, lead_point, rules);
            }
            Some(led) => {
                let second = 1 - self.leader;
                self.hands[second] &= !(1u64 << card);
                self.led = None;
                let second_wins = suit(card) == suit(led) && card > led;
                let winner = if second_wins { second } else { self.leader };
                self.tricks[winner] += 1;
                let mut points = match rules.trick_points {
                    TrickPoints::ScoringCards => i32::from(second_wins && scoring(card)),
                    TrickPoints::AllCards => i32::from(second_wins),
                    TrickPoints::PerTrickWon => 1,
                };
                let over = self.hands[0] == 0 && self.hands[1] == 0;
                let capot = over && self.tricks[1 - winner] == 0;
                if over && !(capot && rules.no_last_trick_bonus_with_capot) {
                    points += i32::from(rules.last_trick_bonus);
                }
                gained[winner] += points;
                gained[winner] += self.add(winner, points, rules);
                if over {
                    let [elder, dealer] = self.tricks;
                    let bonus = |mine: u32, theirs: u32| match (mine, theirs) {
                        (_, 0) => i32::from(rules.capot_bonus),
                        (m, t) if m > t => i32::from(rules.cards_bonus),
                        _ => 0,
                    };
                    gained[0] += bonus(elder, dealer);
                    gained[1] += bonus(dealer, elder);
                }
                self.leader = winner;
            }
        }
        match rules.objective {
            Objective::Margin => gained[0] - gained[1],
            Objective::Points(Player::Elder) => gained[0],
            Objective::Points(Player::Dealer) => -gained[1],
        }
    }
}

fn game_of(pos: &PlayPosition) -> Game {
    Game {
        hands: pos.hands.map(CardSet::bits),
        leader: pos.leader.index(),
        led: pos.led.map(Card::index),
        tricks: [u32::from(pos.tricks_won[0]), u32::from(pos.tricks_won[1])],
        count: [i32::from(pos.scores[0]), i32::from(pos.scores[1])],
        pic_possible: pos.pic_open,
        lead_suit: pos.first_lead_suit.map(Suit::index),
    }
}

fn minimax(game: &Game, rules: &PlayRules) -> i32 {
    let moves = game.legal();
    if moves.is_empty() {
        return 0;
    }
    let elder_moves = match game.led {
        None => game.leader == 0,
        Some(_) => game.leader == 1,
    };
    let values = moves.iter().map(|&card| {
        let mut next = *game;
        let gained = next.play(card, rules);
        gained + minimax(&next, rules)
    });
    if elder_moves {
        values.max()
    } else {
        values.min()
    }
    .expect("a move")
}

/// Brute-force minimax value for elder (no pruning, no table, no collapsing).
pub fn oracle_value(pos: &PlayPosition, rules: &PlayRules) -> i32 {
    minimax(&game_of(pos), rules)
}

/// Brute-force value of each legal card for elder.
pub fn oracle_moves(pos: &PlayPosition, rules: &PlayRules) -> Vec<(Card, i32)> {
    let game = game_of(pos);
    let mut out: Vec<(Card, i32)> = game
        .legal()
        .into_iter()
        .map(|card| {
            let mut next = game;
            let gained = next.play(card, rules);
            let card = Card::from_index(card).expect("a card of the deck");
            (card, gained + minimax(&next, rules))
        })
        .collect();
    out.sort_unstable();
    out
}

/// The card of `card`'s rank in suit `perm[suit]`.
pub fn permute_card(card: Card, perm: [u8; 4]) -> Card {
    Card::new(permute_suit(card.suit(), perm), card.rank())
}

/// Suit `s` moved to `perm[s]`.
pub fn permute_suit(suit: Suit, perm: [u8; 4]) -> Suit {
    Suit::from_index(perm[usize::from(suit.index())])
}

/// A set with every suit `s` moved to `perm[s]`.
pub fn permute_mask(cards: CardSet, perm: [u8; 4]) -> CardSet {
    cards
        .into_iter()
        .map(|card| permute_card(card, perm))
        .collect()
}

/// The position with every suit `s` moved to `perm[s]`.
pub fn permute_position(pos: &PlayPosition, perm: [u8; 4]) -> PlayPosition {
    PlayPosition {
        hands: [
            permute_mask(pos.hands[0], perm),
            permute_mask(pos.hands[1], perm),
        ],
        led: pos.led.map(|card| permute_card(card, perm)),
        first_lead_suit: pos.first_lead_suit.map(|suit| permute_suit(suit, perm)),
        ..*pos
    }
}

/// All 24 orders of the four suits.
pub fn suit_permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 0..4u8 {
        for b in (0..4u8).filter(|&b| b != a) {
            for c in (0..4u8).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}
