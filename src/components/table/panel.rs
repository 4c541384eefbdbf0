//! The panel of the decision at hand — above the hand on a phone held upright, in the right
//! column sideways and on a desktop. It scrolls inside itself (the declaration options) and
//! keeps its main button on screen. Also: the hand-over of pass-and-play, the cut's verdict,
//! the end of a deal and of the game, and waiting for the other.

use std::rc::Rc;

use piquet_engine::rules::CutRule;
use piquet_engine::{
    Action, Answer, AnswerKind, CardSet, Category, Observation, Phase, Rules, Seat,
};
use yew::prelude::*;

use crate::components::score_sheet::ScoreSheet;
use piquet_table::decision::{Decision, decision};
use piquet_table::i18n::{Lang, Text};
use piquet_table::lesson::Target;
use piquet_table::model::FinalScore;
use piquet_table::seen::Seen;
use piquet_table::settings::DeckStyle;
use piquet_table::table_ui::TableAction;
use piquet_words::{self as words, Names};

#[derive(Properties)]
pub struct PanelProps {
    pub seen: Rc<Seen>,
    pub viewer: Seat,
    pub handover: bool,
    pub selection: CardSet,
    pub choice: Option<usize>,
    pub thinking: bool,
    pub names: Names,
    pub lang: Lang,
    #[prop_or_default]
    pub deck: DeckStyle,
    pub on: Callback<TableAction>,
    pub on_new_game: Callback<()>,
    #[prop_or_default]
    pub on_play_again: Option<Callback<()>>,
    /// A lesson: what it asks the player to touch (highlighted); no review of the deal.
    #[prop_or_default]
    pub lesson: Option<Target>,
    /// What the hint suggests (marked).
    #[prop_or_default]
    pub hinted: Option<Target>,
    /// A deal may be reviewed once over (« Revoir la donne »): the whole record is here.
    #[prop_or(true)]
    pub reviews: bool,
    /// The only card the player may play is about to go by itself: the play panel says so.
    #[prop_or_default]
    pub forced: bool,
}

impl PartialEq for PanelProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.seen, &o.seen)
            && self.viewer == o.viewer
            && self.handover == o.handover
            && self.selection == o.selection
            && self.choice == o.choice
            && self.thinking == o.thinking
            && self.names == o.names
            && self.lang == o.lang
            && self.deck == o.deck
            && self.on == o.on
            && self.on_new_game == o.on_new_game
            && self.on_play_again == o.on_play_again
            && self.lesson == o.lesson
            && self.hinted == o.hinted
            && self.reviews == o.reviews
            && self.forced == o.forced
    }
}

/// The classes of a control that does `target`: the lesson asks the player to touch it, or
/// the hint suggests it.
fn aim(props: &PanelProps, target: Target) -> Classes {
    classes!(
        (props.lesson.as_ref() == Some(&target)).then_some("lesson-target"),
        (props.hinted.as_ref() == Some(&target)).then_some("hinted"),
    )
}

/// A panel: its title (the dialog's name for screen readers), its body, its main buttons kept
/// on screen at its foot.
fn frame(class: &'static str, title: String, body: Html, foot: Html) -> Html {
    html! {
        <section class={classes!("panel", class)} aria-labelledby="panel-title">
            <h2 id="panel-title">{ title }</h2>
            <div class="panel-body">{ body }</div>
            <div class="panel-foot">{ foot }</div>
        </section>
    }
}

#[function_component(Panel)]
pub fn panel(props: &PanelProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let seen = &props.seen;
    let names = &props.names;
    let viewer = props.viewer;
    let on = &props.on;
    let view = seen.deal.as_ref();
    if props.handover {
        let who = names.of(viewer).to_string();
        return frame(
            "handover",
            format!("{} {who}", t(Text::HandOverTo)),
            html! { <p>{ t(Text::HandOverHint) }</p> },
            html! {
                <button type="button" class="button primary" id="take-over"
                        onclick={on.reform(|_: MouseEvent| TableAction::TakeOver)}>
                    { format!("{} {who}", t(Text::IAm)) }
                </button>
            },
        );
    }
    if seen.at_cut() {
        return cut_panel(props);
    }
    if let Some(view) = view.filter(|v| v.to_act == Some(viewer)) {
        return decision_panel(props, view);
    }
    // A lesson that opens after deals of its own backdrop: no deal just finished to show, the
    // table is dealt as at the cut.
    if seen.needs_deal() && seen.deal.is_none() {
        return cut_panel(props);
    }
    if seen.needs_deal() {
        let last = seen.results().last().copied();
        return frame(
            "deal-over",
            t(Text::DealOver).to_string(),
            html! {
                <>
                    if let Some(r) = last {
                        <p class="deal-points">
                            { format!("{} {} — {} {}", names.a, r.points[0], names.b, r.points[1]) }
                        </p>
                    }
                    <ScoreSheet seen={seen.clone()} names={names.clone()} {lang} compact=true />
                </>
            },
            html! {
                <div class="choices">
                    <button type="button" class={classes!("button", "primary", aim(props, Target::Deal))} id="next-deal"
                            onclick={on.reform(|_: MouseEvent| TableAction::DealNext)}>{ t(Text::NextDeal) }</button>
                    if props.lesson.is_none() {
                        { review_button(props, lang) }
                    }
                </div>
            },
        );
    }
    if let Some(fin) = piquet_table::model::final_score(seen, names, lang) {
        let again = props
            .on_play_again
            .clone()
            .unwrap_or_else(|| props.on_new_game.clone());
        return frame(
            "game-over",
            fin.verdict.clone(),
            final_score(&fin, on, lang),
            html! {
                <div class="choices">
                    <button type="button" class="button primary" id="play-again"
                            onclick={again.reform(|_: MouseEvent| ())}>{ t(Text::PlayAgain) }</button>
                    if props.on_play_again.is_some() {
                        <button type="button" class="button" id="other-game"
                                onclick={props.on_new_game.reform(|_: MouseEvent| ())}>{ t(Text::OtherGame) }</button>
                    }
                    { review_button(props, lang) }
                </div>
            },
        );
    }
    let who = seen
        .to_act()
        .map(|s| names.of(s).to_string())
        .unwrap_or_default();
    html! {
        <section class="panel waiting" aria-labelledby="panel-title">
            <h2 id="panel-title">
                { if props.thinking { t(Text::ComputerThinking).to_string() } else { format!("{} {}", t(Text::WaitingFor), who) } }
            </h2>
            <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
        </section>
    }
}

/// The end of the game, headed by its final score (the winner's first, Rubicon's gain and who
/// was rubiconed, a match's games), which arrives with a short moment of its own (none without
/// motion); the score sheet one tap away.
fn final_score(fin: &FinalScore, on: &Callback<TableAction>, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    let seat = |i: usize| {
        let (name, points) = &fin.scores[i];
        html! {
            <span class={classes!("final-seat", (i == 0).then_some("winner"))}>
                <span class="final-name">{ name.clone() }</span>
                <span class="final-points">{ *points }</span>
            </span>
        }
    };
    html! {
        <div class="outcome final">
            <p class="final-label">{ words::labelled(t(Text::GameOver), t(Text::FinalScore), lang) }</p>
            <p class="final-score">{ seat(0) }<span class="final-sep" aria-hidden="true">{ "—" }</span>{ seat(1) }</p>
            if let Some(payoff) = &fin.payoff {
                <p class="final-payoff">{ payoff.clone() }</p>
            }
            if let Some(r) = &fin.rubiconed {
                <p class="rubiconed">{ r.clone() }</p>
            }
            if let Some(g) = &fin.games {
                <p class="final-games">{ g.clone() }</p>
            }
            <button type="button" class="text-button" id="over-sheet"
                    onclick={on.reform(|_: MouseEvent| TableAction::Sheet(true))}>
                { t(Text::SeeScoreSheet) }
            </button>
        </div>
    }
}

/// « Revoir la donne »: the review of the deal just finished.
fn review_button(props: &PanelProps, lang: Lang) -> Html {
    let Some(deal) = props.seen.deals.checked_sub(1).filter(|_| props.reviews) else {
        return html! {};
    };
    html! {
        <button type="button" class="button" id="review-deal"
                onclick={props.on.reform(move |_: MouseEvent| TableAction::Review(Some(deal)))}>
            { Text::ReviewDeal.get(lang) }
        </button>
    }
}

fn cut_panel(props: &PanelProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let seen = &props.seen;
    let names = &props.names;
    let on = &props.on;
    let rule = if seen.rules.cut == CutRule::LowerDeals {
        t(Text::CutLowerDeals)
    } else {
        t(Text::CutHigherChooses)
    };
    let (verdict, foot) = match (seen.dealer(), seen.cut_chooser) {
        // A lesson's cut, before the player draws: drawing is the step; « Distribuer » too soon
        // is answered by the lesson.
        (Some(_), _) if props.lesson == Some(Target::Cut) => (
            String::new(),
            html! {
                <div class="choices">
                    <button type="button" class="button primary lesson-target" id="cut-button"
                            onclick={on.reform(|_: MouseEvent| TableAction::Cut)}>
                        { t(Text::DrawCard) }
                    </button>
                    <button type="button" class="button" id="deal-button"
                            onclick={on.reform(|_: MouseEvent| TableAction::DealNext)}>
                        { t(Text::DealCards) }
                    </button>
                </div>
            },
        ),
        (Some(dealer), _) => (
            names.sentence(dealer, Text::Deals.get(lang), Text::YouDeal.get(lang)),
            html! {
                <button type="button" class={classes!("button", "primary", aim(props, Target::Deal))} id="deal-button"
                        onclick={on.reform(|_: MouseEvent| TableAction::DealNext)}>
                    // When the computer deals, the player does not: he takes his cards.
                    if dealer != props.viewer && !seen.both_here {
                        { t(Text::ReceiveCards) }
                    } else {
                        { t(Text::DealCards) }
                    }
                </button>
            },
        ),
        (None, Some(chooser)) if seen.chooses_dealer() => (
            names.sentence(
                chooser,
                t(Text::ChoosesWhoDeals),
                t(Text::YouChooseWhoDeals),
            ),
            html! {
                <div class="choices">
                    <button type="button" class="button primary" id="choose-deal"
                            onclick={on.reform(|_: MouseEvent| TableAction::ChooseDealer(true))}>
                        { t(Text::IDeal) }
                    </button>
                    <button type="button" class="button" id="choose-other-deals"
                            onclick={on.reform(|_: MouseEvent| TableAction::ChooseDealer(false))}>
                        { t(Text::OtherDeals) }
                    </button>
                </div>
            },
        ),
        (None, chooser) if props.thinking || chooser.is_none() => {
            (t(Text::ComputerThinking).to_string(), html! {})
        }
        (None, chooser) => (
            format!(
                "{} {}",
                t(Text::WaitingFor),
                chooser.map(|c| names.of(c)).unwrap_or_default()
            ),
            html! {},
        ),
    };
    // Before the first deal, the cut and its rule; later (a lesson's first deal after its
    // backdrop), the deal to come.
    let dealt = seen.deals;
    let title = if dealt == 0 {
        t(Text::TheCut).to_string()
    } else {
        format!("{} {}", t(Text::DealWord), dealt + 1)
    };
    frame(
        "cut",
        title,
        html! {
            <>
                if dealt == 0 {
                    <p class="hint-line">{ rule }</p>
                }
                <p class="verdict">{ verdict }</p>
            </>
        },
        foot,
    )
}

/// A holding of the viewer's as it would be said.
pub fn holding_words(
    rules: &Rules,
    category: Category,
    cards: Option<CardSet>,
    step: u8,
    lang: Lang,
) -> String {
    let claim = match cards {
        Some(h) => rules.claim_of(category, h, step),
        None => piquet_engine::Claim::Nothing,
    };
    words::claim(category, &claim, rules, lang)
}

fn decision_panel(props: &PanelProps, view: &Observation) -> Html {
    let Some(d) = decision(view) else {
        return html! {};
    };
    match d {
        Decision::Discard {
            min,
            max,
            draws,
            announce_blanche,
            declare_blanche,
        } => discard_panel(
            props,
            view,
            (min, max),
            draws,
            &announce_blanche,
            declare_blanche,
        ),
        Decision::Abandon { reply } => abandon_panel(props, view, reply),
        Decision::LookAtLeftover { suits } => look_panel(props, view, &suits),
        Decision::ExposeLeftover => expose_panel(props, view),
        Decision::Declare { category, options } => declare_panel(props, view, category, &options),
        Decision::Answer {
            category,
            equal,
            better,
        } => answer_panel(props, view, category, equal, better),
        Decision::Play { .. } => play_panel(props, view),
    }
}

/// The callback that makes `view`'s seat take an action.
fn act(props: &PanelProps, view: &Observation) -> impl Fn(Action) -> Callback<MouseEvent> {
    let (on, seat) = (props.on.clone(), view.seat);
    move |a: Action| on.reform(move |_: MouseEvent| TableAction::Act(seat, a))
}

/// The exchange (or a blind discard): the limits, what the player will take, carte blanche.
fn discard_panel(
    props: &PanelProps,
    view: &Observation,
    (min, max): (u8, u8),
    draws: bool,
    announce_blanche: &[u8],
    declare_blanche: bool,
) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let on = &props.on;
    let act = act(props, view);
    let n = props.selection.len() as u8;
    let ok = (min..=max).contains(&n);
    let chosen = props.selection;
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
    let after = exchange_outlook(view, draws, (n, min), lang);
    let label = if draws {
        t(Text::DiscardAndDraw)
    } else {
        t(Text::DiscardOnly)
    };
    html! {
        <section class="panel decide exchange" aria-labelledby="panel-title">
            <h2 id="panel-title">{ title }</h2>
            <div class="panel-body">
                <p>{ limits }{ " — " }{ t(Text::SelectInHand) }</p>
                <p class="hint-line" aria-live="polite">{ after }</p>
                if n > 0 {
                    <button type="button" class="text-button clear-button" id="undo-button"
                            onclick={on.reform(|_: MouseEvent| TableAction::ResetChoice)}>
                        { t(Text::ClearSelection) }
                    </button>
                }
                if !announce_blanche.is_empty() {
                    <div class="blanche">
                        <p>{ t(Text::CarteBlancheHeld) }</p>
                        <div class="choices">
                            { for announce_blanche.iter().map(|&k| html! {
                                <button type="button" class="button" onclick={act(Action::AnnounceCarteBlanche(k))}
                                        data-action={piquet_table::problem::notation(view.seat, Action::AnnounceCarteBlanche(k))}>
                                    { format!("{} — {}", t(Text::CarteBlanche), words::plural_cards(k, lang)) }
                                </button>
                            }) }
                        </div>
                    </div>
                }
            </div>
            <div class="panel-foot choices">
                <button type="button" class={classes!("button", "primary", aim(props, Target::Discard(chosen)))}
                        id="confirm-discard" disabled={!ok}
                        onclick={act(Action::Discard(chosen))}>
                    if draws && n == 0 && min == 0 {
                        { t(Text::KeepAll) }
                    } else {
                        { format!("{label} ({n})") }
                    }
                </button>
                if declare_blanche {
                    <button type="button" class="button" id="carte-blanche" onclick={act(Action::DeclareCarteBlanche)}>
                        { t(Text::DeclareCarteBlanche) }
                    </button>
                }
            </div>
        </section>
    }
}

/// What discarding `n` cards (at least `min`) leads to, in words: what the player takes, and
/// what is left for the other (or, for a blind discard, that nothing is drawn now).
fn exchange_outlook(view: &Observation, draws: bool, (n, min): (u8, u8), lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    let elder = view.seat != view.dealer;
    let you_take = match n {
        0 if min > 0 => t(Text::NoneChosenYet).to_string(),
        0 => t(Text::YouWillTakeNone).to_string(),
        n => format!("{} {}", t(Text::YouWillTake), words::plural_cards(n, lang)),
    };
    if draws && elder && view.opponent_discards_len > 0 {
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
        format!("{} {}.", t(Text::NoDrawNow), words::plural_cards(n, lang))
    }
}

/// Les Fâcheux: elder's offer to abandon the deal, or the dealer's reply.
fn abandon_panel(props: &PanelProps, view: &Observation, reply: bool) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let act = act(props, view);
    frame(
        "decide",
        if reply {
            t(Text::AbandonReply)
        } else {
            t(Text::AbandonOffer)
        }
        .to_string(),
        html! {},
        html! {
            <div class="choices">
                <button type="button" class="button" onclick={act(if reply { Action::AcceptAbandon(true) } else { Action::ProposeAbandon(true) })}>{ t(Text::Yes) }</button>
                <button type="button" class="button primary" onclick={act(if reply { Action::AcceptAbandon(false) } else { Action::ProposeAbandon(false) })}>{ t(Text::No) }</button>
            </div>
        },
    )
}

/// A leftover panel: how many cards are left and what may be done about them (`hint`), the
/// `choices` the rules give, and its main button at the foot.
fn leftover_frame(
    props: &PanelProps,
    view: &Observation,
    hint: Text,
    choices: Html,
    foot: Html,
) -> Html {
    let lang = props.lang;
    let left = words::plural_cards(view.talon_left, lang);
    // One card is left: « une carte reste au talon… la voir ».
    let hint = match (hint, view.talon_left) {
        (Text::LeftoverClassicHint, 1) => Text::LeftoverClassicHintOne,
        (Text::LeftoverRubiconHint, 1) => Text::LeftoverRubiconHintOne,
        (hint, _) => hint,
    };
    frame(
        "decide leftover",
        Text::Leftover.get(lang).to_string(),
        html! {
            <>
                <p>{ words::capitalised(&format!("{left} {}", hint.get(lang))) }</p>
                { choices }
            </>
        },
        html! { <div class="choices">{ foot }</div> },
    )
}

/// Classique's leftover: elder may look at it, naming the suit he will lead.
fn look_panel(props: &PanelProps, view: &Observation, suits: &[piquet_engine::Suit]) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let act = act(props, view);
    leftover_frame(
        props,
        view,
        Text::LeftoverClassicHint,
        html! {
            <div class="suit-choices" role="group" aria-label={t(Text::LookLeadingSuit)}>
                <span class="hint-line">{ t(Text::LookLeadingSuit) }</span>
                { for suits.iter().map(|&s| html! {
                    <button type="button" class={classes!("button", aim(props, Target::Look(Some(s))))}
                            data-suit={s.to_string()} onclick={act(Action::LookAtLeftover(Some(s)))}>
                        { words::suit(s, lang) }
                    </button>
                }) }
            </div>
        },
        html! {
            <button type="button" class={classes!("button", "primary", aim(props, Target::Look(None)))}
                    id="dont-look" onclick={act(Action::LookAtLeftover(None))}>{ t(Text::DontLook) }</button>
        },
    )
}

/// Rubicon's leftover: the dealer shows it or not.
fn expose_panel(props: &PanelProps, view: &Observation) -> Html {
    let t = |x: Text| x.get(props.lang);
    let act = act(props, view);
    leftover_frame(
        props,
        view,
        Text::LeftoverRubiconHint,
        html! {},
        html! {
            <>
                <button type="button" class={classes!("button", aim(props, Target::Expose(true)))}
                        id="expose" onclick={act(Action::ExposeLeftover(true))}>{ t(Text::ExposeLeftover) }</button>
                <button type="button" class={classes!("button", "primary", aim(props, Target::Expose(false)))}
                        id="hide" onclick={act(Action::ExposeLeftover(false))}>{ t(Text::HideLeftover) }</button>
            </>
        },
    )
}

/// A declaration: the holdings the player may say (sinking allowed, Art. 21).
fn declare_panel(
    props: &PanelProps,
    view: &Observation,
    category: Category,
    options: &[Option<CardSet>],
) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let rules = &props.seen.rules;
    let on = &props.on;
    let act = act(props, view);
    let step = if matches!(view.phase, Phase::Answer { .. }) {
        2
    } else {
        1
    };
    let chosen = props
        .choice
        .unwrap_or(0)
        .min(options.len().saturating_sub(1));
    let tied = |h: CardSet| {
        options
            .iter()
            .flatten()
            .filter(|o| o.len() == h.len())
            .count()
            > 1
    };
    let radios = options.iter().enumerate().map(|(i, o)| {
        let said = holding_words(rules, category, *o, step, lang);
        let detail = o.map(|h| words::holding(h, lang)).unwrap_or_default();
        // What a point counts, where it settles a tie: another option as long.
        let count = match o {
            Some(h) if tied(*h) => words::point_count(rules, category, *h, step, lang),
            _ => None,
        };
        let onchange = on.reform(move |_: yew::Event| TableAction::Choose(i));
        let aimed = aim(props, Target::Declare(*o));
        html! {
            <label class={classes!("option", aimed)}
                   data-action={piquet_table::problem::notation(view.seat, Action::Declare(*o))}>
                <input type="radio" name="declaration" checked={i == chosen} {onchange} />
                <span class="option-said">
                    { words::quoted(&said, lang) }
                    if let Some(count) = count { { " " }<span class="option-count">{ count }</span> }
                </span>
                if !detail.is_empty() { <span class="option-cards">{ detail }</span> }
            </label>
        }
    });
    let chosen_option = options.get(chosen).copied().flatten();
    let action = Action::Declare(chosen_option);
    let declare_aimed = aim(props, Target::Declare(chosen_option));
    html! {
        <section class="panel decide declare" aria-labelledby="panel-title">
            <h2 id="panel-title">{ words::capitalised(words::category(category, lang)) }</h2>
            <div class="panel-body">
                <fieldset class="options">
                    <legend>{ t(Text::WhatToDeclare) }</legend>
                    { for radios }
                </fieldset>
                <p class="hint-line">{ t(Text::SinkingAllowed) }</p>
            </div>
            <div class="panel-foot">
                <button type="button" class={classes!("button", "primary", declare_aimed)} id="declare" onclick={act(action)}>{ t(Text::Declare) }</button>
            </div>
        </section>
    }
}

/// The dealer's answer to elder's claim: « bon », « égal » or « pas bon », each with its reason.
fn answer_panel(
    props: &PanelProps,
    view: &Observation,
    category: Category,
    equal: Option<CardSet>,
    better: Option<CardSet>,
) -> Html {
    // The true answer is the big one, as the best holding comes first among declarations: a
    // beginner who holds better is not led to give the point away.
    let truth = Decision::Answer {
        category,
        equal,
        better,
    }
    .true_answer();
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let seat = view.seat;
    let rules = &props.seen.rules;
    let act = act(props, view);
    let decl = view.declarations[category as usize];
    let heard_claim = decl.elder;
    let heard = heard_claim
        .map(|c| words::claim(category, &c, rules, lang))
        .unwrap_or_default();
    let elder = props.names.of(seat.other()).to_string();
    let reason = |h: Option<CardSet>, missing: Text| -> String {
        match h {
            Some(h) if h.is_empty() => t(Text::NoneEither).to_string(),
            Some(h) => format!(
                "{} {}",
                t(Text::YouHold),
                words::quoted(&holding_words(rules, category, Some(h), 2, lang), lang)
            ),
            None => t(missing).to_string(),
        }
    };
    let button = |id: &'static str, kind: AnswerKind, a: Option<Action>, why: String| {
        let disabled = a.is_none();
        let onclick = a.map(&act).unwrap_or_default();
        let aimed = aim(props, Target::Answer(kind));
        html! {
            <div class="answer">
                <button type="button" class={classes!("button", (Some(kind) == truth).then_some("primary"), aimed)} {id} {disabled}
                        aria-describedby={format!("{id}-why")} {onclick}>
                    { words::answer_to(kind, heard_claim.as_ref(), lang) }
                </button>
                <span class="why" id={format!("{id}-why")}>{ why }</span>
            </div>
        }
    };
    html! {
        <section class="panel decide answer-panel" aria-labelledby="panel-title">
            <h2 id="panel-title">{ words::labelled(&elder, &words::quoted(&heard, lang), lang) }</h2>
            <div class="panel-body">
                <p class="sr-only">{ t(Text::YourAnswer) }</p>
                <div class="answers">
                    { button("answer-good", AnswerKind::Good, Some(Action::Answer(Answer::Good)), t(Text::GoodAlways).to_string()) }
                    if category != Category::Sets {
                        { button("answer-equal", AnswerKind::Equal, equal.map(|h| Action::Answer(Answer::Equal(h))), reason(equal, Text::NoEqual)) }
                    }
                    { button("answer-better", AnswerKind::Better, better.map(|h| Action::Answer(Answer::Better(h))), reason(better, Text::NothingBetter)) }
                </div>
            </div>
        </section>
    }
}

/// The play: whose turn, and the suit that must be led after a look at the leftover.
fn play_panel(props: &PanelProps, view: &Observation) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let lead = view.plays.len() % 2 == 0;
    let must = view.announced_lead_suit.filter(|_| view.plays.is_empty());
    html! {
        <section class="panel decide play" aria-labelledby="panel-title">
            <h2 id="panel-title">{ if lead { t(Text::YourLead) } else { t(Text::YourTurnToFollow) } }</h2>
            if props.forced {
                <p class="hint-line forced-note" role="status">{ t(Text::ForcedCardNote) }</p>
            }
            <p class="hint-line">
                { t(Text::PlayHint) }
                <span class="kbd-only">{ " " }{ t(Text::ArrowsThenEnter) }</span>
                if let Some(s) = must {
                    { format!(" {} {}.", t(Text::MustLead), words::suit(s, lang)) }
                }
            </p>
        </section>
    }
}
