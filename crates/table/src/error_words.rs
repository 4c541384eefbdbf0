//! Every problem the app reports, put in words in the reader's language: a record that does
//! not read or replay, a link, a file or a URL that gives none, a host page's bad parameter or
//! message, a `goto` outside the record, a saved game or settings set aside. Short by
//! construction: whatever is quoted of someone's input is an [`Excerpt`] (160 characters at
//! most) followed by how long the whole was, « … » (500 133 caractères, coupés).
//!
//! The English sentences are the engine's own (`Display`), with deals and actions counted
//! from 1 as people count them; the French ones are written here.

use piquet_engine::error::grouped;
use piquet_engine::game::StartProblem;
use piquet_engine::rules::RulesProblem;
use piquet_engine::{
    CutError, Excerpt, IllegalAction, JsonPlace, JsonProblem, ParseCardError, RecordError, Seat,
    SetupProblem, TextProblem,
};

use crate::embed::{Expected, GotoProblem, KNOWN, MessageError, ParamError};
use crate::i18n::Lang;
use crate::link::FragmentError;
use crate::records::LoadProblem;
use crate::stored::{Kind, StoredProblem, Unread};

/// A count with its digits grouped: 500 133 (a narrow no-break space), 500,133.
pub fn count(n: usize, lang: Lang) -> String {
    grouped(
        n,
        match lang {
            Lang::Fr => ' ',
            Lang::En => ',',
        },
    )
}

/// A quotation of someone's input: « AS », “AS”, and when it was cut, « abc… » (500 133
/// caractères, coupés), “abc…” (500,133 characters, cut).
pub fn excerpt(e: &Excerpt, lang: Lang) -> String {
    let cut = e.is_cut();
    let ellipsis = if cut { "…" } else { "" };
    let quoted = match lang {
        Lang::Fr => format!("« {}{ellipsis} »", e.text),
        Lang::En => format!("“{}{ellipsis}”", e.text),
    };
    if !cut {
        return quoted;
    }
    match lang {
        Lang::Fr => format!("{quoted} ({} caractères, coupés)", count(e.chars, lang)),
        Lang::En => format!("{quoted} ({} characters, cut)", count(e.chars, lang)),
    }
}

/// [`excerpt`] of any text.
pub fn quote(text: &str, lang: Lang) -> String {
    excerpt(&Excerpt::of(text), lang)
}

fn seat(s: Seat) -> &'static str {
    match s {
        Seat::A => "A",
        Seat::B => "B",
    }
}

/// Why a record does not read or does not replay.
pub fn record_error(e: &RecordError, lang: Lang) -> String {
    use RecordError as R;
    match (e, lang) {
        (
            R::Malformed {
                problem,
                line,
                column,
                message,
                place: Some(place),
            },
            _,
        ) => malformed_at(problem, place, *line, *column, message, lang),
        (
            R::Malformed {
                problem,
                line,
                column,
                message,
                place: None,
            },
            _,
        ) => malformed(problem, *line, *column, message, lang),
        (
            R::Text {
                line,
                written,
                problem,
            },
            _,
        ) => {
            let at = match lang {
                Lang::Fr => format!("ligne {line}"),
                Lang::En => format!("line {line}"),
            };
            let at = if written.text.is_empty() {
                at
            } else {
                format!("{at} {}", excerpt(written, lang))
            };
            let problem = match (problem, lang) {
                (TextProblem::Replay { action, error }, _) => {
                    let error = record_error(error, lang);
                    match action {
                        Some(action) => {
                            crate::words::labelled(&excerpt(action, lang), &error, lang)
                        }
                        None => error,
                    }
                }
                (_, Lang::Fr) => text_fr(problem),
                // The engine's English, but without the list of every rule option (the docs
                // have it).
                (TextProblem::UnknownOption { key }, Lang::En) => {
                    format!("Options: unknown rule option {}", excerpt(key, lang))
                }
                (_, Lang::En) => problem.to_string(),
            };
            crate::words::labelled(&at, &problem, lang)
        }
        (R::Version { format, version }, Lang::Fr) => format!(
            "ce n’est pas une partie que cette version sait lire (format {}, version {version})",
            excerpt(format, lang)
        ),
        (R::Version { format, version }, Lang::En) => format!(
            "not a record this version can read (format {}, version {version})",
            excerpt(format, lang)
        ),
        (R::UnknownRules { id }, Lang::Fr) => format!(
            "règle inconnue {} (connues : classique, ancien, moderne, rubicon, 150)",
            excerpt(id, lang)
        ),
        (R::UnknownRules { id }, Lang::En) => format!(
            "unknown rules {} (known: classique, ancien, moderne, rubicon, 150)",
            excerpt(id, lang)
        ),
        (R::BadRules { reason }, Lang::Fr) => format!("règles incohérentes : {}", rules_fr(reason)),
        (R::BadRules { reason }, Lang::En) => format!("inconsistent rules: {reason}"),
        (R::Cut { problem }, Lang::Fr) => format!("la coupe : {}", cut_fr(problem)),
        (R::Cut { problem }, Lang::En) => format!("the cut: {problem}"),
        (R::Start { problem }, Lang::Fr) => {
            format!("le point de départ : {}", start_fr(problem))
        }
        (R::Start { problem }, Lang::En) => format!("the start: {problem}"),
        (R::Layout { deal, problem }, Lang::Fr) => {
            format!("donne {} : {}", deal + 1, setup_fr(problem))
        }
        (R::Layout { deal, problem }, Lang::En) => format!("deal {}: {problem}", deal + 1),
        (
            R::Action {
                deal,
                action,
                error,
            },
            Lang::Fr,
        ) => format!(
            "donne {}, coup {} : {}",
            deal + 1,
            action + 1,
            illegal_fr(error)
        ),
        (
            R::Action {
                deal,
                action,
                error,
            },
            Lang::En,
        ) => {
            format!("deal {}, move {}: {error}", deal + 1, action + 1)
        }
        (
            R::Extra {
                deal,
                action: Some(a),
            },
            Lang::Fr,
        ) => format!(
            "donne {}, coup {} : la donne est déjà finie",
            deal + 1,
            a + 1
        ),
        (
            R::Extra {
                deal,
                action: Some(a),
            },
            Lang::En,
        ) => format!(
            "deal {}, move {}: the deal is already over",
            deal + 1,
            a + 1
        ),
        (R::Extra { deal, action: None }, Lang::Fr) => format!(
            "donne {} : aucune donne n’est attendue ici (la partie est finie, ou la donne d’avant ne l’est pas)",
            deal + 1
        ),
        (R::Extra { deal, action: None }, Lang::En) => format!(
            "deal {}: no deal is expected here (the game is over, or the deal before is not)",
            deal + 1
        ),
    }
}

/// A JSON record that reads but is not a record's shape, said with the field and the value.
fn malformed_at(
    problem: &JsonProblem,
    place: &JsonPlace,
    line: usize,
    column: usize,
    message: &str,
    lang: Lang,
) -> String {
    let at = match (place.path.as_str(), lang) {
        ("", Lang::Fr) => "la partie",
        ("", Lang::En) => "the record",
        (path, _) => path,
    };
    let found = excerpt(&place.found, lang);
    let problem = match (problem, lang) {
        (JsonProblem::NotOneOf { expected }, Lang::Fr) => format!(
            "{found} n’est pas une valeur permise ici (permises : {}) (ligne {line}, colonne {column})",
            expected.join(", ")
        ),
        (JsonProblem::NotOneOf { expected }, Lang::En) => format!(
            "{found} is not one of {} (line {line}, column {column})",
            expected.join(", ")
        ),
        (JsonProblem::MissingField { field }, Lang::Fr) => format!(
            "il manque le champ {} (ligne {line}, colonne {column})",
            quote(field, lang)
        ),
        (JsonProblem::MissingField { field }, Lang::En) => format!(
            "the field {} is missing (line {line}, column {column})",
            quote(field, lang)
        ),
        (_, Lang::Fr) => {
            format!("la valeur {found} n’a pas la forme attendue (ligne {line}, colonne {column})")
        }
        (_, Lang::En) => format!("{found} does not fit: {message}"),
    };
    crate::words::labelled(at, &problem, lang)
}

fn malformed(
    problem: &JsonProblem,
    line: usize,
    column: usize,
    message: &str,
    lang: Lang,
) -> String {
    match (problem, lang) {
        (JsonProblem::Syntax, Lang::Fr) => {
            format!("ce n’est pas du JSON valide (ligne {line}, colonne {column})")
        }
        (JsonProblem::Syntax, Lang::En) => {
            format!("this is not valid JSON (line {line}, column {column})")
        }
        (JsonProblem::Eof, Lang::Fr) => format!("le JSON s’arrête avant sa fin (ligne {line})"),
        (JsonProblem::Eof, Lang::En) => format!("the JSON stops before its end (line {line})"),
        (JsonProblem::MissingField { field }, Lang::Fr) => format!(
            "il manque le champ {} (ligne {line}, colonne {column})",
            quote(field, lang)
        ),
        (JsonProblem::MissingField { field }, Lang::En) => format!(
            "the field {} is missing (line {line}, column {column})",
            quote(field, lang)
        ),
        (JsonProblem::Shape | JsonProblem::NotOneOf { .. }, Lang::Fr) => {
            format!("ce JSON n’a pas la forme d’une partie (ligne {line}, colonne {column})")
        }
        (JsonProblem::Shape | JsonProblem::NotOneOf { .. }, Lang::En) => {
            format!("this JSON is not shaped like a record: {message}")
        }
    }
}

/// A problem of the text form, in French.
fn text_fr(p: &TextProblem) -> String {
    use TextProblem as P;
    let x = |e: &Excerpt| excerpt(e, Lang::Fr);
    match p {
        P::Unexpected { word } => format!("{} inattendu", x(word)),
        P::TagNameMissing => "une étiquette s’écrit [Nom \"valeur\"] : le nom manque".into(),
        P::TagUnquoted { tag } => {
            format!(
                "étiquette {} : la valeur doit être entre guillemets droits",
                x(tag)
            )
        }
        P::TagUnclosedQuote { tag } => {
            format!(
                "étiquette {} : la valeur n’a pas de guillemet fermant",
                x(tag)
            )
        }
        P::TagBadEscape { tag, found } => format!(
            "étiquette {} : échappement \\{} inconnu (écrire \\\\ \\\" \\n \\r ou \\t)",
            x(tag),
            found.map(String::from).unwrap_or_default()
        ),
        P::TagUnclosed { tag } => format!("étiquette {} : ] attendu après la valeur", x(tag)),
        P::CommentUnclosed => "un commentaire ouvert par { n’est jamais fermé".into(),
        P::CommentBadEscape => {
            "échappement inconnu dans un commentaire (écrire \\\\ pour \\, \\{ pour { et \\} pour })"
                .into()
        }
        P::BadLabel { label } => format!(
            "[{}] n’est pas une étiquette : un texte entre accolades peut commencer par [fr] ou [en] (sa langue), [note], [prompt] ou [wrong] seuls ou avec une langue ([note fr]), ou [und] (sans langue) ; pour commencer un texte par des crochets, mettre d’abord une étiquette ({{[fr] [{}] …}})",
            label.text, label.text
        ),
        P::DealNumber { found, expected } => {
            format!("[Deal {}] : donne numéro {expected} attendue", x(found))
        }
        P::HeaderTagInDeal { tag } => format!(
            "l’étiquette {} appartient à l’en-tête, avant le premier [Deal]",
            x(tag)
        ),
        P::NotADealTag { tag } => format!(
            "l’étiquette {} n’est pas une étiquette de donne (Dealer, Seed, Elder, DealerHand, Talon)",
            x(tag)
        ),
        P::DealTagLate { tag } => format!(
            "l’étiquette {} vient après le commentaire ou les coups de la donne (ses étiquettes viennent d’abord)",
            x(tag)
        ),
        P::DealTagTwice { tag } => {
            format!(
                "l’étiquette {} est donnée deux fois dans cette donne",
                x(tag)
            )
        }
        P::DealTagInHeader { tag } => format!(
            "l’étiquette {} appartient à une donne : mettre [Deal \"1\"] avant",
            x(tag)
        ),
        P::UnknownTag { tag } => format!(
            "étiquette {} inconnue (en-tête : Format, Version, Event, Date, PlayerA, PlayerB, Source, Licence, Annotator, Rules, Options, Cut, HigherCard, Start)",
            x(tag)
        ),
        P::TagTwice { tag } => format!("l’étiquette {} est donnée deux fois", x(tag)),
        P::NoteOutsideDeal => "une note doit suivre une étiquette [Deal] ou un coup".into(),
        P::SecondComment { lang, kind } => {
            let what = match kind {
                piquet_engine::TextKind::Note => "une seconde note",
                piquet_engine::TextKind::Prompt => "une seconde consigne",
                piquet_engine::TextKind::Wrong => "une seconde remarque d’erreur",
                piquet_engine::TextKind::Comment => "un second commentaire",
            };
            if lang == piquet_engine::record::UNTAGGED {
                format!("{what} au même endroit (les réunir)")
            } else {
                format!("{what} en {lang} au même endroit (les réunir)")
            }
        }
        P::WrongOutsideAction => {
            "un texte [wrong] doit suivre un coup (ce que dit une leçon quand on en tente un autre)"
                .into()
        }
        P::TrickNumberBeforeDeal { word } => format!("{} avant tout [Deal]", x(word)),
        P::NotAnAction { word } => format!(
            "un coup comme B:x ou A:AH était attendu (le siège A ou B, deux-points, puis le coup), et non {}",
            x(word)
        ),
        P::ActionBeforeDeal => "un coup avant toute étiquette [Deal]".into(),
        P::Cards { place, error } => {
            use piquet_engine::record_text::CardsPlace as C;
            let place = match place {
                C::Discard => "x (écart)",
                C::Declare => "decl (annonce)",
                C::Equal => "equal (égal)",
                C::Better => "better (mieux)",
                C::Elder => "Elder",
                C::DealerHand => "DealerHand",
                C::Talon => "Talon",
                C::Cut => "Cut",
            };
            format!("{place} : {}", card_fr(error))
        }
        P::YesOrNo { verb } => format!("{verb} attend yes ou no"),
        P::NoArgument { verb, found } => {
            format!("{} ne prend pas d’argument, et non {}", verb.text, x(found))
        }
        P::BlancheNumber { found } => {
            format!("blanche : {} n’est pas un nombre de cartes", x(found))
        }
        P::BlancheArguments => "blanche prend au plus un nombre".into(),
        P::LookSuit { found } => {
            format!("look : {} n’est pas une couleur (S H D C, ♠ ♥ ♦ ♣ ou -)", x(found))
        }
        P::LookArguments => "look prend une couleur (S H D C) ou -".into(),
        P::UnknownMove { verb } => format!(
            "coup inconnu {} (x, blanche, abandon, accept, look, expose, decl, good, equal, better, ou une carte)",
            x(verb)
        ),
        P::NotASeat { found } => format!("{} n’est pas un siège (A ou B)", x(found)),
        P::OptionsSyntax { found } => {
            format!("Options : clé=valeur attendu, et non {}", x(found))
        }
        P::UnknownOption { key } => format!("Options : option de règle inconnue {}", x(key)),
        P::OptionValue { key, .. } => {
            format!("Options : la valeur de {key} n’est pas du JSON valide")
        }
        P::OptionNoValue { key } => format!("Options : {key} n’a pas de valeur"),
        P::OptionSpace { key } => format!("Options : une espace doit suivre la valeur de {key}"),
        P::OptionsInvalid { .. } => "Options : ces valeurs ne forment pas une règle".into(),
        P::CutDraw { found } => format!(
            "Cut : chaque tirage est de deux cartes, celle de A puis celle de B, les tirages séparés par des virgules ; et non {}",
            x(found)
        ),
        P::MissingTag { tag } => format!("il manque l’étiquette d’en-tête [{tag} \"…\"]"),
        P::VersionNumber { found } => format!("Version : {} n’est pas un nombre", x(found)),
        P::Unsupported { format, version } => format!(
            "format ou version que cette version ne lit pas : {} v{version}",
            x(format)
        ),
        P::UnknownRules { id } => format!(
            "Rules : règle inconnue {} (connues : classique, ancien, moderne, rubicon, 150)",
            x(id)
        ),
        P::HigherCard { found } => {
            format!("HigherCard : {} n’est ni deals ni lets-deal", x(found))
        }
        P::StartSyntax { found } => format!(
            "Start : on attend deal=N totals=A,B (puis game=G won=A,B dealer=A ou B s’il le faut), et non {}",
            x(found)
        ),
        P::DealMissingTag { deal, tag } => {
            format!("donne {deal} : il manque l’étiquette [{tag} \"…\"]")
        }
        P::SeedNumber { found } => format!("Seed : {} n’est pas un nombre", x(found)),
        P::PlayersPair => "PlayerA et PlayerB vont ensemble".into(),
        P::Replay { error, .. } => record_error(error, Lang::Fr),
    }
}

fn card_fr(e: &ParseCardError) -> String {
    match e {
        ParseCardError::BadCard { token } => format!(
            "carte illisible {} (une valeur A K Q J T 9 8 7 6, ou R D V, puis une couleur S H D C ou ♠ ♥ ♦ ♣, par exemple AS, 10D ou R♥)",
            excerpt(token, Lang::Fr)
        ),
        ParseCardError::Duplicate { card } => format!("la carte {card} est donnée deux fois"),
    }
}

/// Why an action was refused, in the reader's language.
pub fn illegal_action(e: &IllegalAction, lang: Lang) -> String {
    match lang {
        Lang::Fr => illegal_fr(e),
        Lang::En => e.to_string(),
    }
}

/// Why a cut's choice was refused, in the reader's language.
pub fn cut_error(e: &CutError, lang: Lang) -> String {
    match lang {
        Lang::Fr => cut_fr(e),
        Lang::En => e.to_string(),
    }
}

fn illegal_fr(e: &IllegalAction) -> String {
    use IllegalAction as I;
    match e {
        I::DealOver => "la donne est finie".into(),
        I::NotYourTurn { to_act } => {
            format!("ce n’est pas son tour : à {} de jouer", seat(*to_act))
        }
        I::WrongPhase => "ce coup n’est pas possible à ce moment".into(),
        I::CardNotInHand { card } => format!("{card} n’est pas dans la main"),
        I::MustDiscardAtLeastOne { min } => {
            format!("il faut écarter au moins {min} carte (Art. 4)")
        }
        I::TooManyDiscards { max } => format!("on ne peut écarter plus de {max} cartes (Art. 4)"),
        I::WrongExchangeCount { expected } => {
            format!("il faut échanger exactement les {expected} cartes annoncées (Art. 5)")
        }
        I::NoCarteBlanche => "pas de cartes blanches à annoncer maintenant (Art. 5)".into(),
        I::SuitNotHeld => "la couleur nommée n’est pas dans la main".into(),
        I::NoLeftover => "il ne reste aucune carte au talon".into(),
        I::DeclarationNotHeld => "l’annonce ne correspond à rien dans la main".into(),
        I::AnswerNotBacked => "la réponse n’est pas justifiée par le jeu".into(),
        I::MustFollowSuit => "il faut fournir à la couleur (Art. 13)".into(),
        I::MustLeadAnnouncedSuit => {
            "il faut entamer dans la couleur nommée pour voir le reste du talon".into()
        }
        I::AbandonNotAllowed => "l’abandon du coup ne se joue pas avec cette règle".into(),
    }
}

fn setup_fr(p: &SetupProblem) -> String {
    use SetupProblem as S;
    match p {
        S::WrongCount {
            part,
            expected,
            found,
        } => {
            let part = match part.as_str() {
                "elder" => "le premier",
                "dealer" => "le donneur",
                _ => "le talon",
            };
            format!("{part} a {found} cartes au lieu de {expected}")
        }
        S::Duplicate { card } => format!("{card} figure deux fois"),
        S::NotInDeck { card } => format!("{card} n’est pas dans ce jeu"),
        S::Missing { card } => format!("{card} manque"),
        S::WrongDealer { expected: Some(s) } => format!("c’est à {} de donner", seat(*s)),
        S::WrongDealer { expected: None } => "aucune donne n’est attendue à ce moment".into(),
        S::BadRules { .. } => "règles incohérentes".into(),
    }
}

fn cut_fr(e: &CutError) -> String {
    match e {
        CutError::Undecided => "elle ne décide rien (à égalité, on recoupe)".into(),
        CutError::DecidedEarly { index } => {
            format!(
                "le tirage {} décidait déjà, mais d’autres suivent",
                index + 1
            )
        }
        CutError::SameCard { index } => {
            format!("le tirage {} sort deux fois la même carte", index + 1)
        }
        CutError::Choice => {
            "le choix de la plus haute carte se fait au Rubicon, et seulement là".into()
        }
    }
}

fn start_fr(p: &StartProblem) -> String {
    use StartProblem as S;
    match p {
        S::DealZero => "les donnes se comptent à partir de 1, non de 0".into(),
        S::TotalsBeforeFirstDeal { totals: [a, b] } => format!(
            "{a} et {b} avant la première donne de la partie, où rien n’est encore marqué"
        ),
        S::TotalTooLarge { total } => format!(
            "un total de {total} dépasse {}",
            piquet_engine::game::MAX_START_TOTAL
        ),
        S::GameWon {
            totals: [a, b],
            target,
        } => format!("à {a} contre {b}, la partie en {target} est déjà gagnée"),
        S::PartieOver {
            deal,
            deals,
            totals: [a, b],
        } => format!(
            "pas de donne {deal} dans une partie en {deals} donnes à {a} contre {b} : seuls des totaux égaux en amènent deux de plus"
        ),
        S::BadGame {
            game,
            games_won: [a, b],
        } => format!(
            "la partie {game} avec {a} et {b} parties gagnées n’est pas une partie de ces règles"
        ),
        S::DealerNeeded => {
            "dans une partie suivante d’une manche, la coupe ne dit pas qui donne : nommez le donneur"
                .into()
        }
        S::CutAndDealer => "le donneur est nommé : la coupe doit alors être vide".into(),
        S::OlderVersion { version } => format!(
            "une partie qui a un point de départ est de version 4 au moins, non {version}"
        ),
    }
}

fn rules_fr(p: &RulesProblem) -> String {
    match p {
        RulesProblem::ElderMax { talon } => {
            format!("le premier doit pouvoir écarter de 1 à {talon} cartes")
        }
        RulesProblem::DealerMinimum => "le minimum du donneur ne tient pas dans le talon".into(),
        RulesProblem::RubiconDeals => {
            "une partie de Rubicon se joue en un nombre pair de donnes".into()
        }
    }
}

/// Why a link's record does not open.
pub fn fragment_error(e: &FragmentError, lang: Lang) -> String {
    match (e, lang) {
        (FragmentError::BadCharacter { position, found }, Lang::Fr) => format!(
            "la partie du lien n’est pas en base64url : {} au caractère {}",
            quote(&found.to_string(), lang),
            position + 1
        ),
        (FragmentError::BadCharacter { position, found }, Lang::En) => format!(
            "the link’s record is not base64url: {} at character {}",
            quote(&found.to_string(), lang),
            position + 1
        ),
        (FragmentError::BadLength(n), Lang::Fr) => format!(
            "la partie du lien est coupée ({} caractères ne peuvent pas être du base64url)",
            count(*n, lang)
        ),
        (FragmentError::BadLength(n), Lang::En) => format!(
            "the link’s record is cut short ({} characters cannot be base64url)",
            count(*n, lang)
        ),
        (FragmentError::NotText, Lang::Fr) => "la partie du lien ne se décode pas en texte".into(),
        (FragmentError::NotText, Lang::En) => "the link’s record does not decode to text".into(),
        (FragmentError::Record(e), Lang::Fr) => {
            format!(
                "la partie du lien n’est pas valide : {}",
                record_error(e, lang)
            )
        }
        (FragmentError::Record(e), Lang::En) => {
            format!("the link’s record is not valid: {}", record_error(e, lang))
        }
    }
}

/// Why a record could not be opened (after « Cette partie ne peut pas être lue — »).
pub fn load_problem(p: &LoadProblem, lang: Lang) -> String {
    match (p, lang) {
        (
            LoadProblem::Record {
                from: Some(from),
                error,
            },
            _,
        ) => crate::words::labelled(&excerpt(from, lang), &record_error(error, lang), lang),
        (LoadProblem::Record { from: None, error }, _) => record_error(error, lang),
        (LoadProblem::Fragment(e), _) => fragment_error(e, lang),
        (
            LoadProblem::Fetch {
                url,
                status: Some(s),
            },
            Lang::Fr,
        ) => {
            format!("{} n’a pas pu être chargé (HTTP {s})", excerpt(url, lang))
        }
        (
            LoadProblem::Fetch {
                url,
                status: Some(s),
            },
            Lang::En,
        ) => {
            format!("{} could not be fetched (HTTP {s})", excerpt(url, lang))
        }
        (LoadProblem::Fetch { url, status: None }, Lang::Fr) => format!(
            "{} n’a pas pu être chargé (réseau coupé, ou le serveur ne le permet pas)",
            excerpt(url, lang)
        ),
        (LoadProblem::Fetch { url, status: None }, Lang::En) => format!(
            "{} could not be fetched (no network, or the server does not allow it)",
            excerpt(url, lang)
        ),
        (LoadProblem::TooLarge { name, bytes }, Lang::Fr) => format!(
            "{} est trop grand pour une partie ({} octets)",
            excerpt(name, lang),
            count(*bytes as usize, lang)
        ),
        (LoadProblem::TooLarge { name, bytes }, Lang::En) => format!(
            "{} is too large for a record ({} bytes)",
            excerpt(name, lang),
            count(*bytes as usize, lang)
        ),
        (LoadProblem::Unreadable { name }, Lang::Fr) => {
            format!("{} n’a pas pu être lu", excerpt(name, lang))
        }
        (LoadProblem::Unreadable { name }, Lang::En) => {
            format!("{} could not be read", excerpt(name, lang))
        }
        (LoadProblem::NothingChosen, Lang::Fr) => "aucun fichier choisi".into(),
        (LoadProblem::NothingChosen, Lang::En) => "no file chosen".into(),
        (LoadProblem::NothingPasted, Lang::Fr) => "rien n’a été collé".into(),
        (LoadProblem::NothingPasted, Lang::En) => "nothing was pasted".into(),
    }
}

/// Why a lesson could not be opened (after « Cette leçon n'a pas pu être ouverte — »).
pub fn lesson_error(e: &crate::lesson::LessonError, lang: Lang) -> String {
    use crate::lesson::LessonError;
    match (e, lang) {
        (LessonError::Record(e), _) => record_error(e, lang),
        (LessonError::NoPrompt, Lang::Fr) => {
            "elle ne demande rien au joueur (aucune consigne)".into()
        }
        (LessonError::NoPrompt, Lang::En) => "it asks the player nothing (no prompt)".into(),
        (LessonError::Rules(why), Lang::Fr) => {
            format!("ses règles ne se jouent pas à la table : {why}")
        }
        (LessonError::Rules(why), Lang::En) => {
            format!("its rules cannot be played at the table: {why}")
        }
    }
}

/// What a table of this mode shows, in French: « la donne du jour », « un problème ».
fn mode_fr(mode: &str) -> &'static str {
    match mode {
        "the deal of the day" => "la donne du jour",
        _ => "un problème",
    }
}

fn expected_fr(e: Expected) -> &'static str {
    match e {
        Expected::PlayOrReplay => "play, replay, problem ou daily",
        Expected::Preset => "une règle : classique, ancien, moderne, rubicon ou 150",
        Expected::Lang => "fr ou en",
        Expected::RecordUrl => "l’adresse d’un fichier de partie",
        Expected::Flag => "1 ou 0",
        Expected::Autoplay => "des millisecondes entre deux coups, un nombre entier de 200 à 60000",
        Expected::Theme => "light, dark, baize ou auto",
        Expected::Size => "small, medium ou large",
        Expected::Level => "un niveau, un nombre entier de 1 à 5",
        Expected::Seed => "un nombre entier de 0 à 18446744073709551615",
        Expected::Seat => "A ou B",
        Expected::Id => "de 1 à 64 lettres, chiffres, - _ ou .",
        Expected::Colour => "une couleur CSS : #rrggbb, #rgb, rgb(…), hsl(…) ou un nom de couleur",
        Expected::Background => {
            "transparent ou une couleur CSS : #rrggbb, #rgb, rgb(…), hsl(…) ou un nom de couleur"
        }
        Expected::Font => {
            "system, serif, sans ou une liste de familles de polices (inherit ne vaut que par <piquet-table>)"
        }
        Expected::Height => "auto (sinon la table remplit le cadre que l’hôte a dimensionné)",
        Expected::Show => {
            "une liste, séparée par des virgules, de loader, details, options, counts, log, review, export, play, ou all"
        }
    }
}

/// A problem with `embed.html`'s parameters.
pub fn param_error(e: &ParamError, lang: Lang) -> String {
    match (e, lang) {
        (ParamError::Unknown(name), Lang::Fr) => format!(
            "paramètre inconnu {} (connus : {})",
            excerpt(name, lang),
            KNOWN.join(", ")
        ),
        (ParamError::Unknown(name), Lang::En) => format!(
            "unknown parameter {} (known: {})",
            excerpt(name, lang),
            KNOWN.join(", ")
        ),
        (ParamError::Repeated(name), Lang::Fr) => {
            format!("le paramètre {name} est donné deux fois")
        }
        (ParamError::Repeated(name), Lang::En) => format!("the parameter {name} is given twice"),
        (
            ParamError::BadValue {
                name,
                value,
                expected,
            },
            Lang::Fr,
        ) => format!(
            "{name}={} n’est pas valable : attendu {}",
            excerpt(value, lang),
            expected_fr(*expected)
        ),
        (
            ParamError::BadValue {
                name,
                value,
                expected,
            },
            Lang::En,
        ) => format!(
            "{name}={} is not valid: expected {}",
            excerpt(value, lang),
            expected.en()
        ),
        (ParamError::NotInMode { name, mode }, Lang::Fr) => {
            format!("le paramètre {name} ne s’applique pas au mode {mode}")
        }
        (ParamError::NotInMode { name, mode }, Lang::En) => {
            format!("the parameter {name} does not apply to mode={mode}")
        }
    }
}

/// A cosmetic parameter not understood: the default is used.
pub fn param_ignored(e: &ParamError, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!(
            "{} ; la valeur par défaut est utilisée",
            param_error(e, lang)
        ),
        Lang::En => format!("{}; the default is used", param_error(e, lang)),
    }
}

/// A parameter of the app's own address not understood (`?seed=1.5`), as a sentence of its own:
/// « Dans l'adresse de la page, seed=« 1.5 » n'est pas valable : … ; la valeur par défaut est
/// utilisée. »
pub fn address_param_ignored(e: &ParamError, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("Dans l’adresse de la page, {}.", param_ignored(e, lang)),
        Lang::En => format!("In the page’s address, {}.", param_ignored(e, lang)),
    }
}

/// Why a host's message was refused.
pub fn message_error(e: &MessageError, lang: Lang) -> String {
    use MessageError as M;
    let x = |e: &Excerpt| excerpt(e, lang);
    match (e, lang) {
        (M::NotData, Lang::Fr) => "le message n’est pas une donnée JSON".into(),
        (M::Foreign, Lang::Fr) => {
            "un message d’une autre fenêtre que la page hôte a été ignoré".into()
        }
        (M::NotAnObject, Lang::Fr) => {
            "un message doit être un objet {\"piquet\": 1, \"type\": …}".into()
        }
        (M::NotPiquet, Lang::Fr) => "ce n’est pas un message piquet (pas de \"piquet\": 1)".into(),
        (M::Version(v), Lang::Fr) => format!(
            "version du protocole inconnue \"piquet\": {} (cette table parle la 1)",
            v.text
        ),
        (M::NoType, Lang::Fr) => "le message n’a pas de \"type\"".into(),
        (M::UnknownType(t), Lang::Fr) => format!(
            "type de message inconnu {} (connus : {})",
            x(t),
            crate::embed::MESSAGE_TYPES.join(", ")
        ),
        (M::LoadRecord, Lang::Fr) => "load : \"record\" doit être une partie, en texte (l’une ou l’autre forme) ou en objet JSON".into(),
        (M::GotoTarget, Lang::Fr) => "goto : donner \"index\", ou \"deal\" (à partir de 1) avec \"trick\" ou \"action\"".into(),
        (M::NotWhole { field, found, min, max }, Lang::Fr) => format!(
            "goto : \"{field}\" doit être un nombre entier de {min} à {max}, et non {}",
            found.text
        ),
        (M::TrickAndAction, Lang::Fr) => {
            "goto : donner \"trick\" ou \"action\", pas les deux".into()
        }
        (M::Lang(l), Lang::Fr) if l.chars == 0 => {
            "setLanguage : \"lang\" doit être \"fr\" ou \"en\"".into()
        }
        (M::Lang(l), Lang::Fr) => {
            format!("setLanguage : \"lang\" doit être \"fr\" ou \"en\", et non {}", l.text)
        }
        (
            M::BadField {
                kind,
                field,
                found,
                expected,
            },
            Lang::Fr,
        ) => format!(
            "{kind} : \"{field}\" doit être {}, et non {}",
            expected_fr(*expected),
            found.text
        ),
        (M::NeedsRecord(kind), Lang::Fr) => {
            format!("{kind} : aucune partie n’est ouverte dans la relecture")
        }
        (M::NeedsGame(kind), Lang::Fr) => {
            format!("{kind} : aucune partie contre l’ordinateur n’est en cours")
        }
        (M::Fixed(kind, mode), Lang::Fr) => {
            format!("{kind} : la table montre {}, qu’elle garde", mode_fr(mode))
        }
        (e, Lang::En) => e.to_string(),
    }
}

/// Why a host's `goto` moved nothing.
pub fn goto_problem(p: &GotoProblem, lang: Lang) -> String {
    let prefix = "goto : cette partie n’a pas cette position";
    match (p, lang) {
        (GotoProblem::NoRecord, Lang::Fr) => "goto : aucune partie n’est ouverte".into(),
        (GotoProblem::Index { asked, positions }, Lang::Fr) => format!(
            "{prefix} : index {asked} ; ses positions vont de 0 à {}",
            positions.saturating_sub(1)
        ),
        (GotoProblem::Deal { asked, deals }, Lang::Fr) => {
            format!("{prefix} : donne {asked} ; ses donnes vont de 1 à {deals}")
        }
        (
            GotoProblem::Action {
                deal,
                asked,
                actions,
            },
            Lang::Fr,
        ) => format!(
            "{prefix} : donne {deal}, action {asked} ; cette donne a les actions 0 à {actions}"
        ),
        (
            GotoProblem::Trick {
                deal,
                asked,
                tricks,
            },
            Lang::Fr,
        ) => format!(
            "{prefix} : donne {deal}, levée {asked} ; cette donne atteint les levées 1 à {tricks}"
        ),
        (p, Lang::En) => p.to_string(),
    }
}

/// A setting's name, for a sentence: « langue », "language".
fn setting_name(field: &str, lang: Lang) -> String {
    let known = match (field, lang) {
        ("lang", Lang::Fr) => "langue",
        ("lang", Lang::En) => "language",
        ("sound", Lang::Fr) => "son",
        ("sound", Lang::En) => "sound",
        ("animation", Lang::Fr) => "animations",
        ("animation", Lang::En) => "animation",
        ("deck", Lang::Fr) => "jeu de cartes",
        ("deck", Lang::En) => "card deck",
        ("show_own_discards", Lang::Fr) => "revoir son écart",
        ("show_own_discards", Lang::En) => "looking at one’s discards",
        _ => return quote(field, lang),
    };
    known.to_string()
}

/// What was saved, as the subject of a sentence: « La partie enregistrée », "The saved game";
/// and whether it is plural, and feminine (in French).
fn saved_thing(kind: Kind, lang: Lang) -> (&'static str, bool, bool) {
    match (kind, lang) {
        (Kind::Game, Lang::Fr) => ("La partie enregistrée", false, true),
        (Kind::Game, Lang::En) => ("The saved game", false, false),
        (Kind::Settings, Lang::Fr) => ("Les paramètres enregistrés", true, false),
        (Kind::Settings, Lang::En) => ("The saved settings", true, false),
        (Kind::Statistics, Lang::Fr) => ("Les statistiques enregistrées", true, true),
        (Kind::Statistics, Lang::En) => ("The saved statistics", true, false),
        (Kind::Lessons, Lang::Fr) => ("Les progrès enregistrés dans les leçons", true, false),
        (Kind::Lessons, Lang::En) => ("The saved progress in the lessons", false, false),
        (Kind::Problems, Lang::Fr) => ("Les progrès enregistrés dans les problèmes", true, false),
        (Kind::Problems, Lang::En) => ("The saved progress in the problems", false, false),
        (Kind::MyProblems, Lang::Fr) => ("Vos problèmes enregistrés", true, false),
        (Kind::MyProblems, Lang::En) => ("Your saved problems", true, false),
        (Kind::Choice, Lang::Fr) => ("Le choix que vous faisiez", false, false),
        (Kind::Choice, Lang::En) => ("The choice you were making", false, false),
        (Kind::Other, Lang::Fr) => ("Des données enregistrées", true, true),
        (Kind::Other, Lang::En) => ("Some saved data", true, false),
    }
}

/// Saved data that was not read whole ([`Unread`]), in the one sentence the page says
/// ([`stored_problem`]).
pub fn unread(u: &Unread, lang: Lang) -> String {
    stored_problem(u.kind, &u.problem, u.set_aside, lang)
}

/// One sentence on saved data that was not read whole: what became of it, and that the
/// original is kept (in the settings, for download) — or, when storage refused to keep a copy
/// (`set_aside` false: it is full), that the original will be replaced at the next save. No
/// parser message, no storage key.
pub fn stored_problem(kind: Kind, problem: &StoredProblem, set_aside: bool, lang: Lang) -> String {
    let (what, plural, feminine) = saved_thing(kind, lang);
    let afresh = match (kind, lang) {
        (Kind::Game, Lang::Fr) => "une nouvelle partie peut commencer",
        (Kind::Game, Lang::En) => "a new game can start",
        (Kind::Lessons, Lang::Fr) => "les leçons reprennent au début",
        (Kind::Lessons, Lang::En) => "the lessons start afresh",
        (Kind::Problems, Lang::Fr) => "les problèmes sont à résoudre à nouveau",
        (Kind::Problems, Lang::En) => "the problems are to be solved afresh",
        (Kind::MyProblems, Lang::Fr) => "aucun n’est plus listé",
        (Kind::MyProblems, Lang::En) => "none is listed any more",
        (Kind::Statistics, Lang::Fr) => "le décompte repart de zéro",
        (Kind::Statistics, Lang::En) => "the count starts afresh",
        (Kind::Choice, Lang::Fr) => "il est à refaire",
        (Kind::Choice, Lang::En) => "make it again",
        (_, Lang::Fr) => "les valeurs par défaut s’appliquent",
        (_, Lang::En) => "the defaults apply",
    };
    let kept = match (set_aside, lang) {
        (true, Lang::Fr) => ", et l’original est gardé dans les paramètres.",
        (true, Lang::En) => ", and the original is kept in the settings.",
        (false, Lang::Fr) => {
            ", mais l’original n’a pas pu être mis de côté (stockage plein) et sera remplacé au prochain enregistrement."
        }
        (false, Lang::En) => {
            ", but the original could not be set aside (storage is full) and will be replaced at the next save."
        }
    };
    let names = |fields: &[String]| {
        let mut list: Vec<String> = fields
            .iter()
            .take(8)
            .map(|f| setting_name(f, lang))
            .collect();
        if fields.len() > 8 {
            list.push("…".into());
        }
        list.join(", ")
    };
    let not_all = |lang: Lang| match lang {
        Lang::Fr => format!(
            "{what} n’{} pas {} lisible{}",
            if plural { "étaient" } else { "était" },
            match (plural, feminine) {
                (true, true) => "toutes",
                (true, false) => "tous",
                (false, true) => "toute",
                (false, false) => "tout",
            },
            if plural { "s" } else { "" },
        ),
        Lang::En => format!("{what} could not all be read"),
    };
    match (problem, lang) {
        (StoredProblem::GameStopsAt { deal, actions }, Lang::Fr) => format!(
            "{what} ne se rejouait plus en entier : elle reprend à la donne {deal}, avant le coup {}{kept}",
            actions + 1
        ),
        (StoredProblem::GameStopsAt { deal, actions }, Lang::En) => format!(
            "{what} no longer replayed in full: it resumes at deal {deal}, before move {}{kept}",
            actions + 1
        ),
        (StoredProblem::Fields(fields), Lang::Fr) => format!(
            "{} ({}) : {} reprennent leur valeur par défaut{kept}",
            not_all(lang),
            names(fields),
            if feminine { "celles-là" } else { "ceux-là" }
        ),
        (StoredProblem::Fields(fields), Lang::En) => format!(
            "{} ({}): those take their default value{kept}",
            not_all(lang),
            names(fields)
        ),
        (StoredProblem::Entries { unread, of }, Lang::Fr) => format!(
            "{} ({} {} sur {}) : le reste est repris{kept}",
            not_all(lang),
            count(*unread, lang),
            if *unread == 1 { "entrée" } else { "entrées" },
            count(*of, lang),
        ),
        (StoredProblem::Entries { unread, of }, Lang::En) => format!(
            "{} ({} of {} {}): the rest is used{kept}",
            not_all(lang),
            count(*unread, lang),
            count(*of, lang),
            if *of == 1 { "entry" } else { "entries" },
        ),
        (StoredProblem::UnknownVersion { found, .. }, Lang::Fr) => format!(
            "{what} {} d’une autre version de l’application (version {found}) : {afresh}{kept}",
            if plural { "viennent" } else { "vient" },
        ),
        (StoredProblem::UnknownVersion { found, .. }, Lang::En) => format!(
            "{what} {} from another version of the app (version {found}): {afresh}{kept}",
            if plural { "come" } else { "comes" },
        ),
        (_, Lang::Fr) => format!(
            "{what} {} : {afresh}{kept}",
            if plural {
                "étaient illisibles"
            } else {
                "était illisible"
            },
        ),
        (_, Lang::En) => format!("{what} could not be read: {afresh}{kept}"),
    }
}
