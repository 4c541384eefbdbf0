//! Suits, ranks and cards by name, as printed and as said: the corner letters (R, D, V in
//! French), « Roi de cœur », « Rois », « au roi »; several cards in the hand's order, and a
//! declared holding as briefly as a player says it.

use piquet_engine::{Card, CardSet, Rank, Suit};

use crate::Lang;
use crate::text::{and_list, uncapitalised};

/// The suit's name after « de » / "of": « pique », "spades".
pub fn suit(suit: Suit, lang: Lang) -> &'static str {
    match (suit, lang) {
        (Suit::Spades, Lang::Fr) => "pique",
        (Suit::Hearts, Lang::Fr) => "cœur",
        (Suit::Diamonds, Lang::Fr) => "carreau",
        (Suit::Clubs, Lang::Fr) => "trèfle",
        (Suit::Spades, Lang::En) => "spades",
        (Suit::Hearts, Lang::En) => "hearts",
        (Suit::Diamonds, Lang::En) => "diamonds",
        (Suit::Clubs, Lang::En) => "clubs",
    }
}

/// The suit's name as a noun alone, singular: « pique », "spade".
pub fn suit_singular(s: Suit, lang: Lang) -> &'static str {
    match (s, lang) {
        (Suit::Spades, Lang::En) => "spade",
        (Suit::Hearts, Lang::En) => "heart",
        (Suit::Diamonds, Lang::En) => "diamond",
        (Suit::Clubs, Lang::En) => "club",
        (_, Lang::Fr) => suit(s, lang),
    }
}

/// The rank's name, capitalised, one card or several: « Roi », « Rois », « Dix », "Tens".
pub fn rank(rank: Rank, lang: Lang, plural: bool) -> &'static str {
    const FR: [[&str; 2]; 9] = [
        ["Six", "Six"],
        ["Sept", "Sept"],
        ["Huit", "Huit"],
        ["Neuf", "Neuf"],
        ["Dix", "Dix"],
        ["Valet", "Valets"],
        ["Dame", "Dames"],
        ["Roi", "Rois"],
        ["As", "As"],
    ];
    const EN: [[&str; 2]; 9] = [
        ["Six", "Sixes"],
        ["Seven", "Sevens"],
        ["Eight", "Eights"],
        ["Nine", "Nines"],
        ["Ten", "Tens"],
        ["Jack", "Jacks"],
        ["Queen", "Queens"],
        ["King", "Kings"],
        ["Ace", "Aces"],
    ];
    let names = match lang {
        Lang::Fr => &FR,
        Lang::En => &EN,
    };
    names[usize::from(rank.index())][usize::from(plural)]
}

/// A rank's plural name in a sentence: « rois », "kings".
pub fn rank_plural(r: Rank, lang: Lang) -> String {
    uncapitalised(rank(r, lang, true))
}

/// A sequence's head: « au roi », « à l’as », "to the king".
pub fn to_the(rank: Rank, lang: Lang) -> &'static str {
    match (lang, rank) {
        (Lang::Fr, Rank::Ace) => "à l’as",
        (Lang::Fr, Rank::King) => "au roi",
        (Lang::Fr, Rank::Queen) => "à la dame",
        (Lang::Fr, Rank::Jack) => "au valet",
        (Lang::Fr, Rank::Ten) => "au dix",
        (Lang::Fr, Rank::Nine) => "au neuf",
        (Lang::Fr, Rank::Eight) => "au huit",
        (Lang::Fr, Rank::Seven) => "au sept",
        (Lang::Fr, Rank::Six) => "au six",
        (Lang::En, Rank::Ace) => "to the ace",
        (Lang::En, Rank::King) => "to the king",
        (Lang::En, Rank::Queen) => "to the queen",
        (Lang::En, Rank::Jack) => "to the jack",
        (Lang::En, Rank::Ten) => "to the ten",
        (Lang::En, Rank::Nine) => "to the nine",
        (Lang::En, Rank::Eight) => "to the eight",
        (Lang::En, Rank::Seven) => "to the seven",
        (Lang::En, Rank::Six) => "to the six",
    }
}

/// The corner index printed on a card: `10`, `V`/`J`, `D`/`Q`, `R`/`K`, `A` (French decks
/// print R, D, V).
pub fn corner(rank: Rank, lang: Lang) -> &'static str {
    match (rank, lang) {
        (Rank::Six, _) => "6",
        (Rank::Seven, _) => "7",
        (Rank::Eight, _) => "8",
        (Rank::Nine, _) => "9",
        (Rank::Ten, _) => "10",
        (Rank::Jack, Lang::Fr) => "V",
        (Rank::Queen, Lang::Fr) => "D",
        (Rank::King, Lang::Fr) => "R",
        (Rank::Jack, Lang::En) => "J",
        (Rank::Queen, Lang::En) => "Q",
        (Rank::King, Lang::En) => "K",
        (Rank::Ace, _) => "A",
    }
}

/// A card's spoken name: « Roi de cœur », "King of hearts".
pub fn card(card: Card, lang: Lang) -> String {
    let of = match lang {
        Lang::Fr => "de",
        Lang::En => "of",
    };
    format!(
        "{} {of} {}",
        rank(card.rank(), lang, false),
        suit(card.suit(), lang)
    )
}

/// The order suits are laid out in a hand, alternating colours: ♠ ♥ ♣ ♦.
pub const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

/// Cards in the order a hand shows them: by suit (alternating colours, [`SUIT_ORDER`]), high
/// cards first.
pub fn in_hand_order(cards: impl IntoIterator<Item = Card>) -> Vec<Card> {
    let mut v: Vec<Card> = cards.into_iter().collect();
    v.sort_by_key(|c| {
        let suit = SUIT_ORDER.iter().position(|&s| s == c.suit());
        (suit, std::cmp::Reverse(c.rank()))
    });
    v
}

/// Several cards' names, joined in the hand's order: « As de pique, Roi de pique ».
pub fn cards(set: impl IntoIterator<Item = Card>, lang: Lang) -> String {
    in_hand_order(set)
        .into_iter()
        .map(|c| card(c, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A declared holding's cards, said as briefly as a player would: a point or a sequence (one
/// suit) « Roi, dix, neuf, huit et sept de cœur », a set (one rank) « Rois de pique, de cœur et
/// de carreau »; anything else as [`cards`].
pub fn holding(set: CardSet, lang: Lang) -> String {
    let in_order = in_hand_order(set);
    let (Some(first), true) = (in_order.first(), in_order.len() > 1) else {
        return cards(set, lang);
    };
    let of = match lang {
        Lang::Fr => "de",
        Lang::En => "of",
    };
    if in_order.iter().all(|c| c.suit() == first.suit()) {
        let ranks: Vec<String> = in_order
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let name = rank(c.rank(), lang, false);
                if i == 0 {
                    name.to_string()
                } else {
                    uncapitalised(name)
                }
            })
            .collect();
        format!(
            "{} {of} {}",
            and_list(&ranks, lang),
            suit(first.suit(), lang)
        )
    } else if in_order.iter().all(|c| c.rank() == first.rank()) {
        let suits: Vec<String> = in_order
            .iter()
            .enumerate()
            .map(|(i, c)| match (lang, i) {
                (Lang::Fr, i) if i > 0 => format!("de {}", suit(c.suit(), lang)),
                _ => suit(c.suit(), lang).to_string(),
            })
            .collect();
        format!(
            "{} {of} {}",
            rank(first.rank(), lang, true),
            and_list(&suits, lang)
        )
    } else {
        cards(set, lang)
    }
}

/// A rank with its article, in lower case: « le roi », « l’as », « la dame », "the king".
pub fn rank_named(r: Rank, lang: Lang) -> String {
    let lower = uncapitalised(rank(r, lang, false));
    match (lang, r) {
        (Lang::Fr, Rank::Ace) => format!("l’{lower}"),
        (Lang::Fr, Rank::Queen) => format!("la {lower}"),
        (Lang::Fr, _) => format!("le {lower}"),
        (Lang::En, _) => format!("the {lower}"),
    }
}

/// A card with its article, in lower case: « le roi de cœur », « l'as de pique », "the king of
/// hearts".
pub fn card_named(card: Card, lang: Lang) -> String {
    let of = match lang {
        Lang::Fr => "de",
        Lang::En => "of",
    };
    format!(
        "{} {of} {}",
        rank_named(card.rank(), lang),
        suit(card.suit(), lang)
    )
}

/// Cards named suit by suit (♠ ♥ ♦ ♣), high cards first, each suit said once: « l’as, le roi
/// et le sept de pique, le neuf de cœur »; English says the article once for a suit, "the ace,
/// king and seven of spades, the nine of hearts".
pub fn cards_by_suit(set: CardSet, lang: Lang) -> String {
    let of = match lang {
        Lang::Fr => "de",
        Lang::En => "of",
    };
    let mut groups: Vec<String> = Vec::new();
    for s in Suit::ALL {
        let mut ranks: Vec<Rank> = set.in_suit(s).into_iter().map(|c| c.rank()).collect();
        if ranks.is_empty() {
            continue;
        }
        ranks.sort_by_key(|&r| std::cmp::Reverse(r));
        let names: Vec<String> = ranks
            .iter()
            .enumerate()
            .map(|(i, &r)| match (lang, i) {
                (Lang::En, 1..) => uncapitalised(rank(r, lang, false)),
                _ => rank_named(r, lang),
            })
            .collect();
        groups.push(format!("{} {of} {}", and_list(&names, lang), suit(s, lang)));
    }
    groups.join(", ")
}

/// Cards named with their articles: « le sept de pique, le huit de trèfle et le neuf de carreau ».
pub fn cards_named(set: CardSet, lang: Lang) -> String {
    let names: Vec<String> = in_hand_order(set)
        .into_iter()
        .map(|c| card_named(c, lang))
        .collect();
    and_list(&names, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holding_is_said_as_briefly_as_a_player_would() {
        for (cards, lang, said) in [
            (
                "7H KH TH 9H 8H",
                Lang::Fr,
                "Roi, dix, neuf, huit et sept de cœur",
            ),
            (
                "7H KH TH 9H 8H",
                Lang::En,
                "King, ten, nine, eight and seven of hearts",
            ),
            ("KS KH KD", Lang::Fr, "Rois de pique, de cœur et de carreau"),
            (
                "AS AH AD AC",
                Lang::En,
                "Aces of spades, hearts, clubs and diamonds",
            ),
            ("TS TH TD", Lang::Fr, "Dix de pique, de cœur et de carreau"),
            // One card, or cards of neither one suit nor one rank: each by its name.
            ("QS", Lang::Fr, "Dame de pique"),
            ("QS JH", Lang::En, "Queen of spades, Jack of hearts"),
        ] {
            assert_eq!(
                holding(cards.parse::<CardSet>().unwrap(), lang),
                said,
                "{cards}"
            );
        }
    }

    #[test]
    fn every_card_has_its_name_and_corner_in_each_language() {
        let card_of = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(card(card_of("KH"), Lang::Fr), "Roi de cœur");
        assert_eq!(card(card_of("QS"), Lang::En), "Queen of spades");
        assert_eq!(card(card_of("AC"), Lang::Fr), "As de trèfle");
        assert_eq!(corner(Rank::King, Lang::Fr), "R");
        assert_eq!(corner(Rank::Jack, Lang::En), "J");
        assert_eq!(corner(Rank::Ten, Lang::Fr), "10");
        assert_eq!(rank_plural(Rank::Queen, Lang::Fr), "dames");
        assert_eq!(rank_plural(Rank::Six, Lang::En), "sixes");
        for c in CardSet::DECK_36 {
            for lang in Lang::ALL {
                let name = card(c, lang);
                assert!(name.contains(suit(c.suit(), lang)), "{name}");
            }
        }
    }

    #[test]
    fn a_card_takes_its_article() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(card_named(c("AS"), Lang::Fr), "l’as de pique");
        assert_eq!(card_named(c("QH"), Lang::Fr), "la dame de cœur");
        assert_eq!(card_named(c("7C"), Lang::Fr), "le sept de trèfle");
        assert_eq!(card_named(c("KD"), Lang::En), "the king of diamonds");
        assert_eq!(
            cards_named("7S 8C 9D".parse().unwrap(), Lang::Fr),
            "le sept de pique, le huit de trèfle et le neuf de carreau"
        );
    }

    #[test]
    fn cards_by_suit_say_each_suit_once() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        assert_eq!(rank_named(Rank::Ace, Lang::Fr), "l’as");
        assert_eq!(rank_named(Rank::Queen, Lang::Fr), "la dame");
        assert_eq!(rank_named(Rank::Ten, Lang::En), "the ten");
        assert_eq!(
            cards_by_suit(set("7S AS 9H KS"), Lang::Fr),
            "l’as, le roi et le sept de pique, le neuf de cœur"
        );
        assert_eq!(
            cards_by_suit(set("7S AS 9H KS"), Lang::En),
            "the ace, king and seven of spades, the nine of hearts"
        );
        // Diamonds before clubs, as the suits are counted (not as a hand is laid out).
        assert_eq!(
            cards_by_suit(set("7C 8D"), Lang::En),
            "the eight of diamonds, the seven of clubs"
        );
        assert_eq!(cards_by_suit(CardSet::EMPTY, Lang::Fr), "");
    }

    #[test]
    fn a_hand_is_laid_out_by_alternating_suits_high_cards_first() {
        let hand: CardSet = "7D AS 8H KS QC AD".parse().unwrap();
        let names: Vec<String> = in_hand_order(hand).iter().map(Card::to_string).collect();
        assert_eq!(names, ["AS", "KS", "8H", "QC", "AD", "7D"]);
    }
}
