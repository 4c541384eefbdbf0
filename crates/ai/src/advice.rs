//! The computer's reasons in a player's words, French and English: what to
//! do, in the imperative, with the cards named (« Jouez le huit de carreau :
//! il garde l'as de pique pour la dernière levée »), and the expected gain
//! in points only where it tells something (a clear margin over the next
//! best choice). Each reason is a `ByLang<String>`, one line in both languages; the names of
//! cards, suits and holdings are piquet-words'.

use crate::view::{opponent_possible, trick_state};
use piquet_engine::combos;
use piquet_engine::{
    Action, Answer, Card, CardSet, Category, Observation, Phase, Rank, Rules, Suit,
};
use piquet_words::Lang::{En, Fr};
use piquet_words::{
    ByLang, Lang, and_list, card_named, cards_by_suit, rank, rank_named, sequence_named, set_named,
    suit, suit_singular, uncapitalised,
};

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
fn gain(by: f64, other: &ByLang<String>) -> Option<ByLang<String>> {
    (by >= WORTH_SAYING).then(|| {
        let n = by.round() as i64;
        ByLang::new(
            format!(" — environ {n} points de mieux que {}", other.fr),
            format!(" — about {n} points better than {}", other.en),
        )
    })
}

/// The reason for a card, read from the position before it is played; `next` is the next best
/// card with how much less it is expected to make.
pub(crate) fn play(
    obs: &Observation,
    legal: CardSet,
    c: Card,
    next: Option<(Card, f64)>,
) -> ByLang<String> {
    let (f, e) = (card_named(c, Fr), card_named(c, En));
    if legal.len() <= 1 {
        return ByLang {
            fr: format!("Jouez {f} : c’est la seule carte possible"),
            en: format!("Play {e}: it is the only card you may play"),
        };
    }
    let ByLang { mut fr, mut en } = play_clause(obs, legal, c);
    fr = format!("Jouez {f} : {fr}");
    en = format!("Play {e}: {en}");
    if let Some((o, by)) = next {
        if let Some(ByLang { fr: gf, en: ge }) = gain(by, &ByLang::from_fn(|l| card_named(o, l))) {
            fr.push_str(&gf);
            en.push_str(&ge);
        }
    }
    ByLang { fr, en }
}

/// Why this card, in a clause: it takes the trick, it is the master, it
/// forces out the card above, it keeps a master for the last trick.
fn play_clause(obs: &Observation, legal: CardSet, c: Card) -> ByLang<String> {
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
                        card_named(o, Fr),
                        rank_named(b.rank(), Fr)
                    ),
                    format!(
                        "it draws out {} and makes your {} the master",
                        card_named(o, En),
                        uncapitalised(rank(b.rank(), En, false))
                    ),
                )
            } else if obs.hand.in_suit(c.suit()).lowest() == Some(c) {
                (
                    format!(
                        "la plus basse de vos cartes à {}, qui garde vos honneurs",
                        suit(c.suit(), Fr)
                    ),
                    format!(
                        "your lowest {}, which keeps your high cards",
                        suit_singular(c.suit(), En)
                    ),
                )
            } else {
                (
                    format!("{he} ouvre le jeu à {}", suit(c.suit(), Fr)),
                    format!("it opens {}", suit(c.suit(), En)),
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
                        suit(led.suit(), Fr)
                    ),
                    format!(
                        "you have no {} left, so throw the least useful card",
                        suit(led.suit(), En)
                    ),
                )
            }
        }
    };
    if let Some(m) = kept_master.filter(|_| rest.len() <= 3) {
        fr.push_str(&format!(
            " ; {he} garde {} pour la dernière levée",
            card_named(m, Fr)
        ));
        en.push_str(&format!(
            "; it keeps {} for the last trick",
            card_named(m, En)
        ));
    }
    ByLang { fr, en }
}

/// What a kept hand holds toward the declarations: the point (four cards or
/// more), the best sequence, the best set.
fn holdings(rules: &Rules, kept: CardSet, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = combos::best_point(kept, rules).filter(|p| p.length >= 4) {
        out.push(match lang {
            Fr => format!("le point à {}", suit(p.suit, Fr)),
            En => format!("the point in {}", suit(p.suit, En)),
        });
    }
    if let Some(q) = combos::sequences(kept).next() {
        out.push(sequence_named(q.length, q.top, q.suit, lang));
    }
    if let Some(s) = combos::sets(kept).next() {
        out.push(set_named(s.rank, s.count, lang));
    }
    out
}

/// The reason for a discard; `next` is the next best discard with how much
/// less it is expected to make.
pub(crate) fn exchange(
    obs: &Observation,
    d: CardSet,
    next: Option<(CardSet, f64)>,
) -> ByLang<String> {
    let kept = obs.hand - d;
    let (hf, he) = (
        holdings(&obs.rules, kept, Fr),
        holdings(&obs.rules, kept, En),
    );
    let k = d.len();
    let (mut fr, mut en) = if k == 0 {
        ("Ne rien écarter".to_string(), "Keep all twelve".to_string())
    } else {
        let plural = if k > 1 { "s" } else { "" };
        (
            format!("Écartez {} ({k} carte{plural})", cards_by_suit(d, Fr)),
            format!("Discard {} ({k} card{plural})", cards_by_suit(d, En)),
        )
    };
    if hf.is_empty() {
        fr.push_str(" : gardez vos cartes hautes et vos gardes");
        en.push_str(": keep your high cards and your guards");
    } else {
        fr.push_str(&format!(" : vous gardez {}", and_list(&hf, Fr)));
        en.push_str(&format!(": you keep {}", and_list(&he, En)));
    }
    if let Some((o, by)) = next {
        // The other discard, by what it would throw that this one keeps.
        let thrown = o - d;
        let (of, oe) = if o.is_empty() {
            (
                "de ne rien écarter".to_string(),
                "keeping all twelve".to_string(),
            )
        } else if thrown.is_empty() {
            let n = o.len();
            (
                format!("de prendre {n} carte{}", if n > 1 { "s" } else { "" }),
                format!("taking {n} card{}", if n > 1 { "s" } else { "" }),
            )
        } else {
            (
                format!("de jeter {}", cards_by_suit(thrown, Fr)),
                format!("throwing {}", cards_by_suit(thrown, En)),
            )
        };
        if let Some(ByLang { fr: gf, en: ge }) = gain(by, &ByLang::new(of, oe)) {
            fr.push_str(&gf);
            en.push_str(&ge);
        }
    }
    ByLang { fr, en }
}

/// The name of a holding declared in a category: « cinq cartes à cœur », « la quatrième au roi
/// de cœur », « les trois as ».
fn declared(rules: &Rules, h: CardSet, category: Category, lang: Lang) -> String {
    match category {
        Category::Point => {
            let n = h.len();
            let of = h.lowest().map_or(Suit::Spades, |c| c.suit());
            let _ = rules;
            match lang {
                Fr => format!("{n} cartes à {}", suit(of, Fr)),
                En => format!("{n} cards in {}", suit(of, En)),
            }
        }
        Category::Sequence => combos::Sequence::of(h).map_or_else(
            || cards_by_suit(h, lang),
            |q| sequence_named(q.length, q.top, q.suit, lang),
        ),
        Category::Sets => combos::Set::of(h).map_or_else(
            || cards_by_suit(h, lang),
            |s| set_named(s.rank, s.count, lang),
        ),
    }
}

/// The reason for a declaration or an answer.
pub(crate) fn declaration(rules: &Rules, a: Action, category: Category) -> ByLang<String> {
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
            ByLang {
                fr: format!("Annoncez {} : {fr}", declared(rules, h, category, Fr)),
                en: format!("Declare {}: {en}", declared(rules, h, category, En)),
            }
        }
        Action::Declare(None) => ByLang {
            fr: "Ne dites rien : vous n’avez rien à annoncer".into(),
            en: "Say nothing: you have nothing to declare".into(),
        },
        Action::Answer(Answer::Good) => ByLang {
            fr: "Répondez « bon » : vous n’avez pas mieux".into(),
            en: "Answer “good”: you have nothing better".into(),
        },
        Action::Answer(Answer::Equal(_)) => ByLang {
            fr: "Répondez « égal » : vous avez autant".into(),
            en: "Answer “equal”: you hold as much".into(),
        },
        Action::Answer(Answer::Better(h)) => ByLang {
            fr: format!(
                "Répondez « mieux » avec {} : vous avez mieux",
                declared(rules, h, category, Fr)
            ),
            en: format!(
                "Answer “not good” with {}: you hold better",
                declared(rules, h, category, En)
            ),
        },
        _ => ByLang {
            fr: "Annoncez votre meilleur jeu".into(),
            en: "Declare your best".into(),
        },
    }
}

/// Sinking at the end of a lost partie (RULES.md 9).
pub(crate) fn sink() -> ByLang<String> {
    ByLang {
        fr: "Ne dites rien : c’est le dernier coup, la partie est perdue et vous serez \
             rubiconé ; chaque point marqué s’ajouterait au gain de l’adversaire"
            .into(),
        en: "Say nothing: it is the last deal, the partie is lost and you will be rubiconed; \
             every point you score would add to the winner’s gain"
            .into(),
    }
}

/// Carte blanche (Art. 5).
pub(crate) fn carte_blanche() -> ByLang<String> {
    ByLang {
        fr: "Annoncez cartes blanches : elles valent 10 points, à dire avant d’écarter".into(),
        en: "Announce carte blanche: it is worth 10 points, said before exchanging".into(),
    }
}

/// Playing for a count (the target of a cent game, or 100 in the last deal
/// of a Rubicon partie): the chances, in the sampled deals, that this card
/// makes sure of it for each side that still needs it (`None` for a side that
/// needs nothing more or cannot get there). Said only where the card decides
/// something (`decides`: another legal card would change a side's chances):
/// otherwise the reason says in words that nothing in the hand decides the
/// count any more and gives the card's ordinary reason — never « 0 % … 0 % ».
pub(crate) fn stakes(
    obs: &Observation,
    legal: CardSet,
    (c, next): (Card, Option<(Card, f64)>),
    threshold: u16,
    (mine, theirs): (Option<f64>, Option<f64>),
    decides: bool,
) -> ByLang<String> {
    let (f, e) = (card_named(c, Fr), card_named(c, En));
    let ordinary = || {
        let ByLang { fr, en } = play(obs, legal, c, next);
        let fr = fr
            .split_once("\u{a0}: ")
            .map_or(fr.clone(), |(_, w)| w.to_string());
        let en = en
            .split_once(": ")
            .map_or(en.clone(), |(_, w)| w.to_string());
        (fr, en)
    };
    match (mine.filter(|m| *m > 0.0), theirs.filter(|t| *t < 100.0)) {
        _ if !decides => {
            let (fr, en) = ordinary();
            ByLang {
                fr: format!(
                    "Jouez {f}\u{a0}: plus rien dans votre main ne décide des {threshold}\u{a0}points\u{202f}; {fr}"
                ),
                en: format!(
                    "Play {e}: nothing in your hand decides the {threshold} points any more; {en}"
                ),
            }
        }
        (Some(m), t) => {
            let (tf, te) = t
                .filter(|t| *t > 0.0)
                .map_or((String::new(), String::new()), |t| {
                    (
                        format!(", l’adversaire dans {t}\u{202f}%"),
                        format!(", the opponent in {t}%"),
                    )
                });
            ByLang {
                fr: format!(
                    "Jouez {f}\u{a0}: jouez pour atteindre {threshold}\u{a0}points — {} les assure dans \
                     {m}\u{202f}% des donnes possibles{tf}",
                    pronoun(c)
                ),
                en: format!(
                    "Play {e}: play to reach {threshold} points — it makes sure of them in {m}% \
                     of the possible deals{te}"
                ),
            }
        }
        (None, Some(t)) if t > 0.0 => ByLang {
            fr: format!(
                "Jouez {f}\u{a0}: empêchez l’adversaire d’atteindre {threshold}\u{a0}points — il n’en est \
                 plus sûr que dans {t}\u{202f}% des donnes possibles"
            ),
            en: format!(
                "Play {e}: keep the opponent from reaching {threshold} points — he stays sure \
                 of them in only {t}% of the possible deals"
            ),
        },
        (None, Some(_)) => ByLang {
            fr: format!(
                "Jouez {f}\u{a0}: empêchez l’adversaire d’atteindre {threshold}\u{a0}points — il n’en est \
                 alors sûr dans aucune des donnes possibles"
            ),
            en: format!(
                "Play {e}: keep the opponent from reaching {threshold} points — he is then sure \
                 of them in none of the possible deals"
            ),
        },
        (None, None) => play(obs, legal, c, next),
    }
}

/// The customary choice (the leftover, abandoning a deal, a discard after
/// carte blanche).
pub(crate) fn customary(obs: &Observation, a: Action) -> ByLang<String> {
    let (fr, en) = match a {
        Action::LookAtLeftover(Some(s)) => (
            format!(
                "Voyez le talon et entamez à {} : c’est votre couleur la plus sûre",
                suit(s, Fr)
            ),
            format!(
                "Look at the leftover and lead {}: your safest suit",
                suit(s, En)
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
    ByLang { fr, en }
}

/// The reason for any action, from the position before it.
pub(crate) fn explain(obs: &Observation, a: Action) -> ByLang<String> {
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
