//! The table: both seats, the talon, the tricks, the running counts, the dialogue of the
//! declarations and the panel of the decision at hand. Everything shown of a seat comes from
//! `Session::view(seat)` — the engine's observation — so the opponent's unseen cards never
//! reach the page: his hand is drawn as backs that carry no card identity at all.

use std::rc::Rc;

use piquet_engine::{
    Action, Answer, Card, CardSet, Category, Event, Observation, Phase, ScoreReason, Seat,
};
use yew::prelude::*;

use super::card::{CardBack, CardFace, Suit as FaceSuit};
use super::export::Export;
use super::hand::{Hand, HandMode};
use super::modal::Modal;
use super::score_sheet::ScoreSheet;
use crate::ai_wire::{self, HintReply, Request, Task};
use crate::i18n::{Lang, Text};
use crate::play::decision::{Decision, decision};
use crate::play::session::{Opponent, Session};
use crate::play::words::{self, Names};
use crate::services::{ai, browser, sound, storage};
use crate::settings::{AnimationSpeed, Settings};

/// The table's own state: the session and what only the interface knows.
#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub session: Rc<Session>,
    /// Bumped at every change of the session: saves and the computer's turn follow it.
    pub version: u64,
    /// The seat whose cards the screen shows.
    pub viewer: Seat,
    /// Pass-and-play: the screen hides every hand until the next player takes the device.
    pub handover: bool,
    /// Cards selected for the discard (engine indices).
    pub selection: Vec<u8>,
    /// The declaration option chosen (index in the decision's options).
    pub choice: Option<usize>,
    /// The events of the last decision, announced and animated.
    pub fresh: Vec<Event>,
    /// Cards the viewer just drew from the talon.
    pub drawn: CardSet,
    pub thinking: bool,
    pub hint: Option<(u64, HintReply)>,
    pub hint_pending: bool,
    pub error: Option<String>,
    pub show_last_trick: bool,
    pub explain: Option<Seat>,
    pub sheet: bool,
    pub log_open: bool,
    pub export_open: bool,
    /// A pic, repic or capot to celebrate, with the version it happened at.
    pub celebrate: Option<(u64, Seat, ScoreReason)>,
    pub retry: u32,
}

/// What can happen at the table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    Act(Seat, Action),
    Computer {
        at: u64,
        answer: ai_wire::Answer,
    },
    Hint {
        at: u64,
        answer: ai_wire::Answer,
    },
    HintAsked,
    Thinking,
    Toggle(u8),
    Choose(usize),
    /// Undo within the pending choice: the selection and the choice go back to their defaults.
    ResetChoice,
    DealNext,
    ChooseDealer(bool),
    TakeOver,
    ToggleLastTrick,
    Explain(Option<Seat>),
    Sheet(bool),
    ToggleLog,
    Export(bool),
    Retry,
}

impl TableState {
    pub fn new(session: Rc<Session>) -> TableState {
        let viewer = Seat::A;
        let mut state = TableState {
            session,
            version: 0,
            viewer,
            handover: false,
            selection: Vec::new(),
            choice: None,
            fresh: Vec::new(),
            drawn: CardSet::EMPTY,
            thinking: false,
            hint: None,
            hint_pending: false,
            error: None,
            show_last_trick: false,
            explain: None,
            sheet: false,
            log_open: false,
            export_open: false,
            celebrate: None,
            retry: 0,
        };
        // Pass-and-play resumes with the screen hidden: whoever holds the device must say who he is.
        if state.pass_and_play() {
            if let Some(s) = state.session.to_act() {
                state.viewer = s;
                state.handover = true;
            }
        }
        state
    }

    pub fn pass_and_play(&self) -> bool {
        self.session.config.opponent == Opponent::Human
    }

    /// Whether the computer must decide now (its move, or its choice after the cut).
    pub fn computer_to_act(&self) -> bool {
        !self.pass_and_play()
            && (self.session.to_act() == Some(Seat::B)
                || self.session.cut_chooser() == Some(Seat::B))
    }

    fn after_change(&mut self, events: Vec<Event>) {
        self.version += 1;
        self.selection.clear();
        self.choice = None;
        self.hint = None;
        self.hint_pending = false;
        self.show_last_trick = false;
        self.error = None;
        self.thinking = false;
        for e in &events {
            if let Event::Scored {
                seat,
                reason: reason @ (ScoreReason::Pic | ScoreReason::Repic | ScoreReason::Capot),
                ..
            } = e
            {
                self.celebrate = Some((self.version, *seat, *reason));
            }
        }
        self.fresh = events;
        if self.pass_and_play() {
            if let Some(next) = self.session.to_act() {
                if next != self.viewer {
                    self.viewer = next;
                    self.handover = true;
                }
            }
        }
    }

    fn apply(&mut self, seat: Seat, action: Action) {
        let mut session = (*self.session).clone();
        let before = session.view(seat).map(|v| v.hand).unwrap_or(CardSet::EMPTY);
        match session.apply(seat, action) {
            Ok(events) => {
                let drew = events
                    .iter()
                    .any(|e| matches!(e, Event::Drew { seat: s, .. } if *s == seat));
                if seat == self.viewer {
                    self.drawn = if drew {
                        session
                            .view(seat)
                            .map(|v| v.hand - before)
                            .unwrap_or(CardSet::EMPTY)
                    } else {
                        CardSet::EMPTY
                    };
                }
                self.session = Rc::new(session);
                self.after_change(events);
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }
}

impl Reducible for TableState {
    type Action = TableAction;

    fn reduce(self: Rc<Self>, action: TableAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            TableAction::Act(seat, a) => next.apply(seat, a),
            TableAction::Computer { at, answer } => {
                if at != next.version {
                    return self;
                }
                next.thinking = false;
                match answer {
                    ai_wire::Answer::Action { action } => next.apply(Seat::B, action),
                    ai_wire::Answer::Deal { deal } => {
                        let mut session = (*next.session).clone();
                        if session.choose_dealer(deal).is_ok() {
                            next.session = Rc::new(session);
                            next.after_change(Vec::new());
                        }
                    }
                    ai_wire::Answer::Error { message } => next.error = Some(message),
                    ai_wire::Answer::Hint { .. } => {}
                }
            }
            TableAction::Hint { at, answer } => {
                if at != next.version {
                    return self;
                }
                next.hint_pending = false;
                match answer {
                    ai_wire::Answer::Hint { hint } => next.hint = Some((at, hint)),
                    ai_wire::Answer::Error { message } => next.error = Some(message),
                    _ => {}
                }
            }
            TableAction::HintAsked => next.hint_pending = true,
            TableAction::Thinking => next.thinking = true,
            TableAction::Toggle(card) => {
                if let Some(pos) = next.selection.iter().position(|&c| c == card) {
                    next.selection.remove(pos);
                } else {
                    next.selection.push(card);
                }
            }
            TableAction::Choose(i) => next.choice = Some(i),
            TableAction::ResetChoice => {
                next.selection.clear();
                next.choice = None;
            }
            TableAction::DealNext => {
                let mut session = (*next.session).clone();
                session.deal_next();
                next.session = Rc::new(session);
                next.drawn = CardSet::EMPTY;
                next.after_change(Vec::new());
            }
            TableAction::ChooseDealer(deal) => {
                let mut session = (*next.session).clone();
                if let Err(e) = session.choose_dealer(deal) {
                    next.error = Some(e.to_string());
                } else {
                    next.session = Rc::new(session);
                    next.after_change(Vec::new());
                }
            }
            TableAction::TakeOver => next.handover = false,
            TableAction::ToggleLastTrick => next.show_last_trick = !next.show_last_trick,
            TableAction::Explain(seat) => next.explain = seat,
            TableAction::Sheet(open) => next.sheet = open,
            TableAction::ToggleLog => next.log_open = !next.log_open,
            TableAction::Export(open) => next.export_open = open,
            TableAction::Retry => {
                next.error = None;
                next.retry += 1;
            }
        }
        Rc::new(next)
    }
}

#[derive(Properties, PartialEq)]
pub struct GameScreenProps {
    pub session: Rc<Session>,
    pub settings: Settings,
    /// Back to the first screen (the game stays saved).
    pub on_leave: Callback<()>,
    pub on_new_game: Callback<()>,
    /// After every change of the game (the embedded table reports it to its host).
    #[prop_or_default]
    pub on_session: Callback<Rc<Session>>,
    /// In an embedded table: no "leave" (there is no first screen to go back to).
    #[prop_or_default]
    pub embedded: bool,
}

/// The computer's pause before it acts, so that its moves can be followed.
fn natural_delay(speed: AnimationSpeed) -> f64 {
    match speed {
        AnimationSpeed::Normal => 700.0,
        AnimationSpeed::Fast => 300.0,
        AnimationSpeed::Off => 60.0,
    }
}

/// The names of the seats as the screen's player says them.
fn names(state: &TableState, lang: Lang) -> Names {
    let t = |x: Text| x.get(lang).to_string();
    if state.pass_and_play() {
        Names {
            a: t(Text::PlayerOne),
            b: t(Text::PlayerTwo),
            you: None,
        }
    } else {
        Names {
            a: t(Text::You),
            b: t(Text::Computer),
            you: Some(Seat::A),
        }
    }
}

fn indices(set: CardSet) -> Vec<u8> {
    set.into_iter().map(Card::index).collect()
}

fn card_row(set: CardSet, lang: Lang, settings: &Settings, class: &'static str) -> Html {
    let mut cards = indices(set);
    super::hand::display_order(&mut cards);
    html! {
        <ul class={classes!("card-row", class)}>
            { for cards.into_iter().map(|index| html! {
                <li><CardFace {index} {lang} deck={settings.deck} /></li>
            }) }
        </ul>
    }
}

fn backs(n: u8, class: &'static str) -> Html {
    html! {
        <div class={classes!("backs", class)} aria-hidden="true">
            { for (0..n).map(|_| html! { <CardBack /> }) }
        </div>
    }
}

#[function_component(GameScreen)]
pub fn game_screen(props: &GameScreenProps) -> Html {
    let state = use_reducer({
        let session = props.session.clone();
        move || TableState::new(session)
    });
    let lang = props.settings.lang;
    let settings = &props.settings;
    let speed = settings
        .animation
        .effective(browser::prefers_reduced_motion());

    // Save after every change: the record in its envelope.
    {
        let session = state.session.clone();
        let on_session = props.on_session.clone();
        use_effect_with(state.version, move |_| {
            storage::save_game(&session);
            on_session.emit(session);
        });
    }
    // Keyboard play: the focus never falls back to the page when a card or a panel goes away.
    use_effect_with((state.version, state.handover), |_| {
        browser::restore_table_focus()
    });
    // Sounds for what just happened.
    {
        let fresh = state.fresh.clone();
        let on = settings.sound;
        use_effect_with((state.version, on), move |_| {
            if on {
                let cue = if fresh.iter().any(|e| {
                    matches!(
                        e,
                        Event::Scored {
                            reason: ScoreReason::Pic | ScoreReason::Repic | ScoreReason::Capot,
                            ..
                        }
                    )
                }) {
                    Some(sound::Cue::Celebration)
                } else if fresh
                    .iter()
                    .any(|e| matches!(e, Event::Declared { .. } | Event::Answered { .. }))
                {
                    Some(sound::Cue::Declaration)
                } else if fresh.iter().any(|e| matches!(e, Event::Played { .. })) {
                    Some(sound::Cue::Card)
                } else {
                    None
                };
                if let Some(cue) = cue {
                    sound::play(cue);
                }
            }
        });
    }
    // The computer's turn: its own view goes to the worker; the reply comes after a short pause.
    {
        let state = state.clone();
        let delay = natural_delay(speed);
        use_effect_with((state.version, state.retry), move |_| {
            if state.computer_to_act() && state.error.is_none() {
                let session = state.session.clone();
                let at = state.version;
                if let (Some(view), Opponent::Computer { bot }) =
                    (computer_view(&session), &session.config.opponent)
                {
                    let task = if session.cut_chooser().is_some() {
                        Task::ChooseToDeal
                    } else {
                        Task::Decide
                    };
                    let request = Request {
                        id: 0,
                        task,
                        bot: bot.clone(),
                        seed: session.config.seed ^ at.wrapping_mul(0x2545_F491_4F6C_DD1D),
                        view,
                    };
                    state.dispatch(TableAction::Thinking);
                    let started = browser::now_ms();
                    let dispatcher = state.dispatcher();
                    ai::ask(request, move |answer| {
                        let wait = (delay - (browser::now_ms() - started)).max(0.0) as u32;
                        gloo_timers::callback::Timeout::new(wait, move || {
                            dispatcher.dispatch(TableAction::Computer { at, answer })
                        })
                        .forget();
                    });
                }
            }
        });
    }

    let names = names(&state, lang);
    let t = |x: Text| x.get(lang);
    let session = &state.session;
    let viewer = state.viewer;
    let hidden = state.handover;
    let view = session.view(viewer);
    let dispatch = |a: TableAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };

    // The main panel: the cut, a decision, the end of a deal or of the game, or waiting.
    let outcome = session.game.as_ref().and_then(|g| g.outcome());
    let panel = if hidden {
        let who = names.of(viewer).to_string();
        html! {
            <section class="panel handover" aria-labelledby="panel-title">
                <h2 id="panel-title">{ format!("{} {}", t(Text::HandOverTo), who) }</h2>
                <p>{ t(Text::HandOverHint) }</p>
                <button type="button" class="button primary" id="take-over"
                        onclick={dispatch(TableAction::TakeOver)}>
                    { format!("{} {}", t(Text::IAm), who) }
                </button>
            </section>
        }
    } else if session.game.is_none() || session.record.deals.is_empty() {
        cut_panel(&state, &names, lang, settings)
    } else if let Some(view) = view.as_ref().filter(|v| v.to_act == Some(viewer)) {
        decision_panel(&state, view, &names, lang)
    } else if session.needs_deal() {
        deal_over_panel(&state, &names, lang)
    } else if let Some(outcome) = outcome {
        let winner = names.of(outcome.winner).to_string();
        let on_new = props.on_new_game.reform(|_: MouseEvent| ());
        html! {
            <section class="panel game-over" aria-labelledby="panel-title">
                <h2 id="panel-title">{ format!("{} — {}", t(Text::GameOver), winner) }</h2>
                <ScoreSheet session={state.session.clone()} names={names.clone()} {lang} />
                <button type="button" class="button primary" id="play-again" onclick={on_new}>
                    { t(Text::NewGame) }
                </button>
            </section>
        }
    } else {
        let who = session
            .to_act()
            .map(|s| names.of(s).to_string())
            .unwrap_or_default();
        html! {
            <section class="panel waiting" aria-labelledby="panel-title">
                <h2 id="panel-title">
                    { if state.thinking { t(Text::ComputerThinking).to_string() } else { format!("{} {}", t(Text::WaitingFor), who) } }
                </h2>
                <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
            </section>
        }
    };

    // The seats.
    let opponent = viewer.other();
    let seat_head = |seat: Seat, view: Option<&Observation>| -> Html {
        let dealer = view
            .map(|v| v.dealer)
            .or(session.game.as_ref().map(|g| g.dealer()));
        let count = view.map_or(0, |v| v.scores[seat.index()]);
        let tricks = view.map_or(0, |v| v.tricks_won[seat.index()]);
        let to_act = session.to_act() == Some(seat);
        let explain = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(TableAction::Explain(Some(seat))))
        };
        html! {
            <div class={classes!("seat-head", to_act.then_some("to-act"))}>
                <span class="seat-name">{ names.of(seat) }</span>
                if dealer == Some(seat) {
                    <span class="chip dealer" title={t(Text::Dealer)}>{ t(Text::DealerShort) }</span>
                }
                if to_act {
                    <span class="chip turn">{ t(Text::ToPlay) }</span>
                }
                <button type="button" class="bubble" id={format!("count-{}", if seat == viewer { "me" } else { "opponent" })}
                        aria-label={format!("{} {}: {count}. {}", t(Text::CountOf), names.of(seat), t(Text::Explain))}
                        onclick={explain}>
                    { count }
                </button>
                <span class="tricks">{ format!("{} {tricks}", t(Text::Tricks)) }</span>
            </div>
        }
    };

    let opp_area = {
        let shown = view
            .as_ref()
            .map_or(CardSet::EMPTY, |v| v.opponent_shown - played(v));
        let hand_len = view.as_ref().map_or(0, |v| v.opponent_hand_len);
        let discards = view.as_ref().map_or(0, |v| v.opponent_discards_len);
        html! {
            <section class="seat seat-top" aria-label={names.of(opponent).to_string()}>
                { seat_head(opponent, view.as_ref()) }
                <div class="seat-cards">
                    <div class="opp-hand" role="img"
                         aria-label={words::labelled(t(Text::HandOf), &words::plural_cards(hand_len, lang), lang)}>
                        { backs(hand_len, "opp-backs") }
                    </div>
                    if discards > 0 {
                        <div class="pile" role="img" aria-label={words::labelled(t(Text::Discards), &words::plural_cards(discards, lang), lang)}>
                            { backs(discards.min(3), "discard-backs") }
                            <span class="pile-count" aria-hidden="true">{ discards }</span>
                        </div>
                    }
                </div>
                if !shown.is_empty() && !hidden {
                    <div class="shown">
                        <span class="small-label">{ t(Text::ShownCards) }</span>
                        { card_row(shown, lang, settings, "small") }
                    </div>
                }
            </section>
        }
    };

    // The centre: talon, seen talon cards, the trick.
    let centre = {
        let talon_left = view.as_ref().map_or(0, |v| v.talon_left);
        let seen = view.as_ref().map_or(CardSet::EMPTY, |v| {
            v.talon_seen - v.hand - v.discards - played(v)
        });
        let plays = view.as_ref().map(|v| v.plays.clone()).unwrap_or_default();
        let complete = plays.len() / 2 * 2;
        let current: Vec<(Seat, Card)> = if plays.len() % 2 == 1 {
            plays[complete..].to_vec()
        } else if complete >= 2 {
            plays[complete - 2..complete].to_vec()
        } else {
            Vec::new()
        };
        let trick_done = plays.len() % 2 == 0 && !current.is_empty();
        let last_trick: Vec<(Seat, Card)> = if plays.len() % 2 == 1 && complete >= 2 {
            plays[complete - 2..complete].to_vec()
        } else {
            Vec::new()
        };
        let slot = |seat: Seat, trick: &[(Seat, Card)]| -> Html {
            match trick.iter().find(|(s, _)| *s == seat) {
                Some((_, c)) => html! {
                    <div class={classes!("slot", if seat == viewer { "slot-me" } else { "slot-opp" })}>
                        <CardFace index={c.index()} {lang} deck={settings.deck} class={classes!("played", format!("from-{}", if seat == viewer { "me" } else { "opp" }))} />
                    </div>
                },
                None => {
                    html! { <div class={classes!("slot", "empty", if seat == viewer { "slot-me" } else { "slot-opp" })}></div> }
                }
            }
        };
        html! {
            <section class="centre" aria-label={t(Text::TableLabel)}>
                <div class="talon" role="img" aria-label={words::labelled(t(Text::Talon), &words::plural_cards(talon_left, lang), lang)}>
                    if talon_left > 0 {
                        { backs(talon_left.min(4), "talon-backs") }
                        <span class="pile-count" aria-hidden="true">{ talon_left }</span>
                    } else {
                        <span class="talon-empty" aria-hidden="true"></span>
                    }
                </div>
                <div class={classes!("trick", trick_done.then_some("done"))} aria-label={t(Text::Trick)} role="group">
                    if state.show_last_trick && !last_trick.is_empty() {
                        { slot(opponent, &last_trick) }
                        { slot(viewer, &last_trick) }
                        <span class="trick-note">{ t(Text::LastTrick) }</span>
                    } else {
                        { slot(opponent, &current) }
                        { slot(viewer, &current) }
                    }
                </div>
                <div class="centre-side">
                    if !last_trick.is_empty() && !hidden {
                        <button type="button" class="text-button" id="last-trick"
                                aria-pressed={state.show_last_trick.to_string()}
                                onclick={dispatch(TableAction::ToggleLastTrick)}>
                            { t(Text::ReviewLastTrick) }
                        </button>
                    }
                    if !seen.is_empty() && !hidden {
                        <div class="seen">
                            <span class="small-label">{ t(Text::SeenInTalon) }</span>
                            { card_row(seen, lang, settings, "small") }
                        </div>
                    }
                </div>
            </section>
        }
    };

    // The dialogue: the last words said, as bubbles; the whole log on demand.
    let lines: Vec<(Option<Seat>, String, bool)> = session
        .events_for(viewer)
        .filter_map(|e| {
            let speaker = match e {
                Event::Declared { seat, .. }
                | Event::Answered { seat, .. }
                | Event::CarteBlanche { seat, .. } => Some(*seat),
                _ => None,
            };
            words::event(e, &names, &session.rules, lang).map(|l| (speaker, l, speaker.is_some()))
        })
        .collect();
    let speech: Vec<&(Option<Seat>, String, bool)> = lines.iter().filter(|l| l.2).collect();
    let dialogue = html! {
        <section class="dialogue" aria-label={t(Text::Dialogue)}>
            <ol class="speech">
                { for speech.iter().rev().take(3).rev().map(|(seat, line, _)| html! {
                    <li class={classes!("say", if *seat == Some(viewer) { "say-me" } else { "say-opp" })}>{ line }</li>
                }) }
            </ol>
            <button type="button" class="text-button" id="toggle-log" aria-expanded={state.log_open.to_string()}
                    onclick={dispatch(TableAction::ToggleLog)}>
                { t(Text::GameLog) }
            </button>
            if state.log_open {
                <ol class="log" role="log" aria-label={t(Text::GameLog)} tabindex="0">
                    { for lines.iter().map(|(_, line, _)| html! { <li>{ line }</li> }) }
                </ol>
            }
        </section>
    };

    // The live announcement of what just happened.
    let announce = state
        .fresh
        .iter()
        .filter(|e| e.audience().is_none_or(|s| s == viewer))
        .filter_map(|e| words::event(e, &names, &session.rules, lang))
        .collect::<Vec<_>>()
        .join(". ");

    // My seat.
    let my_area = {
        let d = view.as_ref().and_then(decision).filter(|_| !hidden);
        let (mode, enabled, selected) = match &d {
            Some(Decision::Play { cards }) => (HandMode::Play, indices(*cards), Vec::new()),
            Some(Decision::Discard { .. }) => (
                HandMode::Select,
                view.as_ref().map(|v| indices(v.hand)).unwrap_or_default(),
                state.selection.clone(),
            ),
            _ => (HandMode::Idle, Vec::new(), Vec::new()),
        };
        let on_activate = {
            let state = state.clone();
            Callback::from(move |index: u8| match mode {
                HandMode::Play => {
                    if let Some(card) = Card::from_index(index) {
                        state.dispatch(TableAction::Act(viewer, Action::Play(card)));
                    }
                }
                HandMode::Select => state.dispatch(TableAction::Toggle(index)),
                HandMode::Idle => {}
            })
        };
        let hand = view.as_ref().map(|v| v.hand).unwrap_or(CardSet::EMPTY);
        // The deal: the twelve cards fly in one by one until the first decision is taken.
        let just_dealt =
            session.events.is_empty() && session.game.as_ref().is_some_and(|g| g.deal().is_some());
        let discards = view.as_ref().map(|v| v.discards).unwrap_or(CardSet::EMPTY);
        let show_discards = !hidden
            && !discards.is_empty()
            && (session.rules.own_discards_visible
                || settings.show_own_discards
                || !matches!(
                    view.as_ref().map(|v| v.phase),
                    Some(Phase::Play | Phase::Finished { .. })
                ));
        html! {
            <section class={classes!("seat", "seat-bottom", just_dealt.then_some("just-dealt"))}
                     aria-label={names.of(viewer).to_string()}>
                { seat_head(viewer, view.as_ref()) }
                if hidden {
                    <div class="hand-hidden">{ backs(hand.len() as u8, "my-backs") }</div>
                } else {
                    <Hand cards={indices(hand)} {enabled} {selected} {mode} {lang} deck={settings.deck}
                          label={t(Text::YourHand)} {on_activate} />
                    if !state.drawn.is_empty() && (state.drawn - hand).is_empty() && matches!(view.as_ref().map(|v| v.phase), Some(p) if !matches!(p, Phase::Play | Phase::Finished { .. })) {
                        <div class="drawn">
                            <span class="small-label">{ t(Text::YouDrew) }</span>
                            { card_row(state.drawn, lang, settings, "small") }
                        </div>
                    }
                    if show_discards {
                        <div class="my-discards">
                            <span class="small-label">{ t(Text::YourDiscards) }</span>
                            { card_row(discards, lang, settings, "small") }
                        </div>
                    }
                }
            </section>
        }
    };

    // The toolbar.
    let can_hint = !hidden && view.as_ref().is_some_and(|v| v.to_act == Some(viewer));
    let on_hint = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let session = state.session.clone();
            let at = state.version;
            let Some(view) = session.game_view(state.viewer) else {
                return;
            };
            let bot = match &session.config.opponent {
                Opponent::Computer { bot } => bot.clone(),
                // Pass-and-play asks the same expert; the bot only matters to `decide`.
                Opponent::Human => "5".to_string(),
            };
            state.dispatch(TableAction::HintAsked);
            let dispatcher = state.dispatcher();
            ai::ask(
                Request {
                    id: 0,
                    task: Task::Hint,
                    bot,
                    seed: session.config.seed ^ at,
                    view,
                },
                move |answer| dispatcher.dispatch(TableAction::Hint { at, answer }),
            );
        })
    };
    let pending_choice = !state.selection.is_empty() || state.choice.is_some();
    let toolbar = html! {
        <nav class="toolbar" aria-label={t(Text::GameActions)}>
            <button type="button" class="tool" id="hint-button" disabled={!can_hint || state.hint_pending} onclick={on_hint}>
                { if state.hint_pending { t(Text::HintThinking) } else { t(Text::Hint) } }
            </button>
            <button type="button" class="tool" id="undo-button" disabled={!pending_choice}
                    title={t(Text::UndoHint)} onclick={dispatch(TableAction::ResetChoice)}>
                { t(Text::Undo) }
            </button>
            <button type="button" class="tool" id="sheet-button" onclick={dispatch(TableAction::Sheet(true))}>
                { t(Text::ScoreSheet) }
            </button>
            <button type="button" class="tool" id="export-button" onclick={dispatch(TableAction::Export(true))}>
                { t(Text::Export) }
            </button>
            if !props.embedded {
                <button type="button" class="tool" id="leave-button" onclick={props.on_leave.reform(|_: MouseEvent| ())}>
                    { t(Text::Leave) }
                </button>
            }
        </nav>
    };

    let hint = state.hint.as_ref().filter(|(at, _)| *at == state.version).map(|(_, h)| {
        let reason = match lang {
            Lang::Fr => &h.reason_fr,
            Lang::En => &h.reason_en,
        };
        html! {
            <p class="hint-box" role="status">
                <strong>{ words::labelled(t(Text::Hint), "", lang) }</strong>
                { format!("{} — {reason}", action_words(&h.action, view.as_ref(), session, lang)) }
            </p>
        }
    });
    let error = state.error.as_ref().map(|e| html! {
        <div class="notice" role="alert">
            <span>{ format!("{} ({e})", t(Text::SomethingWrong)) }</span>
            <button type="button" class="button" onclick={dispatch(TableAction::Retry)}>{ t(Text::Retry) }</button>
        </div>
    });
    let celebration = state
        .celebrate
        .filter(|(at, _, _)| *at + 2 >= state.version)
        .map(|(at, seat, reason)| {
            let word = match (reason, lang) {
                (ScoreReason::Pic, Lang::Fr) => "Pic !",
                (ScoreReason::Repic, Lang::Fr) => "Repic !",
                (ScoreReason::Pic, Lang::En) => "Pique!",
                (ScoreReason::Repic, Lang::En) => "Repique!",
                _ => "Capot !",
            };
            html! {
                <div class="celebrate" key={at.to_string()} aria-hidden="true">
                    <span class="celebrate-word">{ word }</span>
                    <span class="celebrate-who">{ names.of(seat) }</span>
                </div>
            }
        });

    let explain = state.explain.map(|seat| {
        let items: Vec<String> = session
            .events_for(viewer)
            .filter_map(|e| match e {
                Event::Scored { seat: s, points, reason } if *s == seat => Some(words::score(*points, *reason, lang)),
                _ => None,
            })
            .collect();
        let total = view.as_ref().map_or(0, |v| v.scores[seat.index()]);
        html! {
            <Modal id="explain" title={words::labelled(names.of(seat), &format!("{total} {}", t(Text::Points)), lang)}
                   close_label={t(Text::Close)} on_close={Callback::from({ let state = state.clone(); move |_| state.dispatch(TableAction::Explain(None)) })}>
                if items.is_empty() {
                    <p>{ t(Text::NothingScored) }</p>
                } else {
                    <ol class="explain-list">{ for items.iter().map(|i| html! { <li>{ i }</li> }) }</ol>
                }
            </Modal>
        }
    });
    let sheet = state.sheet.then(|| html! {
        <Modal id="score-sheet" title={t(Text::ScoreSheet)} close_label={t(Text::Close)}
               on_close={Callback::from({ let state = state.clone(); move |_| state.dispatch(TableAction::Sheet(false)) })}>
            <ScoreSheet session={state.session.clone()} names={names.clone()} {lang} />
        </Modal>
    });

    let export = state.export_open.then(|| html! {
        <Modal id="export" title={t(Text::Export)} close_label={t(Text::Close)}
               on_close={Callback::from({ let state = state.clone(); move |_| state.dispatch(TableAction::Export(false)) })}>
            <Export record={Rc::new(state.session.record.clone())} {lang} />
        </Modal>
    });

    html! {
        <main class={classes!("table", format!("speed-{}", format!("{speed:?}").to_ascii_lowercase()))} id="main">
            <h1 class="sr-only">{ t(Text::TableTitle) }</h1>
            <div class="sr-only" aria-live="polite" aria-atomic="true" id="announcer">{ announce }</div>
            { opp_area }
            { centre }
            { dialogue }
            { for celebration }
            <div class="side">
                { for error }
                { for hint }
                { panel }
            </div>
            { my_area }
            { toolbar }
            { for explain }
            { for sheet }
            { for export }
        </main>
    }
}

/// Cards already played, which leave the shown and seen rows.
fn played(view: &Observation) -> CardSet {
    view.plays.iter().map(|(_, c)| *c).collect()
}

/// The computer's own view: what the worker receives (never the whole game).
fn computer_view(session: &Session) -> Option<piquet_engine::GameObservation> {
    match session.game_view(Seat::B) {
        Some(view) => Some(view),
        None => {
            // Before the Rubicon choice there is no game yet: the view of a provisional game
            // (no deal, no cards) carries what the chooser may know, which is nothing hidden.
            let mut cut = session.record.cut.clone();
            cut.higher_deals = Some(true);
            piquet_engine::Game::new(session.rules, &cut)
                .ok()
                .map(|g| g.observation(Seat::B))
        }
    }
}

/// An action in words, for the hint.
fn action_words(
    action: &Action,
    view: Option<&Observation>,
    session: &Session,
    lang: Lang,
) -> String {
    let t = |x: Text| x.get(lang);
    match action {
        Action::Discard(cards) => {
            format!("{} {}", t(Text::DiscardThese), words::cards(*cards, lang))
        }
        Action::Play(card) => format!("{} {}", t(Text::PlayThis), words::card(*card, lang)),
        Action::Declare(h) => {
            let category = match view.map(|v| v.phase) {
                Some(Phase::Declare { category } | Phase::Answer { category, .. }) => category,
                _ => Category::Point,
            };
            holding_words(session, category, *h, 1, lang)
        }
        Action::Answer(a) => {
            let kind = match a {
                Answer::Good => piquet_engine::AnswerKind::Good,
                Answer::Equal(_) => piquet_engine::AnswerKind::Equal,
                Answer::Better(_) => piquet_engine::AnswerKind::Better,
            };
            words::answer(kind, lang).to_string()
        }
        Action::AnnounceCarteBlanche(k) => format!("{} ({})", t(Text::CarteBlanche), k),
        Action::DeclareCarteBlanche => t(Text::CarteBlanche).to_string(),
        Action::ProposeAbandon(p) | Action::AcceptAbandon(p) => {
            if *p { t(Text::Yes) } else { t(Text::No) }.to_string()
        }
        Action::LookAtLeftover(Some(s)) => format!(
            "{} {}",
            t(Text::LookLeadingSuit),
            FaceSuit::ALL[usize::from(s.index())].name(lang)
        ),
        Action::LookAtLeftover(None) => t(Text::DontLook).to_string(),
        Action::ExposeLeftover(true) => t(Text::ExposeLeftover).to_string(),
        Action::ExposeLeftover(false) => t(Text::HideLeftover).to_string(),
    }
}

/// A holding of the viewer's as it would be said.
fn holding_words(
    session: &Session,
    category: Category,
    cards: Option<CardSet>,
    step: u8,
    lang: Lang,
) -> String {
    let claim = match (cards, session.deal()) {
        (Some(h), Some(deal)) => deal.claim_of(category, h, step),
        _ => piquet_engine::Claim::Nothing,
    };
    words::claim(category, &claim, &session.rules, lang)
}

fn cut_panel(
    state: &UseReducerHandle<TableState>,
    names: &Names,
    lang: Lang,
    settings: &Settings,
) -> Html {
    let t = |x: Text| x.get(lang);
    let session = &state.session;
    let cut = session.cut();
    let draws = cut.draws.iter().enumerate().map(|(i, (a, b))| {
        let last = i + 1 == cut.draws.len();
        html! {
            <div class={classes!("cut-draw", last.then_some("decisive"))}>
                <figure class="cut-card">
                    <CardFace index={a.index()} {lang} deck={settings.deck} class={classes!("flip")} />
                    <figcaption>{ names.of(Seat::A) }</figcaption>
                </figure>
                <figure class="cut-card">
                    <CardFace index={b.index()} {lang} deck={settings.deck} class={classes!("flip", "flip-late")} />
                    <figcaption>{ names.of(Seat::B) }</figcaption>
                </figure>
                if !last {
                    <p class="cut-again">{ t(Text::CutAgain) }</p>
                }
            </div>
        }
    });
    let dispatch = |a: TableAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };
    let verdict = match (session.game.as_ref(), session.cut_chooser()) {
        (Some(game), _) => {
            let dealer = game.dealer();
            html! {
                <>
                    <p class="verdict">{ names.sentence(dealer, Text::Deals, Text::YouDeal, lang) }</p>
                    <button type="button" class="button primary" id="deal-button" onclick={dispatch(TableAction::DealNext)}>
                        { t(Text::DealCards) }
                    </button>
                </>
            }
        }
        (None, Some(chooser)) if chooser == Seat::A || state.pass_and_play() => html! {
            <>
                <p class="verdict">{ names.sentence(chooser, Text::ChoosesWhoDeals, Text::YouChooseWhoDeals, lang) }</p>
                <div class="choices">
                    <button type="button" class="button primary" id="choose-deal" onclick={dispatch(TableAction::ChooseDealer(true))}>
                        { t(Text::IDeal) }
                    </button>
                    <button type="button" class="button" id="choose-other-deals" onclick={dispatch(TableAction::ChooseDealer(false))}>
                        { t(Text::OtherDeals) }
                    </button>
                </div>
            </>
        },
        (None, _) => html! { <p class="verdict">{ t(Text::ComputerThinking) }</p> },
    };
    html! {
        <section class="panel cut" aria-labelledby="panel-title">
            <h2 id="panel-title">{ t(Text::TheCut) }</h2>
            <p class="hint-line">{ if session.rules.cut == piquet_engine::rules::CutRule::LowerDeals { t(Text::CutLowerDeals) } else { t(Text::CutHigherChooses) } }</p>
            <div class="cut-draws">{ for draws }</div>
            { verdict }
        </section>
    }
}

fn deal_over_panel(state: &UseReducerHandle<TableState>, names: &Names, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    let session = &state.session;
    let last = session
        .game
        .as_ref()
        .and_then(|g| g.results().last().copied());
    let state2 = state.clone();
    let next = Callback::from(move |_: MouseEvent| state2.dispatch(TableAction::DealNext));
    html! {
        <section class="panel deal-over" aria-labelledby="panel-title">
            <h2 id="panel-title">{ t(Text::DealOver) }</h2>
            if let Some(r) = last {
                <p class="deal-points">
                    { format!("{} {} — {} {}", names.a, r.points[0], names.b, r.points[1]) }
                </p>
            }
            <ScoreSheet session={state.session.clone()} names={names.clone()} {lang} compact=true />
            <button type="button" class="button primary" id="next-deal" onclick={next}>{ t(Text::NextDeal) }</button>
        </section>
    }
}

fn decision_panel(
    state: &UseReducerHandle<TableState>,
    view: &Observation,
    names: &Names,
    lang: Lang,
) -> Html {
    let t = |x: Text| x.get(lang);
    let Some(d) = decision(view) else {
        return html! {};
    };
    let seat = view.seat;
    let session = &state.session;
    let act = |a: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(TableAction::Act(seat, a)))
    };
    match d {
        Decision::Discard {
            min,
            max,
            draws,
            announce_blanche,
            declare_blanche,
        } => {
            let n = state.selection.len() as u8;
            let ok = (min..=max).contains(&n);
            let chosen: CardSet = state
                .selection
                .iter()
                .filter_map(|&i| Card::from_index(i))
                .collect();
            let elder = seat != view.dealer;
            let title = if draws {
                t(Text::Exchange)
            } else {
                t(Text::BlindDiscard)
            };
            let limits = if min == max {
                format!(
                    "{} {}",
                    t(Text::DiscardExactly),
                    words::plural_cards(min, lang)
                )
            } else {
                format!("{} {} {} {}", t(Text::DiscardFrom), min, t(Text::To), max)
            };
            let you_take = match n {
                0 => t(Text::YouWillTakeNone).to_string(),
                n => format!("{} {}", t(Text::YouWillTake), words::plural_cards(n, lang)),
            };
            let after = if draws && elder && view.opponent_discards_len > 0 {
                // Elder's carte blanche: the dealer has discarded blind and will take as many.
                format!(
                    "{you_take}. {} {}.",
                    t(Text::OpponentWillTake),
                    words::plural_cards(view.opponent_discards_len, lang)
                )
            } else if draws && elder {
                let left = view.talon_left.saturating_sub(n);
                format!(
                    "{you_take}. {} {}.",
                    t(Text::OpponentMayTake),
                    words::plural_cards(left, lang)
                )
            } else if draws {
                format!(
                    "{you_take}. {} {}.",
                    t(Text::TalonHolds),
                    words::plural_cards(view.talon_left, lang)
                )
            } else {
                format!("{} {}", t(Text::NoDrawNow), words::plural_cards(n, lang))
            };
            let confirm = act(Action::Discard(chosen));
            html! {
                <section class="panel decide exchange" aria-labelledby="panel-title">
                    <h2 id="panel-title">{ title }</h2>
                    <p>{ limits }{ " — " }{ t(Text::SelectInHand) }</p>
                    <p class="hint-line" aria-live="polite">{ after }</p>
                    <div class="choices">
                        <button type="button" class="button primary" id="confirm-discard" disabled={!ok} onclick={confirm}>
                            { format!("{} ({n})", if draws { t(Text::DiscardAndDraw) } else { t(Text::DiscardOnly) }) }
                        </button>
                        if declare_blanche {
                            <button type="button" class="button" id="carte-blanche" onclick={act(Action::DeclareCarteBlanche)}>
                                { t(Text::DeclareCarteBlanche) }
                            </button>
                        }
                    </div>
                    if !announce_blanche.is_empty() {
                        <div class="blanche">
                            <p>{ t(Text::CarteBlancheHeld) }</p>
                            <div class="choices">
                                { for announce_blanche.iter().map(|&k| html! {
                                    <button type="button" class="button" onclick={act(Action::AnnounceCarteBlanche(k))}>
                                        { format!("{} — {}", t(Text::CarteBlanche), words::plural_cards(k, lang)) }
                                    </button>
                                }) }
                            </div>
                        </div>
                    }
                </section>
            }
        }
        Decision::Abandon { reply } => html! {
            <section class="panel decide" aria-labelledby="panel-title">
                <h2 id="panel-title">{ if reply { t(Text::AbandonReply) } else { t(Text::AbandonOffer) } }</h2>
                <div class="choices">
                    <button type="button" class="button" onclick={act(if reply { Action::AcceptAbandon(true) } else { Action::ProposeAbandon(true) })}>{ t(Text::Yes) }</button>
                    <button type="button" class="button primary" onclick={act(if reply { Action::AcceptAbandon(false) } else { Action::ProposeAbandon(false) })}>{ t(Text::No) }</button>
                </div>
            </section>
        },
        Decision::LookAtLeftover { suits } => html! {
            <section class="panel decide leftover" aria-labelledby="panel-title">
                <h2 id="panel-title">{ t(Text::Leftover) }</h2>
                <p>{ format!("{} {}", words::plural_cards(view.talon_left, lang), t(Text::LeftoverClassicHint)) }</p>
                <div class="choices">
                    { for suits.iter().map(|&s| html! {
                        <button type="button" class="button" onclick={act(Action::LookAtLeftover(Some(s)))}>
                            { format!("{} {}", t(Text::LookLeadingSuit), FaceSuit::ALL[usize::from(s.index())].name(lang)) }
                        </button>
                    }) }
                    <button type="button" class="button primary" id="dont-look" onclick={act(Action::LookAtLeftover(None))}>{ t(Text::DontLook) }</button>
                </div>
            </section>
        },
        Decision::ExposeLeftover => html! {
            <section class="panel decide leftover" aria-labelledby="panel-title">
                <h2 id="panel-title">{ t(Text::Leftover) }</h2>
                <p>{ format!("{} {}", words::plural_cards(view.talon_left, lang), t(Text::LeftoverRubiconHint)) }</p>
                <div class="choices">
                    <button type="button" class="button" id="expose" onclick={act(Action::ExposeLeftover(true))}>{ t(Text::ExposeLeftover) }</button>
                    <button type="button" class="button primary" id="hide" onclick={act(Action::ExposeLeftover(false))}>{ t(Text::HideLeftover) }</button>
                </div>
            </section>
        },
        Decision::Declare { category, options } => {
            let step = if matches!(view.phase, Phase::Answer { .. }) {
                2
            } else {
                1
            };
            let chosen = state
                .choice
                .unwrap_or(0)
                .min(options.len().saturating_sub(1));
            let radios = options.iter().enumerate().map(|(i, o)| {
                let said = holding_words(session, category, *o, step, lang);
                let detail = o.map(|h| words::cards(h, lang)).unwrap_or_default();
                let state = state.clone();
                let onchange =
                    Callback::from(move |_: yew::Event| state.dispatch(TableAction::Choose(i)));
                html! {
                    <label class="option">
                        <input type="radio" name="declaration" checked={i == chosen} {onchange} />
                        <span class="option-said">{ words::quoted(&said, lang) }</span>
                        if !detail.is_empty() { <span class="option-cards">{ detail }</span> }
                    </label>
                }
            });
            let action = Action::Declare(options.get(chosen).copied().flatten());
            html! {
                <section class="panel decide declare" aria-labelledby="panel-title">
                    <h2 id="panel-title">{ words::capitalised(words::category(category, lang)) }</h2>
                    <fieldset class="options">
                        <legend>{ t(Text::WhatToDeclare) }</legend>
                        { for radios }
                    </fieldset>
                    <p class="hint-line">{ t(Text::SinkingAllowed) }</p>
                    <button type="button" class="button primary" id="declare" onclick={act(action)}>{ t(Text::Declare) }</button>
                </section>
            }
        }
        Decision::Answer {
            category,
            equal,
            better,
        } => {
            let decl = view.declarations[category as usize];
            let heard = decl
                .elder
                .map(|c| words::claim(category, &c, &session.rules, lang))
                .unwrap_or_default();
            let elder = names.of(seat.other()).to_string();
            let reason = |h: Option<CardSet>, missing: Text| -> String {
                match h {
                    Some(h) if h.is_empty() => t(Text::NoneEither).to_string(),
                    Some(h) => format!(
                        "{} {}",
                        t(Text::YouHold),
                        words::quoted(&holding_words(session, category, Some(h), 2, lang), lang)
                    ),
                    None => t(missing).to_string(),
                }
            };
            let button = |id: &'static str,
                          kind: piquet_engine::AnswerKind,
                          a: Option<Action>,
                          why: String| {
                let disabled = a.is_none();
                let onclick = a.map(act).unwrap_or_default();
                html! {
                    <div class="answer">
                        <button type="button" class={classes!("button", (kind == piquet_engine::AnswerKind::Good).then_some("primary"))} {id} {disabled}
                                aria-describedby={format!("{id}-why")} {onclick}>
                            { words::answer(kind, lang) }
                        </button>
                        <span class="why" id={format!("{id}-why")}>{ why }</span>
                    </div>
                }
            };
            html! {
                <section class="panel decide answer-panel" aria-labelledby="panel-title">
                    <h2 id="panel-title">{ words::labelled(&elder, &words::quoted(&heard, lang), lang) }</h2>
                    <p>{ t(Text::YourAnswer) }</p>
                    <div class="answers">
                        { button("answer-good", piquet_engine::AnswerKind::Good, Some(Action::Answer(Answer::Good)), t(Text::GoodAlways).to_string()) }
                        if category != Category::Sets {
                            { button("answer-equal", piquet_engine::AnswerKind::Equal, equal.map(|h| Action::Answer(Answer::Equal(h))), reason(equal, Text::NoEqual)) }
                        }
                        { button("answer-better", piquet_engine::AnswerKind::Better, better.map(|h| Action::Answer(Answer::Better(h))), reason(better, Text::NothingBetter)) }
                    </div>
                </section>
            }
        }
        Decision::Play { .. } => {
            let lead = view.plays.len() % 2 == 0;
            let must = view.announced_lead_suit.filter(|_| view.plays.is_empty());
            html! {
                <section class="panel decide play" aria-labelledby="panel-title">
                    <h2 id="panel-title">{ if lead { t(Text::YourLead) } else { t(Text::YourTurnToFollow) } }</h2>
                    <p class="hint-line">
                        { t(Text::PlayHint) }
                        if let Some(s) = must {
                            { format!(" {} {}.", t(Text::MustLead), FaceSuit::ALL[usize::from(s.index())].name(lang)) }
                        }
                    </p>
                </section>
            }
        }
    }
}
