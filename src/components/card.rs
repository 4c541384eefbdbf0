//! Playing cards drawn as SVG by our own code: frame, corner indices, pips and court panels.
//!
//! A card is named by its bit index in the engine's encoding (`suit * 9 + rank`, suits ♠ ♥ ♦ ♣,
//! ranks 6 … A), so the table can draw any card the engine hands it. French indices are R D V,
//! English K Q J (the face of a card follows the interface language, as printed decks do).

use yew::prelude::*;

use crate::i18n::Lang;
use crate::settings::DeckStyle;

/// One of the four suits, in the engine's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The pip outline in a 20-unit box centred on the origin.
    fn path(self) -> &'static str {
        match self {
            Suit::Spades => {
                "M0 -10C4 -5 10 -2 10 3C10 6.5 7.5 8 5 8C3 8 1.6 7 .8 5.8C1 8 1.8 9.4 3.2 10H-3.2\
                 C-1.8 9.4 -1 8 -.8 5.8C-1.6 7 -3 8 -5 8C-7.5 8 -10 6.5 -10 3C-10 -2 -4 -5 0 -10Z"
            }
            Suit::Hearts => {
                "M0 9C-6 4 -10 .5 -10 -4C-10 -7.8 -7.2 -10 -4.6 -10C-2.6 -10 -1 -9 0 -7C1 -9 2.6 \
                 -10 4.6 -10C7.2 -10 10 -7.8 10 -4C10 .5 6 4 0 9Z"
            }
            Suit::Diamonds => "M0 -10L7.6 0L0 10L-7.6 0Z",
            Suit::Clubs => {
                "M0 -9.6A4.3 4.3 0 0 1 3.4 -2.6A4.3 4.3 0 1 1 1.2 4.4L3 10H-3L-1.2 4.4A4.3 4.3 0 1 \
                 1 -3.4 -2.6A4.3 4.3 0 0 1 0 -9.6Z"
            }
        }
    }

    fn css(self, deck: DeckStyle) -> &'static str {
        match (self, deck) {
            (Suit::Spades, _) | (Suit::Clubs, DeckStyle::Classic) => "ink-black",
            (Suit::Hearts, _) | (Suit::Diamonds, DeckStyle::Classic) => "ink-red",
            (Suit::Diamonds, DeckStyle::FourColour) => "ink-blue",
            (Suit::Clubs, DeckStyle::FourColour) => "ink-green",
        }
    }

    /// The suit's name after "de"/"of": "pique", "spades".
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
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
}

/// A card face: suit and rank (0 = six … 8 = ace), as in the engine's bit index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face {
    pub suit: Suit,
    pub rank: u8,
}

impl Face {
    /// The face of the card with this engine index (`suit * 9 + rank`), if it is one.
    pub fn from_index(index: u8) -> Option<Face> {
        let suit = *Suit::ALL.get(usize::from(index / 9))?;
        Some(Face {
            suit,
            rank: index % 9,
        })
    }

    /// The corner index: `10`, `V`/`J`, `D`/`Q`, `R`/`K`, `A`.
    pub fn index_label(self, lang: Lang) -> &'static str {
        const NUMBERS: [&str; 5] = ["6", "7", "8", "9", "10"];
        match (self.rank, lang) {
            (r @ 0..=4, _) => NUMBERS[usize::from(r)],
            (5, Lang::Fr) => "V",
            (6, Lang::Fr) => "D",
            (7, Lang::Fr) => "R",
            (5, Lang::En) => "J",
            (6, Lang::En) => "Q",
            (7, Lang::En) => "K",
            _ => "A",
        }
    }

    /// The card's spoken name: "Roi de cœur", "King of hearts".
    pub fn name(self, lang: Lang) -> String {
        match lang {
            Lang::Fr => format!(
                "{} de {}",
                self.rank_name(lang, false),
                self.suit.name(lang)
            ),
            Lang::En => format!(
                "{} of {}",
                self.rank_name(lang, false),
                self.suit.name(lang)
            ),
        }
    }

    /// The rank's name, capitalised, one card or several: "Roi", "Rois", "Dix", "Tens".
    pub fn rank_name(self, lang: Lang, plural: bool) -> &'static str {
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
        names[usize::from(self.rank.min(8))][usize::from(plural)]
    }

    fn is_court(self) -> bool {
        (5..=7).contains(&self.rank)
    }

    /// Pip centres for the number cards and the ace, on a 100 × 140 card.
    fn pips(self) -> &'static [(f32, f32)] {
        const L: f32 = 32.0;
        const R: f32 = 68.0;
        match self.rank {
            0 => &[
                (L, 34.0),
                (R, 34.0),
                (L, 70.0),
                (R, 70.0),
                (L, 106.0),
                (R, 106.0),
            ],
            1 => &[
                (L, 34.0),
                (R, 34.0),
                (50.0, 52.0),
                (L, 70.0),
                (R, 70.0),
                (L, 106.0),
                (R, 106.0),
            ],
            2 => &[
                (L, 34.0),
                (R, 34.0),
                (50.0, 52.0),
                (L, 70.0),
                (R, 70.0),
                (50.0, 88.0),
                (L, 106.0),
                (R, 106.0),
            ],
            3 => &[
                (L, 30.0),
                (R, 30.0),
                (L, 54.0),
                (R, 54.0),
                (50.0, 70.0),
                (L, 86.0),
                (R, 86.0),
                (L, 110.0),
                (R, 110.0),
            ],
            4 => &[
                (L, 30.0),
                (R, 30.0),
                (50.0, 44.0),
                (L, 54.0),
                (R, 54.0),
                (L, 86.0),
                (R, 86.0),
                (50.0, 96.0),
                (L, 110.0),
                (R, 110.0),
            ],
            8 => &[(50.0, 70.0)],
            _ => &[],
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct CardProps {
    /// The card's engine index (`suit * 9 + rank`).
    pub index: u8,
    pub lang: Lang,
    #[prop_or_default]
    pub deck: DeckStyle,
    /// Extra CSS classes for placement and state (selected, playable…).
    #[prop_or_default]
    pub class: Classes,
}

/// A face-up card. It is an image to assistive technology, named "Roi de cœur".
#[function_component(CardFace)]
pub fn card_face(props: &CardProps) -> Html {
    let Some(face) = Face::from_index(props.index) else {
        return html! {};
    };
    let label = face.index_label(props.lang);
    let ink = face.suit.css(props.deck);
    let path = face.suit.path();
    let pip = |x: f32, y: f32, scale: f32| {
        let flip = if y > 71.0 { " rotate(180)" } else { "" };
        html! { <path d={path} transform={format!("translate({x} {y}) scale({scale}){flip}")} /> }
    };
    let centre = if face.is_court() {
        html! {
            <g class="court">
                <rect x="22" y="24" width="56" height="92" rx="4" class="court-panel" />
                <path d="M34 44 L40 32 L50 40 L60 32 L66 44 Z" class="court-crown" />
                <text x="50" y="88" text-anchor="middle" class="court-letter">{ label }</text>
                { pip(50.0, 104.0, 0.75) }
            </g>
        }
    } else {
        let scale = if face.rank == 8 { 2.2 } else { 0.95 };
        face.pips()
            .iter()
            .map(|&(x, y)| pip(x, y, scale))
            .collect::<Html>()
    };
    html! {
        <svg class={classes!("card", ink, props.class.clone())} viewBox="0 0 100 140"
             role="img" aria-label={face.name(props.lang)} focusable="false">
            <rect x="1" y="1" width="98" height="138" rx="8" class="card-frame" />
            <g class="card-ink">
                <text x="9" y="20" class="card-index" text-anchor="middle">{ label }</text>
                { pip(9.0, 31.0, 0.5) }
                <g transform="rotate(180 50 70)">
                    <text x="9" y="20" class="card-index" text-anchor="middle">{ label }</text>
                    { pip(9.0, 31.0, 0.5) }
                </g>
                { centre }
            </g>
        </svg>
    }
}

/// A face-down card: its back carries no information at all.
#[function_component(CardBack)]
pub fn card_back(props: &CardBackProps) -> Html {
    html! {
        <svg class={classes!("card", "card-back", props.class.clone())} viewBox="0 0 100 140"
             aria-hidden="true" focusable="false">
            <rect x="1" y="1" width="98" height="138" rx="8" class="card-frame" />
            <rect x="8" y="8" width="84" height="124" rx="5" class="card-back-pattern" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct CardBackProps {
    #[prop_or_default]
    pub class: Classes,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_the_engine_encoding() {
        assert_eq!(
            Face::from_index(0),
            Some(Face {
                suit: Suit::Spades,
                rank: 0
            })
        );
        assert_eq!(
            Face::from_index(9 + 7),
            Some(Face {
                suit: Suit::Hearts,
                rank: 7
            })
        );
        assert_eq!(
            Face::from_index(35),
            Some(Face {
                suit: Suit::Clubs,
                rank: 8
            })
        );
        assert_eq!(Face::from_index(36), None);
    }

    #[test]
    fn names_and_indices_are_in_the_player_language() {
        let king_of_hearts = Face::from_index(16).unwrap();
        assert_eq!(king_of_hearts.name(Lang::Fr), "Roi de cœur");
        assert_eq!(king_of_hearts.name(Lang::En), "King of hearts");
        assert_eq!(king_of_hearts.index_label(Lang::Fr), "R");
        assert_eq!(king_of_hearts.index_label(Lang::En), "K");
        let ten_of_clubs = Face::from_index(27 + 4).unwrap();
        assert_eq!(ten_of_clubs.index_label(Lang::Fr), "10");
        assert_eq!(ten_of_clubs.name(Lang::Fr), "Dix de trèfle");
    }

    #[test]
    fn number_cards_show_as_many_pips_as_their_value() {
        for (rank, pips) in [(0u8, 6usize), (1, 7), (2, 8), (3, 9), (4, 10), (8, 1)] {
            assert_eq!(
                Face {
                    suit: Suit::Hearts,
                    rank
                }
                .pips()
                .len(),
                pips,
                "rank {rank}"
            );
        }
        assert!(
            Face {
                suit: Suit::Hearts,
                rank: 6
            }
            .pips()
            .is_empty()
        );
    }
}
