//! The first screen: the game's name, what it is, and the ways in — the game in progress to
//! resume, « Rejouer » with the last game's settings in one tap, a new game, the lessons
//! (« Apprendre »), the deal of the day, the problem of the day and the problems, the replays and
//! the settings (the rules are the top bar's).

use piquet_engine::{Card, Rank, Suit};
use yew::prelude::*;

use super::card::CardFace;
use piquet_table::i18n::{Lang, Text};
use piquet_table::model::config_summary;
use piquet_table::session::GameConfig;
use piquet_table::settings::DeckStyle;

#[derive(Properties, PartialEq)]
pub struct HomeProps {
    pub lang: Lang,
    pub deck: DeckStyle,
    pub on_new_game: Callback<()>,
    /// The last game's settings, if any.
    #[prop_or_default]
    pub last: Option<GameConfig>,
    /// The game in progress, to resume.
    #[prop_or_default]
    pub on_resume: Option<Callback<()>>,
    /// Which game is in progress: its rules, level and score (« Classique · 3 — Le Fin Joueur ·
    /// partie en 100 · Vous 42, L’ordinateur 18 · donne 3 »).
    #[prop_or_default]
    pub resume_hint: Option<AttrValue>,
    /// A new game with the last game's settings.
    #[prop_or_default]
    pub on_play_again: Option<Callback<()>>,
    /// The replay viewer.
    pub on_replay: Callback<()>,
    /// The statistics.
    #[prop_or_default]
    pub on_stats: Callback<()>,
    /// The lessons (« Apprendre »).
    #[prop_or_default]
    pub on_learn: Callback<()>,
    /// The problems (« Problèmes »).
    #[prop_or_default]
    pub on_problems: Callback<()>,
    /// The problem of the day.
    #[prop_or_default]
    pub on_daily_problem: Callback<()>,
    /// The deal of the day.
    #[prop_or_default]
    pub on_daily_deal: Callback<()>,
    pub on_settings: Callback<()>,
    /// The games with a friend on another device, where the app lists them.
    #[prop_or_default]
    pub online_games: Html,
}

/// The home screen's ways in after « Reprendre » and « Rejouer », in order: the button's id, the
/// way in the first screen (`src/shell.rs`, which draws the same list) remembers for the app
/// when it is touched (`app::intent_action` carries it out), its title and its hint.
pub const ENTRIES: [(&str, &str, Text, Text); 8] = [
    (
        "new-game-button",
        "new-game",
        Text::NewGame,
        Text::NewGameHint,
    ),
    ("learn-button", "learn", Text::Learn, Text::LearnHint),
    (
        "daily-deal-button",
        "daily-deal",
        Text::DailyDeal,
        Text::DailyDealHint,
    ),
    (
        "daily-problem-button",
        "daily-problem",
        Text::ProblemOfTheDay,
        Text::ProblemOfTheDayHint,
    ),
    (
        "problems-button",
        "problems",
        Text::Problems,
        Text::ProblemsHint,
    ),
    ("replay-button", "replay", Text::Replays, Text::ReplaysHint),
    ("stats-button", "stats", Text::Stats, Text::StatsButtonHint),
    (
        "settings-button",
        "settings",
        Text::Settings,
        Text::SettingsHint,
    ),
];

/// The cards of the fan on the first screen: a quinte major in hearts, the dream of every elder.
pub const FAN: [Card; 5] = [
    Card::new(Suit::Hearts, Rank::Ten),
    Card::new(Suit::Hearts, Rank::Jack),
    Card::new(Suit::Hearts, Rank::Queen),
    Card::new(Suit::Hearts, Rank::King),
    Card::new(Suit::Hearts, Rank::Ace),
];

#[function_component(Home)]
pub fn home(props: &HomeProps) -> Html {
    let lang = props.lang;
    let t = |text: Text| text.get(lang);
    let fan = FAN
        .iter()
        .enumerate()
        .map(|(i, &card)| {
            html! { <CardFace {card} {lang} deck={props.deck} class={classes!("fan-card", format!("fan-{i}"))} /> }
        })
        .collect::<Html>();
    let entry_with = |id: &'static str,
                      primary: bool,
                      title: Text,
                      hint: String,
                      cb: &Callback<()>| {
        let onclick = cb.reform(|_: MouseEvent| ());
        html! {
            <button type="button" {id} class={classes!("entry", primary.then_some("primary"))} {onclick}>
                <span class="entry-title">{ t(title) }</span>
                <span class="entry-hint">{ hint }</span>
            </button>
        }
    };
    let entry = |id: &'static str, primary: bool, title: Text, hint: Text, cb: &Callback<()>| {
        entry_with(id, primary, title, t(hint).to_string(), cb)
    };
    let resume = props.on_resume.as_ref();
    let again = props
        .on_play_again
        .as_ref()
        .zip(props.last.as_ref())
        .map(|(cb, last)| {
            entry_with(
                "play-again-home",
                resume.is_none(),
                Text::PlayAgain,
                format!("{} {}", t(Text::PlayAgainHint), config_summary(last, lang)),
                cb,
            )
        });
    let entries = ENTRIES
        .iter()
        .enumerate()
        .map(|(i, &(id, _, title, hint))| {
            let cb = match id {
                "new-game-button" => &props.on_new_game,
                "learn-button" => &props.on_learn,
                "daily-deal-button" => &props.on_daily_deal,
                "daily-problem-button" => &props.on_daily_problem,
                "problems-button" => &props.on_problems,
                "replay-button" => &props.on_replay,
                "stats-button" => &props.on_stats,
                _ => &props.on_settings,
            };
            // « Nouvelle partie » is the main way in when there is neither a game to resume nor
            // a last game to play again.
            let primary = i == 0 && resume.is_none() && props.on_play_again.is_none();
            entry(id, primary, title, hint, cb)
        });
    html! {
        <main class="home" id="main">
            <section class="hero" aria-labelledby="home-title">
                <div class="fan" aria-hidden="true">{ fan }</div>
                <h1 id="home-title">{ t(Text::AppTitle) }</h1>
                <p class="tagline">{ t(Text::Tagline) }</p>
            </section>
            { props.online_games.clone() }
            <nav class="entries" aria-label={t(Text::AppTitle)}>
                if let Some(cb) = resume {
                    { entry_with("resume-game", true, Text::Resume,
                                 props.resume_hint.as_ref().map_or_else(|| t(Text::GameInProgress).to_string(), |h| h.to_string()), cb) }
                }
                { for again }
                { for entries }
            </nav>
            <p class="intro">{ t(Text::Intro) }</p>
            <p class="offline-note">{ t(Text::OfflineReady) }</p>
        </main>
    }
}
