//! The computer's reasons in a player's words, French and English: what to
//! do, in the imperative, with the cards named (« Jouez le huit de carreau :
//! il garde l'as de pique pour la dernière levée »), and the expected gain
//! in points only where it tells something (a clear margin over the next
//! best choice).

use crate::review::words::{card_name, cards_name, listed, rank_name, suit_name};
use crate::view::{opponent_possible, trick_state};
use piquet_engine::combos;
use piquet_engine::{
    Action, Answer, Card, CardSet, Category, Observation, Phase, Rank, Rules, Suit,
};

/// A one-line reason in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Why {
    pub fr: String,
    pub en: String,
}

impl Why {
    pub(crate) fn new(fr: impl Into<String>, en: impl Into<String>) -> Why {
        Why {
            fr: fr.into(),
            en: en.into(),
        }
    }
}
/// A gain smaller than this (points per deal, expected) is not worth
/// saying: the sampled deals cannot tell such choices apart.
const WORTH_SAYING: f64 = 1.5;

/// « il » / « elle », the pronoun of a card's name (only « la dame » is
/// feminine).
fn pronoun(c: Card) -> &'static str {
    if c.rank() == Rank::Queen {
        "elle"
    } else {
        "il"
    }
}

/// « environ 3 points de mieux que {other} » when the gain is worth saying.
fn gain(by: f64, other_fr: &str, other_en: &str) -> Option<(String, String)> {
    (by >= WORTH_SAYING).then(|| {
        let n = by.round() as i64;
        (
            format!(" — environ {n} points de mieux que {other_fr}"),
            format!(" — about {n} points better than {other_en}"),
        )
    })
}

/// The reason for a card, read from the position before it is played; `next` is the next best
/// card with how much less it is expected to make.
pub(crate) fn play(obs: &Observation, legal: CardSet, c: Card, next: Option<(Card, f64)>) -> Why {
    let (f, e) = (card_name(c, true), card_name(c, false));
    if legal.len() <= 1 {
        return Why {
            fr: format!("Jouez {f} : c’est la seule carte possible"),
            en: format!("Play {e}: it is the only card you may play"),
        };
    }
    let (mut fr, mut en) = play_clause(obs, legal, c);
    fr = format!("Jouez {f} : {fr}");
    en = format!("Play {e}: {en}");
    if let Some((o, by)) = next {
        if let Some((gf, ge)) = gain(by, &card_name(o, true), &card_name(o, false)) {
            fr.push_str(&gf);
            en.push_str(&ge);
        }
    }
    Why { fr, en }
}

/// Why this card, in a clause: it takes the trick, it is the master, it
/// forces out the card above, it keeps a master for the last trick.
fn play_clause(obs: &Observation, legal: CardSet, c: Card) -> (String, String) {
    let unseen = opponent_possible(obs);
    let above = |x: Card| {
        unseen
            .in_suit(x.suit())
            .into_iter()
            .filter(|o| o.rank() > x.rank())
            .collect::<CardSet>()
    };
    let he = pronoun(c);
    let rest = obs.hand - c.set();
    // A master kept back for the end.
    let kept_master = rest
        .into_iter()
        .filter(|&m| above(m).is_empty())
        .max_by_key(|m| m.rank());
    let (mut fr, mut en) = match trick_state(obs).led {
        None => {
            let over = above(c);
            let below = Rank::ALL
                .iter()
                .copied()
                .find(|r| r.index() + 1 == c.rank().index())
                .map(|r| Card::new(c.suit(), r))
                .filter(|b| obs.hand.contains(*b));
            if over.is_empty() {
                (
                    "c’est la carte maîtresse, le pli est à vous".to_string(),
                    "it is the master card, the trick is yours".to_string(),
                )
            } else if let (1, Some(b), Some(o)) = (over.len(), below, over.highest()) {
                (
                    format!(
                        "{he} fait tomber {} et rend {} maîtresse",
                        card_name(o, true),
                        rank_name(b.rank(), true)
                    ),
                    format!(
                        "it draws out {} and makes your {} the master",
                        card_name(o, false),
                        rank_name(b.rank(), false).trim_start_matches("the ")
                    ),
                )
            } else if obs.hand.in_suit(c.suit()).lowest() == Some(c) {
                (
                    format!(
                        "la plus basse de vos cartes à {}, qui garde vos honneurs",
                        suit_name(c.suit(), true)
                    ),
                    format!(
                        "your lowest {}, which keeps your high cards",
                        singular(c.suit())
                    ),
                )
            } else {
                (
                    format!("{he} ouvre le jeu à {}", suit_name(c.suit(), true)),
                    format!("it opens {}", suit_name(c.suit(), false)),
                )
            }
        }
        Some(led) => {
            let winners: CardSet = legal
                .into_iter()
                .filter(|x| x.suit() == led.suit() && x.rank() > led.rank())
                .collect();
            if winners.contains(c) {
                if winners.lowest() == Some(c) && winners.len() > 1 {
                    (
                        format!("{he} suffit pour prendre le pli"),
                        "it is enough to take the trick".to_string(),
                    )
                } else {
                    (
                        format!("{he} prend le pli"),
                        "it takes the trick".to_string(),
                    )
                }
            } else if c.suit() == led.suit() {
                if winners.is_empty() {
                    (
                        "vous ne pouvez pas prendre le pli, fournissez au plus bas".to_string(),
                        "you cannot take the trick, so follow low".to_string(),
                    )
                } else {
                    (
                        "mieux vaut laisser ce pli".to_string(),
                        "better to let this trick go".to_string(),
                    )
                }
            } else {
                (
                    format!(
                        "vous n’avez plus de {}, défaussez la carte la moins utile",
                        suit_name(led.suit(), true)
                    ),
                    format!(
                        "you have no {} left, so throw the least useful card",
                        suit_name(led.suit(), false)
                    ),
                )
            }
        }
    };
    if let Some(m) = kept_master.filter(|_| rest.len() <= 3) {
        fr.push_str(&format!(
            " ; {he} garde {} pour la dernière levée",
            card_name(m, true)
        ));
        en.push_str(&format!(
            "; it keeps {} for the last trick",
            card_name(m, false)
        ));
    }
    (fr, en)
}

/// "spade", "heart": one card of a suit.
fn singular(s: Suit) -> &'static str {
    suit_name(s, false).trim_end_matches('s')
}

/// The name of a sequence: « la quatrième au roi de cœur », "the quart to the king of hearts".
fn sequence_name(q: &combos::Sequence, french: bool) -> String {
    let name = piquet_words::sequence_name(
        q.length,
        if french {
            piquet_words::Lang::Fr
        } else {
            piquet_words::Lang::En
        },
    );
    let top = rank_name(q.top, french);
    if french {
        let to = match top.strip_prefix("le ") {
            Some(r) => format!("au {r}"),
            None => format!("à {top}"),
        };
        format!("la {name} {to} de {}", suit_name(q.suit, true))
    } else {
        format!("the {name} to {top} of {}", suit_name(q.suit, false))
    }
}

/// The name of a set: « les trois as », « les quatre rois », "the three aces".
fn set_name(s: &combos::Set, french: bool) -> String {
    let count = if s.count == 4 {
        if french { "quatre" } else { "four" }
    } else if french {
        "trois"
    } else {
        "three"
    };
    let rank = match (s.rank, french) {
        (Rank::Ace, true) => "as",
        (Rank::King, true) => "rois",
        (Rank::Queen, true) => "dames",
        (Rank::Jack, true) => "valets",
        (_, true) => "dix",
        (Rank::Ace, false) => "aces",
        (Rank::King, false) => "kings",
        (Rank::Queen, false) => "queens",
        (Rank::Jack, false) => "jacks",
        (_, false) => "tens",
    };
    let article = if french { "les" } else { "the" };
    format!("{article} {count} {rank}")
}

/// What a kept hand holds toward the declarations: the point (four cards or
/// more), the best sequence, the best set.
fn holdings(rules: &Rules, kept: CardSet, french: bool) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = combos::best_point(kept, rules).filter(|p| p.length >= 4) {
        out.push(if french {
            format!("le point à {}", suit_name(p.suit, true))
        } else {
            format!("the point in {}", suit_name(p.suit, false))
        });
    }
    if let Some(q) = combos::sequences(kept).next() {
        out.push(sequence_name(&q, french));
    }
    if let Some(s) = combos::sets(kept).next() {
        out.push(set_name(&s, french));
    }
    out
}

/// The reason for a discard; `next` is the next best discard with how much
/// less it is expected to make.
pub(crate) fn exchange(obs: &Observation, d: CardSet, next: Option<(CardSet, f64)>) -> Why {
    let kept = obs.hand - d;
    let (hf, he) = (
        holdings(&obs.rules, kept, true),
        holdings(&obs.rules, kept, false),
    );
    let k = d.len();
    let (mut fr, mut en) = if k == 0 {
        (
            "Ne prenez aucune carte".to_string(),
            "Take no card".to_string(),
        )
    } else {
        let plural = if k > 1 { "s" } else { "" };
        (
            format!("Écartez {} ({k} carte{plural})", cards_name(d, true)),
            format!("Discard {} ({k} card{plural})", cards_name(d, false)),
        )
    };
    if hf.is_empty() {
        fr.push_str(" : gardez vos cartes hautes et vos gardes");
        en.push_str(": keep your high cards and your guards");
    } else {
        fr.push_str(&format!(" : vous gardez {}", listed(&hf, true)));
        en.push_str(&format!(": you keep {}", listed(&he, false)));
    }
    if let Some((o, by)) = next {
        // The other discard, by what it would throw that this one keeps.
        let thrown = o - d;
        let (of, oe) = if thrown.is_empty() {
            let n = o.len();
            (
                format!("de prendre {n} carte{}", if n > 1 { "s" } else { "" }),
                format!("taking {n} card{}", if n > 1 { "s" } else { "" }),
            )
        } else {
            (
                format!("de jeter {}", cards_name(thrown, true)),
                format!("throwing {}", cards_name(thrown, false)),
            )
        };
        if let Some((gf, ge)) = gain(by, &of, &oe) {
            fr.push_str(&gf);
            en.push_str(&ge);
        }
    }
    Why { fr, en }
}

/// The name of a holding declared in a category: « cinq cartes à cœur », « la quatrième au roi
/// de cœur », « les trois as ».
fn declared(rules: &Rules, h: CardSet, category: Category, french: bool) -> String {
    match category {
        Category::Point => {
            let n = h.len();
            let suit = h.lowest().map_or(Suit::Spades, |c| c.suit());
            let _ = rules;
            if french {
                format!("{n} cartes à {}", suit_name(suit, true))
            } else {
                format!("{n} cards in {}", suit_name(suit, false))
            }
        }
        Category::Sequence => combos::Sequence::of(h)
            .map_or_else(|| cards_name(h, french), |q| sequence_name(&q, french)),
        Category::Sets => {
            combos::Set::of(h).map_or_else(|| cards_name(h, french), |s| set_name(&s, french))
        }
    }
}

/// The reason for a declaration or an answer.
pub(crate) fn declaration(rules: &Rules, a: Action, category: Category) -> Why {
    match a {
        Action::Declare(Some(h)) => {
            let (fr, en) = match category {
                Category::Point => ("votre meilleur point", "your best point"),
                Category::Sequence => ("votre meilleure séquence", "your best sequence"),
                Category::Sets => (
                    "votre meilleur trois ou quatorze",
                    "your best trio or quatorze",
                ),
            };
            Why {
                fr: format!("Annoncez {} : {fr}", declared(rules, h, category, true)),
                en: format!("Declare {}: {en}", declared(rules, h, category, false)),
            }
        }
        Action::Declare(None) => Why {
            fr: "Ne dites rien : vous n’avez rien à annoncer".into(),
            en: "Say nothing: you have nothing to declare".into(),
        },
        Action::Answer(Answer::Good) => Why {
            fr: "Répondez « bon » : vous n’avez pas mieux".into(),
            en: "Answer “good”: you have nothing better".into(),
        },
        Action::Answer(Answer::Equal(_)) => Why {
            fr: "Répondez « égal » : vous avez autant".into(),
            en: "Answer “equal”: you hold as much".into(),
        },
        Action::Answer(Answer::Better(h)) => Why {
            fr: format!(
                "Répondez « mieux » avec {} : vous avez mieux",
                declared(rules, h, category, true)
            ),
            en: format!(
                "Answer “not good” with {}: you hold better",
                declared(rules, h, category, false)
            ),
        },
        _ => Why {
            fr: "Annoncez votre meilleur jeu".into(),
            en: "Declare your best".into(),
        },
    }
}

/// Sinking at the end of a lost partie (RULES.md 9).
pub(crate) fn sink() -> Why {
    Why {
        fr: "Ne dites rien : c’est le dernier coup, la partie est perdue et vous serez \
             rubiconé ; chaque point marqué s’ajouterait au gain de l’adversaire"
            .into(),
        en: "Say nothing: it is the last deal, the partie is lost and you will be rubiconed; \
             every point you score would add to the winner’s gain"
            .into(),
    }
}

/// Carte blanche (Art. 5).
pub(crate) fn carte_blanche() -> Why {
    Why {
        fr: "Annoncez cartes blanches : elles valent 10 points, à dire avant d’écarter".into(),
        en: "Announce carte blanche: it is worth 10 points, said before exchanging".into(),
    }
}

/// Playing for a count (the target of a cent game, or 100 in the last deal
/// of a Rubicon partie): the chances, in the sampled deals, that this card
/// makes sure of it for each side.
pub(crate) fn stakes(c: Card, threshold: u16, mine: f64, theirs: f64) -> Why {
    let (f, e) = (card_name(c, true), card_name(c, false));
    Why {
        fr: format!(
            "Jouez {f} : jouez pour atteindre {threshold} points — {} les assure dans {mine} % \
             des donnes possibles, l’adversaire dans {theirs} %",
            pronoun(c)
        ),
        en: format!(
            "Play {e}: play to reach {threshold} points — it makes sure of them in {mine}% of \
             the possible deals, the opponent in {theirs}%"
        ),
    }
}

/// The customary choice (the leftover, abandoning a deal, a discard after
/// carte blanche).
pub(crate) fn customary(obs: &Observation, a: Action) -> Why {
    let (fr, en) = match a {
        Action::LookAtLeftover(Some(s)) => (
            format!(
                "Voyez le talon et entamez à {} : c’est votre couleur la plus sûre",
                suit_name(s, true)
            ),
            format!(
                "Look at the leftover and lead {}: your safest suit",
                suit_name(s, false)
            ),
        ),
        Action::LookAtLeftover(None) => (
            "Laissez le talon : vous garderez le choix de votre entame".into(),
            "Leave the leftover: you keep the choice of your first lead".into(),
        ),
        Action::ExposeLeftover(false) => (
            "Laissez le talon caché : inutile de renseigner l’adversaire".into(),
            "Leave the leftover face down: no need to inform the opponent".into(),
        ),
        Action::ExposeLeftover(true) => ("Montrez le talon".into(), "Expose the leftover".into()),
        Action::ProposeAbandon(false) | Action::AcceptAbandon(false) => {
            ("Jouez le coup".into(), "Play the deal".into())
        }
        Action::ProposeAbandon(true) | Action::AcceptAbandon(true) => {
            ("Abandonnez le coup".into(), "Abandon the deal".into())
        }
        Action::Discard(d) => return exchange(obs, d, None),
        Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche => return carte_blanche(),
        _ => ("Le choix d’usage".into(), "The customary choice".into()),
    };
    Why { fr, en }
}

/// The reason for any action, from the position before it.
pub(crate) fn explain(obs: &Observation, a: Action) -> Why {
    let legal: CardSet = obs
        .legal_actions
        .iter()
        .filter_map(|x| match x {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    match (a, obs.phase) {
        (Action::Play(c), _) => play(obs, legal, c, None),
        (Action::Declare(_) | Action::Answer(_), Phase::Declare { category })
        | (Action::Declare(_) | Action::Answer(_), Phase::Answer { category, .. }) => {
            declaration(&obs.rules, a, category)
        }
        (Action::Discard(d), _) => exchange(obs, d, None),
        _ => customary(obs, a),
    }
}
