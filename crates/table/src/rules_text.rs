//! The rules of Piquet as the app tells them, in French and English, article by article
//! (RULES.md, from the French text of seed 000: "Art. N" is its article N), and the table of
//! the five presets, generated from the engine's [`Rules`] values so that the page can never
//! disagree with what the engine plays.
//!
//! The rules page shows them from static files, `static/rules/{fr,en}.html` ([`fragment`]),
//! fetched when the page opens (and precached by the service worker for offline play): the
//! prose stays out of the app's wasm, which the first screen waits for. The native test
//! `the_shipped_rules_files_are_up_to_date` checks that those files are exactly what this module
//! writes; `PIQUET_WRITE_RULES=1 cargo test -p piquet-table --lib rules_text` rewrites them.

use piquet_engine::Rules;
use piquet_engine::rules::{
    CutRule, DealerMinimum, Deck, Format, LeftoverRule, PointScoring, Protocol, ScoredCombos,
    TrickPoints,
};

use crate::i18n::{Lang, Text};

/// One rule of the text, with the article it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The article reference, e.g. `Art. 15.1`; empty for a rule of a preset's own source.
    pub art: &'static str,
    pub fr: &'static str,
    pub en: &'static str,
    /// The preset this rule describes (the other ways to play), else empty.
    pub variant: &'static str,
}

impl Rule {
    /// The rule's text in `lang`.
    pub fn text(&self, lang: Lang) -> &'static str {
        pick(lang, self.fr, self.en)
    }
}

/// A section of the rules page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// Anchor id, stable.
    pub id: &'static str,
    pub fr: &'static str,
    pub en: &'static str,
    pub rules: &'static [Rule],
}

impl Section {
    /// The section's title in `lang`.
    pub fn title(&self, lang: Lang) -> &'static str {
        pick(lang, self.fr, self.en)
    }
}

/// `fr` or `en`.
pub fn pick(lang: Lang, fr: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Fr => fr,
        Lang::En => en,
    }
}

const fn r(art: &'static str, fr: &'static str, en: &'static str) -> Rule {
    Rule {
        art,
        fr,
        en,
        variant: "",
    }
}

/// A preset's own rule, with the preset's id: its item on the page is its anchor.
const fn v(variant: &'static str, fr: &'static str, en: &'static str) -> Rule {
    Rule {
        art: "",
        fr,
        en,
        variant,
    }
}

/// The anchor of the rules page where the rules being played are written: the item of its
/// preset (or of the nearest preset) among the other ways to play; `None` for *classique*,
/// whose rules are the page itself.
pub fn variant_anchor(rules: &Rules) -> Option<String> {
    let (id, _, _) = rules.nearest_preset();
    (id != "classique").then(|| format!("rules-variant-{id}"))
}

/// The rules of *petit Piquet* (the *classique* preset), in the order a game unfolds.
pub const SECTIONS: &[Section] = &[
    Section {
        id: "cards",
        fr: "Les cartes",
        en: "The cards",
        rules: &[
            r(
                "Art. 1",
                "Deux joueurs, un jeu de 32 cartes. Dans chaque couleur (pique, cœur, carreau, trèfle), de la plus forte à la plus faible : as, roi, dame, valet, dix, neuf, huit, sept. Il n’y a pas d’atout.",
                "Two players, a pack of 32 cards. In each suit (spades, hearts, diamonds, clubs), from high to low: ace, king, queen, jack, ten, nine, eight, seven. There are no trumps.",
            ),
            r(
                "Art. 6",
                "Pour compter le point, l’as vaut 11, le roi, la dame, le valet et le dix valent 10, les autres cartes leur nombre.",
                "For the point, the ace is worth 11; king, queen, jack and ten 10; the other cards their pip value.",
            ),
            r(
                "Art. 15.1",
                "Dans le jeu de la carte, l’as, le roi, la dame, le valet et le dix sont des cartes marquantes ; le neuf, le huit et le sept ne le sont pas.",
                "In the play, ace, king, queen, jack and ten are scoring cards; nine, eight and seven are not.",
            ),
        ],
    },
    Section {
        id: "deal",
        fr: "La coupe et la donne",
        en: "The cut and the deal",
        rules: &[
            r(
                "Art. 3",
                "Chacun tire une carte : la plus basse donne la première fois (à égalité, on recoupe) ; ensuite la donne alterne.",
                "Each player draws a card: the lower deals first (equal ranks cut again); the deal then alternates.",
            ),
            r(
                "Art. 3",
                "Le donneur mêle, fait couper et distribue douze cartes à chacun, par deux ou par trois, en commençant par son adversaire. Les huit cartes restantes forment le talon, face cachée.",
                "The dealer shuffles, has the cards cut and deals twelve to each, by twos or threes, starting with his opponent. The eight cards left make the talon, face down.",
            ),
            r(
                "Art. 3",
                "L’adversaire du donneur est le premier en cartes : il écarte, parle et joue le premier.",
                "The dealer’s opponent is the elder hand: he exchanges, declares and leads first.",
            ),
        ],
    },
    Section {
        id: "exchange",
        fr: "L’écart",
        en: "The exchange",
        rules: &[
            r(
                "Art. 4",
                "Le premier écarte au moins une carte et au plus cinq, face cachée, et en prend autant sur le talon. S’il en a pris moins de cinq, il regarde en secret celles qu’il aurait pu prendre et les remet dans l’ordre.",
                "Elder discards at least one card and at most five, face down, and draws as many from the talon. If he took fewer than five, he looks secretly at those he could have taken and puts them back in order.",
            ),
            r(
                "Art. 4",
                "Le donneur écarte ensuite au moins une carte et au plus toutes celles qui restent au talon, et complète sa main. Les trois dernières lui sont toujours réservées.",
                "The dealer then discards at least one card and at most all those left in the talon, and makes up his hand. The last three are always his.",
            ),
            r(
                "Art. 4",
                "S’il reste des cartes au talon, le donneur peut les voir ; le premier ne peut les voir qu’en annonçant d’abord la couleur de sa première carte, qu’il devra jouer.",
                "If cards are left in the talon, the dealer may look at them; elder may see them only by first naming the suit of his first lead, which he must then lead.",
            ),
            r(
                "Art. 24",
                "Pendant le jeu, nul ne peut regarder les écarts ni le reste du talon.",
                "During the play, nobody may look at the discards or at what is left of the talon.",
            ),
        ],
    },
    Section {
        id: "blanche",
        fr: "Cartes blanches",
        en: "Carte blanche",
        rules: &[
            r(
                "Art. 5",
                "Une main sans roi, dame ni valet est « cartes blanches » : elle vaut 10 points, se déclare avant d’écarter et se compte avant tout le reste.",
                "A hand with no king, queen or jack is carte blanche: it is worth 10, is declared before the holder’s exchange and counts before everything else.",
            ),
            r(
                "Art. 5",
                "Le donneur la déclare quand le premier a écarté, la montre, puis écarte. Le premier la déclare en annonçant combien il prendra ; le donneur écarte sans prendre, le premier montre ses douze cartes, écarte et prend, puis le donneur prend.",
                "The dealer declares it once elder has exchanged, shows it, then exchanges. Elder declares it by saying how many cards he will take; the dealer discards without drawing, elder shows his twelve cards, exchanges and draws, then the dealer draws.",
            ),
        ],
    },
    Section {
        id: "point",
        fr: "Le point",
        en: "The point",
        rules: &[
            r(
                "Art. 6",
                "Chacun cherche sa couleur la plus forte en points. Le premier annonce : « quarante-six au point ». Le donneur répond « c’est bon » s’il a moins, « égal » s’il a autant, « mieux » s’il a plus.",
                "Each player finds his suit with the most points. Elder says: \"forty-six for the point\". The dealer answers \"good\" if he has less, \"equal\" if the same, \"not good\" if more.",
            ),
            r(
                "Art. 6",
                "Le meilleur point ne compte que sa dizaine : de 30 à 34 il vaut 3, de 35 à 39 il vaut 4 (as, dame, neuf, sept : 37, qui vaut 4). À égalité, personne ne marque.",
                "The better point scores its tens only: 30 to 34 scores 3, 35 to 39 scores 4 (ace, queen, nine, seven: 37, worth 4). Equal points score nothing.",
            ),
        ],
    },
    Section {
        id: "sequences",
        fr: "Les séquences",
        en: "Sequences",
        rules: &[
            r(
                "Art. 7",
                "Une séquence est une suite d’au moins trois cartes de la même couleur : tierce 3, quatrième 4, quinte 15, seizième 16, dix-septième 17, dix-huitième 18.",
                "A sequence is a run of at least three cards of one suit: tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18.",
            ),
            r(
                "Art. 7",
                "La plus longue l’emporte ; à longueur égale, la plus haute. Le premier annonce « quinte au roi » ou « pas de séquence » ; le donneur répond « c’est bon », « égal » ou « mieux ». À égalité, personne ne marque.",
                "The longer wins; at equal length, the higher. Elder says \"quint to the king\" or \"no sequence\"; the dealer answers \"good\", \"equal\" or \"not good\". Equal sequences score nothing.",
            ),
            r(
                "Art. 7",
                "Le gagnant compte aussi ses autres séquences qui ne sont pas meilleures que celle qui gagne : quinte et tierce, 18.",
                "The winner also counts his other sequences no better than the winning one: a quint and a tierce make 18.",
            ),
        ],
    },
    Section {
        id: "sets",
        fr: "Trois et quatorze",
        en: "Trios and quatorzes",
        rules: &[
            r(
                "Art. 8",
                "Trois cartes de même rang, du dix à l’as, font un « trois » (3 points) ; quatre font un « quatorze » (14 points). Tout quatorze bat tout trois ; à égalité de sorte, le rang le plus haut l’emporte.",
                "Three cards of one rank, ten to ace, make a trio (3 points); four make a quatorze (14 points). Any quatorze beats any trio; between two of a kind, the higher rank wins.",
            ),
            r(
                "Art. 8",
                "Le premier annonce « trois rois » ou « quatorze de dames » ; le donneur répond « c’est bon » ou « mieux ». Le gagnant compte aussi ses autres trois et quatorze moins bons. Si le premier n’a rien, le donneur compte les siens.",
                "Elder says \"three kings\" or \"fourteen queens\"; the dealer answers \"good\" or \"not good\". The winner also counts his lesser trios and quatorzes. If elder has none, the dealer counts his.",
            ),
        ],
    },
    Section {
        id: "declaring",
        fr: "Annoncer, montrer, compter",
        en: "Declaring, showing, counting",
        rules: &[
            r(
                "Art. 21",
                "Nul n’est obligé d’annoncer sa meilleure combinaison ni de dire « mieux » ; mais ce qu’on n’a pas annoncé ne se compte pas. On n’annonce que ce qu’on a.",
                "Nobody must declare his best combination or say \"not good\"; but what was not declared does not count. One declares only what one holds.",
            ),
            r(
                "Art. 9",
                "Le premier compte à haute voix ce qui a été trouvé bon, dans l’ordre : cartes blanches, point, séquences, trois et quatorze, en montrant le point et les séquences ; il nomme ses trois si on le lui demande.",
                "Elder counts aloud what was found good, in order: carte blanche, point, sequences, trios and quatorzes, showing the point and the sequences; he names his trios when asked.",
            ),
            r(
                "Art. 10",
                "Puis il joue sa première carte et compte 1 si c’est une carte marquante : « dix-sept ».",
                "Then he leads his first card and counts 1 if it is a scoring card: \"seventeen\".",
            ),
            r(
                "Art. 11",
                "Le donneur compte ensuite ce qu’il a eu de mieux, en le montrant de même ; celui qui a dit « égal » montre aussi ce qui était égal.",
                "The dealer then counts what was better with him, showing it in the same way; whoever said \"equal\" also shows the equal holding.",
            ),
            r(
                "Art. 12",
                "Repic : celui qui atteint 30 par ses seules annonces avant que l’autre ait rien compté en compte 60 de plus (30 devient 90).",
                "Repique: a player who reaches 30 from his declarations alone before the other has counted anything counts 60 more (30 becomes 90).",
            ),
        ],
    },
    Section {
        id: "play",
        fr: "Le jeu de la carte",
        en: "The play of the cards",
        rules: &[
            r(
                "Art. 13",
                "On joue douze levées. Le second doit fournir de la couleur demandée s’il le peut ; sinon il joue ce qu’il veut. La plus haute carte de la couleur demandée gagne, et son joueur joue la levée suivante.",
                "Twelve tricks are played. The second player must follow suit if he can, otherwise he plays any card. The highest card of the suit led wins, and its player leads to the next trick.",
            ),
            r(
                "Art. 15",
                "Celui qui entame une levée compte 1 ; celui qui gagne en second une levée compte 1. On ne compte jamais plus d’un point par levée.",
                "The player who leads to a trick counts 1; the player who wins a trick as second player counts 1. A trick never scores more than one point.",
            ),
            r(
                "Art. 15.1",
                "Mais on ne compte rien pour une carte non marquante (neuf, huit, sept), qu’on la joue en tête ou qu’on gagne avec.",
                "But a non-scoring card (nine, eight, seven) counts nothing, whether led or winning.",
            ),
            r(
                "Art. 15",
                "Qui gagne la dernière levée compte 1 de plus, même avec une carte non marquante.",
                "Whoever wins the last trick counts 1 more, even with a non-scoring card.",
            ),
            r(
                "Art. 25",
                "On ne peut revoir que la dernière levée faite.",
                "Only the last trick taken may be looked at again.",
            ),
        ],
    },
    Section {
        id: "end",
        fr: "Les cartes, capot, pic",
        en: "The cards, capot, pique",
        rules: &[
            r(
                "Art. 16",
                "Qui a fait le plus de levées compte 10 pour les cartes ; à six levées chacun, personne.",
                "Whoever took more tricks counts 10 for the cards; at six each, nobody does.",
            ),
            r(
                "Art. 17",
                "Qui fait les douze levées est capot : il compte 40 au lieu de 10.",
                "Whoever takes all twelve tricks wins the capot: 40 instead of the 10.",
            ),
            r(
                "Art. 18",
                "Pic : celui qui atteint 30 en jouant, quand l’autre n’a encore rien compté, en compte 30 de plus (30 devient 60). Les 10 des cartes et les 40 du capot n’y servent jamais.",
                "Pique: a player who reaches 30 in the play while the other has counted nothing counts 30 more (30 becomes 60). The 10 for the cards and the 40 for capot never count toward it.",
            ),
        ],
    },
    Section {
        id: "game",
        fr: "La partie",
        en: "The game",
        rules: &[
            r(
                "Art. 19",
                "On compte à haute voix pendant le coup ; on n’écrit qu’à la fin du coup. La partie se joue en cent (ou 150, ou 200).",
                "Points are counted aloud during the deal and written down only at its end. A game is played to a hundred (or 150, or 200).",
            ),
            r(
                "Art. 19",
                "Quand un joueur atteint le but pendant les annonces, comptées dans l’ordre, le coup s’arrête et il gagne ; sinon on joue le coup jusqu’au bout et, si tous deux ont passé le but, le plus haut gagne.",
                "When a player reaches the target during the declarations, counted in order, the deal stops and he wins; otherwise the deal is played out and, if both passed the target, the higher total wins.",
            ),
            r(
                "Art. 20",
                "Un match se joue en deux parties ; si chacun en gagne une, on joue la belle.",
                "A match is two games; if each player wins one, a third, the belle, decides.",
            ),
        ],
    },
    Section {
        id: "presets-rules",
        fr: "Les autres façons de jouer",
        en: "The other ways to play",
        rules: &[
            v(
                "ancien",
                "Ancien (du temps de Molière) : 36 cartes avec les six, talon de 12 ; le premier prend jusqu’à huit cartes ; la dix-neuvième vaut 19 ; les deux joueurs peuvent avoir cartes blanches, et alors ni repic ni pic.",
                "Ancien (Molière’s time): 36 cards with the sixes, a talon of 12; elder takes up to eight; a neuvième is worth 19; both players may hold carte blanche, and then there is no repique or pique.",
            ),
            v(
                "moderne",
                "Moderne : le point est le nombre de cartes de la couleur (la valeur départage), annoncé en deux temps ; toutes les cartes sont marquantes dans le jeu.",
                "Modern: the point is the number of cards in the suit (the value breaks ties), declared in two steps; every card scores in the play.",
            ),
            v(
                "rubicon",
                "Rubicon : six coups ; la plus haute carte choisit de donner ; le donneur peut ne rien écarter et laisse le reste du talon découvert ou caché ; le gagnant reçoit 100 plus l’écart des points, ou 100 plus leur somme si le perdant n’a pas atteint 100 (il est « rubiconé »).",
                "Rubicon: six deals; the higher cut chooses who deals; the dealer may exchange none and leaves the rest of the talon face up or unseen; the winner gains 100 plus the difference, or 100 plus the sum if the loser did not reach 100 (he is \"rubiconed\").",
            ),
            v(
                "150",
                "150 : parties en 150, belle en 221 ; le point se compare en valeur et vaut son nombre de cartes ; on ne compte que la combinaison annoncée ; un point par levée gagnée, la dernière en vaut 10 ; ni repic ni pic. Le texte ne nomme pas les 10 des cartes : nous les donnons à qui a fait le plus de levées.",
                "150: games to 150, the belle to 221; the point is compared by value and scores its number of cards; only the declared combination scores; one point per trick won, the last worth 10; no repique or pique. The source never names the 10 for the cards: we give them to whoever took more tricks.",
            ),
        ],
    },
];

/// The rule with this article reference (the first one, when an article has several).
pub fn article(art: &str) -> Option<&'static Rule> {
    SECTIONS
        .iter()
        .flat_map(|s| s.rules.iter())
        .find(|rule| rule.art == art)
}

/// The five presets, by their stable ids (the engine's and the URLs'): each one's name and
/// one-line description, as every screen, the rules page and the records' words say them.
pub const PRESETS: [(&str, Text, Text); 5] = [
    (
        "classique",
        Text::PresetClassique,
        Text::PresetClassiqueDesc,
    ),
    ("ancien", Text::PresetAncien, Text::PresetAncienDesc),
    ("moderne", Text::PresetModerne, Text::PresetModerneDesc),
    ("rubicon", Text::PresetRubicon, Text::PresetRubiconDesc),
    ("150", Text::Preset150, Text::Preset150Desc),
];

/// A preset's name by its stable id (« Classique », "Classic"); « Règles particulières »,
/// "Other rules", for an id that names none.
pub fn preset_name(id: &str, lang: Lang) -> &'static str {
    PRESETS
        .iter()
        .find(|(p, _, _)| *p == id)
        .map_or(Text::CustomRules, |(_, name, _)| *name)
        .get(lang)
}

/// One option of the rule set, as a row of the presets table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionRow {
    /// What the option is.
    pub label: &'static str,
    /// Its value under each preset, in [`Rules::ALL`] order.
    pub cells: Vec<String>,
}

/// The table of the five presets, one row per option of [`Rules`] (RULES.md section 10),
/// written from the presets' values.
pub fn preset_table(lang: Lang) -> Vec<OptionRow> {
    option_table(&Rules::ALL.map(|(_, rules)| rules), lang)
}

/// Rules that are not a preset, in words: the nearest preset and what differs from it, e.g.
/// « Ancien — Abandon du coup (Les Fâcheux) : oui » (a record's `[Options "abandon=true"]`).
pub fn rules_in_words(rules: &Rules, lang: Lang) -> String {
    let (id, preset, _) = rules.nearest_preset();
    let changes: Vec<String> = option_table(&[preset, *rules], lang)
        .into_iter()
        .filter(|row| row.cells[0] != row.cells[1])
        .map(|row| crate::words::labelled(row.label, &row.cells[1], lang))
        .collect();
    let name = preset_name(id, lang);
    if changes.is_empty() {
        name.to_string()
    } else {
        format!("{name} — {}", changes.join(pick(lang, " ; ", "; ")))
    }
}

/// One row per option of [`Rules`], one cell per rule set of `sets`.
fn option_table(sets: &[Rules], lang: Lang) -> Vec<OptionRow> {
    let t = |fr, en| pick(lang, fr, en);
    let row = |label: &'static str, f: &dyn Fn(&Rules) -> String| OptionRow {
        label,
        cells: sets.iter().map(f).collect(),
    };
    let yes_no = |b: bool| {
        if b {
            t("oui", "yes").to_string()
        } else {
            t("non", "no").to_string()
        }
    };
    vec![
        row(t("Cartes / talon", "Cards / talon"), &|r| {
            let n = match r.deck {
                Deck::Piquet32 => 32,
                Deck::Piquet36 => 36,
            };
            format!("{n} / {}", r.talon_len())
        }),
        row(t("Écart du premier", "Elder’s exchange"), &|r| {
            format!("1–{}", r.elder_max)
        }),
        row(
            t("Écart du donneur", "Dealer’s exchange"),
            &|r| match r.dealer_min {
                DealerMinimum::Fixed(n) => format!("{n}–{}", t("tout", "all")),
                DealerMinimum::ElderLeftoverPlusOne => {
                    format!(
                        "{}–{}",
                        t("6 − écart du premier", "6 − elder’s"),
                        t("tout", "all")
                    )
                }
            },
        ),
        row(t("Reste du talon", "Talon left over"), &|r| {
            match r.leftover {
                LeftoverRule::Classic => t(
                    "le donneur le voit ; le premier, en nommant sa couleur d’entame",
                    "the dealer sees it; elder, by naming his lead suit",
                ),
                LeftoverRule::Rubicon => t(
                    "le donneur le découvre ou le cache",
                    "the dealer exposes or hides it",
                ),
            }
            .to_string()
        }),
        row(
            t("Voir son écart en jouant", "See own discards in play"),
            &|r| yes_no(r.own_discards_visible),
        ),
        row(t("Cartes blanches", "Carte blanche"), &|r| {
            if r.both_carte_blanche {
                format!(
                    "{}, {}",
                    r.carte_blanche,
                    t("les deux joueurs", "both players")
                )
            } else {
                r.carte_blanche.to_string()
            }
        }),
        row(t("Le point", "The point"), &|r| {
            match r.point {
                PointScoring::ValueTens => {
                    t("valeur, compte les dizaines", "value, scores the tens")
                }
                PointScoring::LengthThenValue => {
                    t("nombre de cartes, puis valeur", "length, then value")
                }
                PointScoring::ValueComparedLengthScored => t(
                    "comparé en valeur, compte le nombre de cartes",
                    "compared by value, scores the length",
                ),
            }
            .to_string()
        }),
        row(
            t("Séquences (3 à 9 cartes)", "Sequences (3 to 9 cards)"),
            &|r| {
                let longest = if r.deck == Deck::Piquet36 { 7 } else { 6 };
                r.sequence_values[..longest]
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        ),
        row(t("Combinaisons comptées", "Combinations scored"), &|r| {
            match r.scored_combos {
                ScoredCombos::DeclaredAndNotBetter => t(
                    "l’annoncée et les moins bonnes",
                    "the declared one and lesser ones",
                ),
                ScoredCombos::DeclaredOnly => t("l’annoncée seule", "the declared one only"),
            }
            .to_string()
        }),
        row(t("Annonces", "Declaring"), &|r| {
            match r.protocol {
                Protocol::OneStep => t("en un temps", "one step"),
                Protocol::TwoStepPoint => t("point en deux temps", "point in two steps"),
                Protocol::TwoStepPointAndSequence => t(
                    "point et séquences en deux temps",
                    "point and sequences in two steps",
                ),
            }
            .to_string()
        }),
        row(t("Repic et pic", "Repique and pique"), &|r| {
            yes_no(r.repic_pic)
        }),
        row(t("Points des levées", "Trick points"), &|r| {
            match r.trick_points {
                TrickPoints::ScoringCards => t(
                    "cartes marquantes (dix et plus)",
                    "scoring cards (ten and up)",
                ),
                TrickPoints::AllCards => t("toutes les cartes", "every card"),
                TrickPoints::PerTrickWon => t("1 par levée gagnée", "1 per trick won"),
            }
            .to_string()
        }),
        row(t("Dernière levée", "Last trick"), &|r| {
            let capot = if r.capot_no_last_trick {
                t(" (rien de plus au capot)", " (nothing more with capot)")
            } else {
                ""
            };
            if r.trick_points == TrickPoints::PerTrickWon {
                format!(
                    "{} {}{capot}",
                    1 + r.last_trick_bonus,
                    t("en tout", "in all")
                )
            } else {
                format!("+{}{capot}", r.last_trick_bonus)
            }
        }),
        row(t("Les cartes / capot", "Cards / capot"), &|r| {
            format!("{} / {}", r.cards_bonus, r.capot_bonus)
        }),
        row(t("Partie", "Game"), &|r| match r.format {
            Format::Cent {
                target,
                match_play,
                belle_target,
            } => {
                if match_play && belle_target != target {
                    format!(
                        "{target}, {} {belle_target}",
                        t("match, belle en", "match, belle to")
                    )
                } else if match_play {
                    format!("{target}, {}", t("match et belle", "match and belle"))
                } else {
                    format!("{target}")
                }
            }
            Format::Rubicon { deals } => format!("Rubicon, {deals} {}", t("coups", "deals")),
        }),
        row(t("Premier donneur", "First dealer"), &|r| {
            match r.cut {
                CutRule::LowerDeals => t("la plus basse donne", "lower cut deals"),
                CutRule::HigherChooses => t("la plus haute choisit", "higher cut chooses"),
            }
            .to_string()
        }),
        row(
            t(
                "Abandon du coup (Les Fâcheux)",
                "Abandoning the deal (Les Fâcheux)",
            ),
            &|r| yes_no(r.abandon),
        ),
    ]
}

/// The heading and contents entry of the presets table.
fn presets_title(lang: Lang) -> &'static str {
    pick(lang, "Les cinq façons de jouer", "The five ways to play")
}

/// Text escaped for HTML (element content and double-quoted attribute values): the rules
/// page's, and the embedded replay's light first stage's markup.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The body of the rules page in `lang`, as HTML: the introduction, the contents, every
/// section article by article, and the presets side by side (what differs from *classique*
/// marked). Contents links carry `data-jump`: the page scrolls to the section without touching
/// the URL's fragment, which belongs to records (docs/embedding.md).
pub fn fragment(lang: Lang) -> String {
    use std::fmt::Write;
    let t = |fr, en| pick(lang, fr, en);
    let mut html = String::new();
    let mut line = |s: String| {
        html.push_str(&s);
        html.push('\n');
    };
    line(format!(
        "<p class=\"rules-intro\">{}</p>",
        escape(t(
            "Le petit piquet des années 1690, tel que le joue l’application. « Art. » renvoie aux articles du texte de référence ; chaque point compté pendant la partie cite le sien.",
            "Petit Piquet of the 1690s, as the app plays it. \"Art.\" refers to the articles of the reference text; every point counted in a game cites its own.",
        ))
    ));
    let mut contents = String::new();
    let entries = SECTIONS.iter().map(|s| (s.id, s.title(lang))).chain([
        ("presets", presets_title(lang)),
        ("keys", Text::KeysTitle.get(lang)),
    ]);
    for (id, title) in entries {
        let _ = write!(
            contents,
            "<li><a href=\"#rules-{id}\" data-jump=\"rules-{id}\">{}</a></li>",
            escape(title)
        );
    }
    line(format!(
        "<nav aria-label=\"{}\"><ol class=\"rules-contents\">{contents}</ol></nav>",
        t("Sommaire", "Contents")
    ));
    for section in SECTIONS {
        let mut rules = String::new();
        for rule in section.rules {
            if rule.variant.is_empty() {
                rules.push_str("<li class=\"rule\">");
            } else {
                let _ = write!(
                    rules,
                    "<li class=\"rule\" id=\"rules-variant-{}\">",
                    rule.variant
                );
            }
            if !rule.art.is_empty() {
                let _ = write!(rules, "<span class=\"art\">{}</span> ", escape(rule.art));
            }
            let _ = write!(rules, "{}</li>", escape(rule.text(lang)));
        }
        line(format!(
            "<section class=\"rules-section\" aria-labelledby=\"rules-{id}\"><h3 id=\"rules-{id}\">{}</h3><ul class=\"rules-list\">{rules}</ul></section>",
            escape(section.title(lang)),
            id = section.id,
        ));
    }
    let caption = escape(t(
        "Les cinq façons de jouer (en couleur : ce qui diffère du classique)",
        "The five ways to play (highlighted: what differs from Classic)",
    ));
    let mut head = format!("<th scope=\"col\">{}</th>", t("Règle", "Rule"));
    for (id, _) in Rules::ALL {
        let _ = write!(
            head,
            "<th scope=\"col\">{}</th>",
            escape(preset_name(id, lang))
        );
    }
    let mut rows = String::new();
    for row in preset_table(lang) {
        let _ = write!(rows, "<tr><th scope=\"row\">{}</th>", escape(row.label));
        for (i, cell) in row.cells.iter().enumerate() {
            let differs = i > 0 && *cell != row.cells[0];
            let class = if differs { " class=\"differs\"" } else { "" };
            let _ = write!(rows, "<td{class}>{}</td>", escape(cell));
        }
        rows.push_str("</tr>");
    }
    line(format!(
        "<section class=\"rules-section\" aria-labelledby=\"rules-presets\"><h3 id=\"rules-presets\">{}</h3><div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"{caption}\"><table class=\"presets-table\"><caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div></section>",
        escape(presets_title(lang)),
    ));
    // The table's keys, its shortcuts among them (H, S, L: each tool's title says its own).
    let keys: String = [
        Text::KeysTab,
        Text::KeysArrows,
        Text::KeysHint,
        Text::KeysSheet,
        Text::KeysLog,
        Text::KeysEscape,
    ]
    .iter()
    .map(|k| format!("<li class=\"rule\">{}</li>", escape(k.get(lang))))
    .collect();
    line(format!(
        "<section class=\"rules-section\" aria-labelledby=\"rules-keys\"><h3 id=\"rules-keys\">{}</h3><ul class=\"rules-list\">{keys}</ul></section>",
        escape(Text::KeysTitle.get(lang)),
    ));
    html
}

/// Where the rules page finds [`fragment`] for `lang`, relative to the page (`dist/rules/`).
pub fn fragment_url(lang: Lang) -> &'static str {
    pick(lang, "rules/fr.html", "rules/en.html")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules page opened from a game goes to its variant's own rules: an anchor for every
    /// preset but *classique* (the page itself), found on the page in both languages, on the
    /// item that names the preset; custom rules go to their nearest preset's.
    #[test]
    fn every_variant_has_its_place_on_the_rules_page() {
        assert_eq!(variant_anchor(&Rules::classique()), None);
        for (id, rules) in Rules::ALL.into_iter().skip(1) {
            let anchor = variant_anchor(&rules).unwrap();
            assert_eq!(anchor, format!("rules-variant-{id}"));
            for lang in Lang::ALL {
                let page = fragment(lang);
                let at = page
                    .find(&format!("id=\"{anchor}\">"))
                    .unwrap_or_else(|| panic!("{anchor} on the {lang:?} page"));
                let item = &page[at..];
                // The item begins with the preset's name (« 150 », named « En 150 » elsewhere).
                let name = preset_name(id, lang)
                    .trim_start_matches("En ")
                    .trim_start_matches("To ");
                assert!(
                    item[item.find('>').unwrap() + 1..].starts_with(name),
                    "{id}"
                );
            }
        }
        let mut facheux = Rules::ancien();
        facheux.abandon = true;
        assert_eq!(
            variant_anchor(&facheux).as_deref(),
            Some("rules-variant-ancien")
        );
    }

    #[test]
    fn the_shipped_rules_files_are_up_to_date() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../static");
        for lang in Lang::ALL {
            let path = dir.join(fragment_url(lang));
            let want = fragment(lang);
            if std::env::var_os("PIQUET_WRITE_RULES").is_some() {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &want).unwrap();
            }
            let shipped = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                shipped == want,
                "{} is not what crates/table/src/rules_text.rs writes: run PIQUET_WRITE_RULES=1 cargo test -p piquet-table --lib rules_text",
                path.display()
            );
        }
    }

    #[test]
    fn the_rules_files_escape_their_text_and_mark_what_differs() {
        assert_eq!(
            escape("a < b & \"c\" > d"),
            "a &lt; b &amp; &quot;c&quot; &gt; d"
        );
        let fr = fragment(Lang::Fr);
        assert!(fr.contains("<span class=\"art\">Art. 15.1</span> Dans le jeu de la carte"));
        assert!(fr.contains(
            "<th scope=\"row\">Écart du premier</th><td>1–5</td><td class=\"differs\">1–8</td>"
        ));
        assert!(fr.contains("data-jump=\"rules-presets\""));
        let en = fragment(Lang::En);
        assert!(en.contains("&quot;Art.&quot; refers"), "quotes are escaped");
        // The sections, the presets, and the keys (the table's shortcuts).
        assert_eq!(en.matches("<section ").count(), SECTIONS.len() + 2);
        assert!(fr.contains("data-jump=\"rules-keys\""));
        for key in [
            "H\u{a0}: un conseil",
            "S\u{a0}: la feuille de marque",
            "L\u{a0}: le journal",
        ] {
            assert!(fr.contains(key), "{key}");
        }
    }

    #[test]
    fn every_rule_cites_an_article_of_seed_000_or_a_preset() {
        for section in SECTIONS {
            for rule in section.rules {
                assert!(
                    rule.art.is_empty() || rule.art.starts_with("Art. "),
                    "{}: {:?}",
                    section.id,
                    rule.art
                );
                assert!(!rule.fr.is_empty() && !rule.en.is_empty());
            }
        }
        assert_eq!(article("Art. 15.1").map(|r| r.art), Some("Art. 15.1"));
        assert_eq!(article("Art. 99"), None);
    }

    #[test]
    fn the_table_follows_the_presets() {
        let table = preset_table(Lang::En);
        let cell = |label: &str, preset: usize| {
            table
                .iter()
                .find(|row| row.label == label)
                .map(|row| row.cells[preset].clone())
                .unwrap()
        };
        assert_eq!(cell("Cards / talon", 0), "32 / 8");
        assert_eq!(cell("Cards / talon", 1), "36 / 12");
        assert_eq!(cell("Elder’s exchange", 1), "1–8");
        assert_eq!(cell("Dealer’s exchange", 3), "0–all");
        assert_eq!(cell("Sequences (3 to 9 cards)", 0), "3 4 15 16 17 18");
        assert_eq!(cell("Sequences (3 to 9 cards)", 1), "3 4 15 16 17 18 19");
        assert_eq!(cell("Sequences (3 to 9 cards)", 4), "3 4 5 16 17 18");
        assert_eq!(cell("Repique and pique", 4), "no");
        assert_eq!(cell("Game", 0), "100, match and belle");
        assert_eq!(cell("Game", 3), "Rubicon, 6 deals");
        assert_eq!(cell("Game", 4), "150, match, belle to 221");
        assert_eq!(cell("Last trick", 4), "10 in all (nothing more with capot)");
        assert_eq!(cell("Last trick", 0), "+1");
        for row in &table {
            assert_eq!(row.cells.len(), Rules::ALL.len(), "{}", row.label);
        }
    }
}
