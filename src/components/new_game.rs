//! The new-game dialog: the rules preset (one line each, details on demand), the length of the
//! game as the preset allows it, the opponent (a computer level or a second person on this
//! device), and Start (the language is the top bar's).

use piquet_ai::BotId;
use piquet_engine::Rules;
use piquet_engine::rules::{
    CutRule, DealerMinimum, Deck, Format, LeftoverRule, PointScoring, Protocol, TrickPoints,
};
use yew::prelude::*;

use super::modal::Modal;
use crate::services::browser;
use crate::services::online::{self, Availability};
use piquet_table::i18n::{Lang, Text};
use piquet_table::online::{CreateRoom, MAX_NAME_CHARS, RoomSettings};
use piquet_table::rules_text::PRESETS;
use piquet_table::session::{FormatChoice, GameConfig, Opponent};

/// The preset's options, one line each, in the player's language.
pub fn rule_details(rules: &Rules, lang: Lang) -> Vec<String> {
    let pick = |fr: String, en: String| match lang {
        Lang::Fr => fr,
        Lang::En => en,
    };
    let deck = match rules.deck {
        Deck::Piquet32 => 32,
        Deck::Piquet36 => 36,
    };
    let dealer_min = match rules.dealer_min {
        DealerMinimum::Fixed(n) => n.to_string(),
        DealerMinimum::ElderLeftoverPlusOne => {
            pick("6 − écart du premier".into(), "6 − elder’s exchange".into())
        }
    };
    let mut lines = vec![
        pick(
            format!("{deck} cartes, talon de {}", rules.talon_len()),
            format!("{deck} cards, talon of {}", rules.talon_len()),
        ),
        pick(
            format!("Écart du premier : 1 à {} ; du donneur : {dealer_min} à tout le reste", rules.elder_max),
            format!("Elder exchanges 1 to {}; the dealer {dealer_min} to all that is left", rules.elder_max),
        ),
        match rules.leftover {
            LeftoverRule::Classic => pick(
                "Reste du talon : le donneur le voit ; le premier le voit en nommant sa couleur d’entame".into(),
                "Leftover: the dealer sees it; elder sees it by naming his lead suit".into(),
            ),
            LeftoverRule::Rubicon => pick(
                "Reste du talon : le donneur le retourne ou le laisse caché".into(),
                "Leftover: the dealer turns it up or leaves it unseen".into(),
            ),
        },
        if rules.own_discards_visible {
            pick("On peut revoir son écart".into(), "You may look at your discards".into())
        } else {
            pick("On ne revoit pas son écart (Art. 24)".into(), "Discards are not looked at (Art. 24)".into())
        },
        match rules.point {
            PointScoring::ValueTens => pick("Point à la valeur, compté en dizaines".into(), "Point by value, scored in tens".into()),
            PointScoring::LengthThenValue => pick("Point à la longueur, puis à la valeur".into(), "Point by length, then value".into()),
            PointScoring::ValueComparedLengthScored => pick("Point comparé à la valeur, compté à la longueur".into(), "Point compared by value, scored by length".into()),
        },
        match rules.protocol {
            Protocol::OneStep => pick("Annonces en une fois".into(), "Declarations in one step".into()),
            Protocol::TwoStepPoint => pick("Point annoncé en deux temps".into(), "Point declared in two steps".into()),
            Protocol::TwoStepPointAndSequence => pick("Point et séquences annoncés en deux temps".into(), "Point and sequences declared in two steps".into()),
        },
        match rules.trick_points {
            TrickPoints::ScoringCards => pick("Au jeu, seules les cartes marquantes comptent".into(), "In play only scoring cards count".into()),
            TrickPoints::AllCards => pick("Au jeu, toutes les cartes comptent".into(), "In play every card counts".into()),
            TrickPoints::PerTrickWon => pick("Au jeu, un point par levée".into(), "In play one point per trick".into()),
        },
        if rules.repic_pic {
            pick("Repic et pic".into(), "Repique and pique".into())
        } else {
            pick("Ni repic ni pic".into(), "No repique, no pique".into())
        },
        match rules.cut {
            CutRule::LowerDeals => pick("La plus basse carte à la coupe donne".into(), "The lower cut deals".into()),
            CutRule::HigherChooses => pick("La plus haute carte à la coupe choisit qui donne".into(), "The higher cut chooses who deals".into()),
        },
    ];
    lines.push(match rules.format {
        Format::Cent {
            target,
            match_play,
            belle_target,
        } => {
            if match_play {
                pick(
                    format!("Partie en {target}, en deux manches et la belle en {belle_target}"),
                    format!("Games to {target}, a match of two and the belle to {belle_target}"),
                )
            } else {
                pick(format!("Partie en {target}"), format!("A game to {target}"))
            }
        }
        Format::Rubicon { deals } => pick(
            format!("Partie en {deals} donnes, rubicon à 100"),
            format!("A partie of {deals} deals, rubicon at 100"),
        ),
    });
    if rules.abandon {
        lines.push(pick(
            "Les Fâcheux : le premier peut proposer d’abandonner la donne".into(),
            "Les Fâcheux: elder may propose to abandon the deal".into(),
        ));
    }
    lines
}

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    pub lang: Lang,
    pub preset: AttrValue,
    pub on_preset: Callback<AttrValue>,
    pub on_start: Callback<GameConfig>,
    pub on_close: Callback<()>,
    /// The settings of the last game started, chosen again by default.
    #[prop_or_default]
    pub last: Option<GameConfig>,
    /// A game with a friend was created: its room, to open.
    #[prop_or_default]
    pub on_room: Callback<String>,
}

/// The opponent choice of a game with a friend on another device.
const FRIEND: &str = "friend";

/// What the dialog has chosen besides the preset.
#[derive(Clone, Debug, PartialEq)]
struct Choices {
    target: u16,
    match_play: bool,
    /// A bot id ("1" … "5"), "human" for pass-and-play, or [`FRIEND`].
    opponent: String,
}

impl Choices {
    /// The choices of the last game started, or the first ones (a game to 100 with the belle,
    /// against level 2).
    fn of_last(last: Option<GameConfig>) -> Choices {
        match last {
            Some(c) => Choices {
                target: match c.format {
                    FormatChoice::Cent { target, .. } => target,
                    FormatChoice::Rubicon => 100,
                },
                match_play: match c.format {
                    FormatChoice::Cent { match_play, .. } => match_play,
                    FormatChoice::Rubicon => true,
                },
                opponent: match c.opponent {
                    Opponent::Computer { bot } => bot,
                    Opponent::Human => "human".into(),
                },
            },
            None => Choices {
                target: 100,
                match_play: true,
                opponent: "2".into(),
            },
        }
    }

    /// The room these choices create for a game with a friend: `friend` says the creator's
    /// name, whether watchers are allowed and the time per move.
    fn room(&self, preset: &str, rules: &Rules, friend: &FriendForm) -> CreateRoom {
        let config = self.config(preset, rules, 0);
        CreateRoom {
            name: friend.name.trim().to_string(),
            settings: RoomSettings {
                preset: config.preset,
                format: Some(config.format),
                custom_rules: None,
                watchers: friend.watchers,
                move_limit_secs: friend.move_limit_secs,
            },
        }
    }

    /// The game these choices start with `preset` (its `rules`) and `seed`.
    fn config(&self, preset: &str, rules: &Rules, seed: u64) -> GameConfig {
        GameConfig {
            preset: preset.to_string(),
            format: if matches!(rules.format, Format::Rubicon { .. }) {
                FormatChoice::Rubicon
            } else {
                FormatChoice::Cent {
                    target: self.target,
                    match_play: self.match_play,
                }
            },
            opponent: if self.opponent == "human" {
                Opponent::Human
            } else {
                Opponent::Computer {
                    bot: self.opponent.clone(),
                }
            },
            seed,
            custom_rules: None,
        }
    }
}

#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let rules = Rules::by_id(&props.preset).unwrap_or_else(|_| Rules::classique());
    let choices = {
        let last = props.last.clone();
        use_state(move || Choices::of_last(last))
    };
    use_preset_format(&choices, &props.preset, props.last.is_some());
    // Whether this page's origin runs the game server: a game with a friend needs it.
    let server = use_state(|| Availability::Checking);
    {
        let server = server.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move { server.set(online::health().await) });
        });
    }
    let friend = use_state(FriendForm::default);
    let with_friend = choices.opponent == FRIEND && *server == Availability::Available;
    let on_start = {
        let on_start = props.on_start.clone();
        let preset = props.preset.to_string();
        let c = (*choices).clone();
        Callback::from(move |_: MouseEvent| {
            on_start.emit(c.config(&preset, &rules, browser::game_seed()))
        })
    };
    let on_create = {
        let create = choices.room(&props.preset, &rules, &friend);
        let (friend, on_room) = (friend.clone(), props.on_room.clone());
        Callback::from(move |_: MouseEvent| {
            if friend.busy {
                return;
            }
            friend.set(FriendForm {
                busy: true,
                problem: None,
                ..(*friend).clone()
            });
            let (create, friend, on_room) = (create.clone(), friend.clone(), on_room.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match online::create_room(&create).await {
                    Ok(created) => on_room.emit(created.room),
                    Err(p) => friend.set(FriendForm {
                        busy: false,
                        problem: Some(crate::components::online::problem_words(&p, lang)),
                        name: create.name.clone(),
                        watchers: create.settings.watchers,
                        move_limit_secs: create.settings.move_limit_secs,
                    }),
                }
            });
        })
    };
    let footer = if with_friend {
        html! {
            <button type="button" class="button primary start" id="create-room" onclick={on_create}
                    disabled={friend.name.trim().is_empty() || friend.busy}>
                { t(Text::CreateRoom) }
            </button>
        }
    } else {
        html! {
            <button type="button" class="button primary start" id="start-game" onclick={on_start}
                    disabled={choices.opponent == FRIEND}>
                { t(Text::Start) }
            </button>
        }
    };
    html! {
        // Three groups: the rules, the game's length, the opponent; side by side on a wide
        // screen (`style.css`), one under the other on a phone.
        <Modal id="new-game" title={t(Text::NewGame)} close_label={t(Text::Close)}
               on_close={props.on_close.clone()} footer={Some(footer)}>
            <div class="new-game-group new-game-rules">
                { presets(lang, &props.preset, &props.on_preset) }
                <details class="rule-details">
                    <summary>{ t(Text::PresetDetails) }</summary>
                    <ul>{ for rule_details(&rules, lang).into_iter().map(|l| html! { <li>{ l }</li> }) }</ul>
                </details>
            </div>
            <div class="new-game-group new-game-length">
                { length(lang, &rules, &choices) }
            </div>
            <div class="new-game-group new-game-opponent">
                { opponents(lang, &choices, &server) }
                if with_friend {
                    { friend_name(lang, &friend) }
                }
            </div>
        </Modal>
    }
}

/// A new preset brings its own format (the first render keeps the last game's, when
/// `has_last`).
#[hook]
fn use_preset_format(choices: &UseStateHandle<Choices>, preset: &AttrValue, has_last: bool) {
    let choices = choices.clone();
    let first = use_mut_ref(|| has_last);
    use_effect_with(preset.clone(), move |preset| {
        if std::mem::replace(&mut *first.borrow_mut(), false) {
            return;
        }
        if let Ok(Format::Cent {
            target, match_play, ..
        }) = Rules::by_id(preset).map(|r| r.format)
        {
            choices.set(Choices {
                target,
                match_play,
                ..(*choices).clone()
            });
        }
    });
}

/// A callback that changes the choices with `f`.
fn change(
    choices: &UseStateHandle<Choices>,
    f: impl Fn(&mut Choices) + 'static,
) -> Callback<Event> {
    let choices = choices.clone();
    Callback::from(move |_: Event| {
        let mut next = (*choices).clone();
        f(&mut next);
        choices.set(next);
    })
}

/// The rules: one preset of the five, `chosen`, each with its one line.
fn presets(lang: Lang, chosen: &AttrValue, on_preset: &Callback<AttrValue>) -> Html {
    let options = PRESETS
        .iter()
        .map(|&(id, name, desc)| {
            let on_preset = on_preset.clone();
            let onchange = Callback::from(move |_| on_preset.emit(AttrValue::from(id)));
            let desc_id = format!("preset-{id}-desc");
            html! {
                <label class="preset">
                    <input type="radio" name="preset" value={id} checked={chosen == id}
                           aria-describedby={desc_id.clone()} {onchange} />
                    <span class="preset-name">{ name.get(lang) }</span>
                    <span class="preset-desc" id={desc_id}>{ desc.get(lang) }</span>
                </label>
            }
        })
        .collect::<Html>();
    html! {
        <fieldset class="presets">
            <legend>{ Text::ChoosePreset.get(lang) }</legend>
            { options }
        </fieldset>
    }
}

/// The length of the game, as the preset allows it: a game to 100, 150 or 200, with the belle
/// or not; a partie of six deals at the rubicon.
fn length(lang: Lang, rules: &Rules, choices: &UseStateHandle<Choices>) -> Html {
    let t = |x: Text| x.get(lang);
    let format = match rules.format {
        Format::Rubicon { .. } => html! {
            <p class="hint">{ t(Text::RubiconPartie) }</p>
        },
        Format::Cent { .. } => html! {
            <>
                { for [100u16, 150, 200].into_iter().map(|target| html! {
                    <label class="choice">
                        <input type="radio" name="target" checked={choices.target == target}
                               onchange={change(choices, move |c| c.target = target)} />
                        <span>{ format!("{} {target}", t(Text::GameTo)) }</span>
                    </label>
                }) }
                <label class="choice">
                    <input type="checkbox" id="match-play" checked={choices.match_play}
                           onchange={change(choices, |c| c.match_play = !c.match_play)} />
                    <span>{ t(Text::MatchWithBelle) }</span>
                </label>
                // What is chosen, said in full: the belle is never a surprise.
                <p class="hint" id="length-said" aria-live="polite">
                    { format!("{} {}, {}.", t(Text::GameTo), choices.target,
                              if choices.match_play { t(Text::MatchSaid) } else { t(Text::SingleGameSaid) }) }
                </p>
            </>
        },
    };
    html! {
        <fieldset>
            <legend>{ t(Text::GameLength) }</legend>
            { format }
        </fieldset>
    }
}

/// What is chosen for a game with a friend — the creator's name, whether watchers are
/// allowed, the time per move — and what creating it said.
#[derive(Clone, Debug, Default, PartialEq)]
struct FriendForm {
    name: String,
    busy: bool,
    problem: Option<String>,
    watchers: bool,
    /// The time per move in seconds; `None`: no limit.
    move_limit_secs: Option<u32>,
}

/// The times per move offered: none, a minute (a game played now), a day or three (a game
/// played over days, by correspondence).
const MOVE_LIMITS: [(Option<u32>, Text); 4] = [
    (None, Text::TimeLimitOff),
    (Some(60), Text::TimeLimitMinute),
    (Some(24 * 3600), Text::TimeLimitDay),
    (Some(3 * 24 * 3600), Text::TimeLimitThreeDays),
];

/// A change of the friend form.
fn change_friend(
    friend: &UseStateHandle<FriendForm>,
    f: impl Fn(&mut FriendForm) + 'static,
) -> Callback<Event> {
    let friend = friend.clone();
    Callback::from(move |_: Event| {
        let mut next = (*friend).clone();
        f(&mut next);
        friend.set(next);
    })
}

/// A game with a friend: the creator's name, the time per move, watchers allowed or not.
fn friend_name(lang: Lang, friend: &UseStateHandle<FriendForm>) -> Html {
    let t = |x: Text| x.get(lang);
    let oninput = {
        let friend = friend.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            friend.set(FriendForm {
                name: input.value(),
                ..(*friend).clone()
            });
        })
    };
    html! {
        <>
        <fieldset class="friend-form">
            <legend>{ t(Text::YourName) }</legend>
            <input id="friend-name" type="text" autocomplete="nickname" aria-label={t(Text::YourName)}
                   maxlength={MAX_NAME_CHARS.to_string()} value={friend.name.clone()}
                   aria-describedby="friend-name-hint" {oninput} />
            <p class="hint-line" id="friend-name-hint">{ t(Text::YourNameHint) }</p>
            if let Some(p) = &friend.problem {
                <p class="notice" role="alert" id="create-problem">{ p }</p>
            }
        </fieldset>
        <fieldset class="room-options" aria-describedby="move-limit-hint">
            <legend>{ t(Text::TimeLimit) }</legend>
            <div class="move-limits">
                { for MOVE_LIMITS.iter().map(|&(secs, words)| html! {
                    <label class="choice">
                        <input type="radio" name="move-limit"
                               value={secs.map_or_else(|| "none".to_string(), |s| s.to_string())}
                               checked={friend.move_limit_secs == secs}
                               onchange={change_friend(friend, move |f| f.move_limit_secs = secs)} />
                        <span>{ t(words) }</span>
                    </label>
                }) }
            </div>
            <p class="hint-line" id="move-limit-hint">{ t(Text::TimeLimitHint) }</p>
        </fieldset>
        <fieldset class="room-options">
            <legend class="sr-only">{ t(Text::AllowWatchers) }</legend>
            <label class="choice">
                <input type="checkbox" id="allow-watchers" checked={friend.watchers}
                       aria-describedby="allow-watchers-hint"
                       onchange={change_friend(friend, |f| f.watchers = !f.watchers)} />
                <span>{ t(Text::AllowWatchers) }</span>
            </label>
            <p class="hint-line" id="allow-watchers-hint">{ t(Text::AllowWatchersHint) }</p>
        </fieldset>
        </>
    }
}

/// What the option of a game with a friend says: how it is played, or why it is not offered
/// here.
fn friend_about(server: &Availability, lang: Lang) -> &'static str {
    match server {
        Availability::Available => Text::PlayFriendHint.get(lang),
        Availability::Checking => Text::FriendChecking.get(lang),
        Availability::NoServer => Text::FriendNeedsServer.get(lang),
        Availability::Offline => Text::FriendNeedsConnection.get(lang),
    }
}

/// The opponent: a computer level, a second person on this device, or a friend on another
/// device (where the page's server runs).
fn opponents(lang: Lang, choices: &UseStateHandle<Choices>, server: &Availability) -> Html {
    let t = |x: Text| x.get(lang);
    let options = BotId::LEVELS
        .iter()
        .map(|bot| {
            let name = format!("{} — {}", bot.id(), bot.name(lang));
            (bot.id(), name, bot.about(lang).unwrap_or_default())
        })
        .chain(std::iter::once((
            "human".to_string(),
            t(Text::PassAndPlay).to_string(),
            t(Text::PassAndPlayAbout),
        )))
        .chain(std::iter::once((
            FRIEND.to_string(),
            t(Text::PlayFriend).to_string(),
            friend_about(server, lang),
        )))
        .map(|(id, name, about)| {
            let checked = choices.opponent == id;
            let disabled = id == FRIEND && *server != Availability::Available;
            let id2 = id.clone();
            let desc_id = format!("opponent-{id}-desc");
            html! {
                <label class={classes!("preset", "opponent", disabled.then_some("unavailable"))}>
                    <input type="radio" name="opponent" value={id.clone()} {checked} {disabled}
                           aria-describedby={desc_id.clone()}
                           onchange={change(choices, move |c| c.opponent = id2.clone())} />
                    <span class="preset-name">{ name }</span>
                    <span class="preset-desc" id={desc_id}>{ about }</span>
                </label>
            }
        })
        .collect::<Html>();
    html! {
        <fieldset class="presets">
            <legend>{ t(Text::Opponent) }</legend>
            { options }
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_game_is_chosen_again_and_a_rubicon_preset_has_its_own_length() {
        let last = GameConfig {
            preset: "ancien".into(),
            format: FormatChoice::Cent {
                target: 150,
                match_play: false,
            },
            opponent: Opponent::Human,
            seed: 7,
            custom_rules: None,
        };
        let choices = Choices::of_last(Some(last.clone()));
        let ancien = Rules::by_id("ancien").unwrap();
        assert_eq!(choices.config("ancien", &ancien, 7), last);
        let rubicon = Rules::by_id("rubicon").unwrap();
        assert_eq!(
            choices.config("rubicon", &rubicon, 7).format,
            FormatChoice::Rubicon
        );
        let first = Choices::of_last(None);
        assert_eq!(
            first.config("classique", &Rules::classique(), 1).opponent,
            Opponent::Computer { bot: "2".into() }
        );
    }
}
