//! The score sheet: every deal with its points and its remarks (carte blanche, repic, pic,
//! capot, a deal stopped at the target or abandoned), each game's totals, the belle, and at the
//! end the outcome — the Rubicon payoff and whether the loser was "rubiconed".

use std::rc::Rc;

use piquet_engine::rules::Format;
use piquet_engine::{DealEnd, Seat};
use yew::prelude::*;

use piquet_table::i18n::{Lang, Text};
use piquet_table::session::Session;
use piquet_words::Names;

#[derive(Properties)]
pub struct ScoreSheetProps {
    pub session: Rc<Session>,
    pub names: Names,
    pub lang: Lang,
    /// Only the current game's deals (between deals).
    #[prop_or_default]
    pub compact: bool,
    /// Each finished deal can be reviewed (the deal, from 0).
    #[prop_or_default]
    pub on_review: Option<Callback<usize>>,
}

impl PartialEq for ScoreSheetProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.session, &other.session)
            && self.names == other.names
            && self.lang == other.lang
            && self.compact == other.compact
            && self.on_review == other.on_review
    }
}

#[function_component(ScoreSheet)]
pub fn score_sheet(props: &ScoreSheetProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let Some(game) = props.session.game.as_ref() else {
        return html! { <p>{ t(Text::NoDealYet) }</p> };
    };
    let results = game.results();
    let rules = &props.session.rules;
    let match_play = matches!(
        rules.format,
        Format::Cent {
            match_play: true,
            ..
        }
    );
    let last_game = results.last().map_or(0, |r| r.game);
    let games: Vec<u8> = {
        let mut g: Vec<u8> = results.iter().map(|r| r.game).collect();
        g.dedup();
        if props.compact {
            g.retain(|&x| x == last_game);
        }
        g
    };
    let game_name = |g: u8| -> String {
        match (rules.format, g) {
            (Format::Rubicon { .. }, _) => t(Text::Partie).to_string(),
            (_, 2) => t(Text::Belle).to_string(),
            _ if match_play => format!("{} {}", t(Text::GameNumber), g + 1),
            _ => t(Text::TheGame).to_string(),
        }
    };
    let end_text = |end: DealEnd| -> &'static str {
        match end {
            DealEnd::Played => "",
            DealEnd::Stopped { .. } => t(Text::StoppedAtTarget),
            DealEnd::Abandoned => t(Text::Abandoned),
        }
    };
    // A seat's remarkable scores of deal `i`, under its points: « pic, capot », « repic »,
    // « cartes blanches » (the session keeps only these), in piquet-words' words.
    let remarks = |i: usize, seat: Seat| -> String {
        props
            .session
            .highlights
            .get(i)
            .into_iter()
            .flatten()
            .filter(|(s, _)| *s == seat)
            .map(|&(_, reason)| piquet_words::score_reason(reason, lang))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Between deals (compact) the sheet has no dealer column, which a phone held sideways has no
    // room for: the dealer's points carry the same « D » as his seat at the table.
    let dealer_column = !props.compact;
    let points = |i: usize, seat: Seat, points: u16, dealer: bool| -> Html {
        let r = remarks(i, seat);
        html! {
            <td class="num">
                if dealer && !dealer_column {
                    <span class="chip dealer" title={t(Text::Dealer)} aria-label={t(Text::Dealer)}>{ t(Text::DealerShort) }</span>
                }
                { points }
                if !r.is_empty() { <span class="remark">{ r }</span> }
            </td>
        }
    };
    let tables = games.iter().map(|&g| {
        let mut totals = [0u16; 2];
        // The last column only when a deal of this game ended otherwise than played out.
        let ends = results
            .iter()
            .any(|r| r.game == g && r.end != DealEnd::Played);
        let rows = results
            .iter()
            .enumerate()
            .filter(|(_, r)| r.game == g)
            .map(|(i, r)| {
                if r.end != DealEnd::Abandoned {
                    totals[0] += r.points[0];
                    totals[1] += r.points[1];
                }
                let review = props.on_review.as_ref().map(|cb| {
                    let cb = cb.clone();
                    html! {
                        <button type="button" class="text-button review-row" aria-label={format!("{} {}", t(Text::ReviewDeal), i + 1)}
                                onclick={Callback::from(move |_: MouseEvent| cb.emit(i))}>
                            { t(Text::ReviewShort) }
                        </button>
                    }
                });
                html! {
                    <tr>
                        <th scope="row">{ i + 1 }{ for review }</th>
                        if dealer_column {
                            <td>{ props.names.of(r.dealer) }</td>
                        }
                        { points(i, Seat::A, r.points[0], r.dealer == Seat::A) }
                        { points(i, Seat::B, r.points[1], r.dealer == Seat::B) }
                        if ends {
                            <td class="end">{ end_text(r.end) }</td>
                        }
                    </tr>
                }
            })
            .collect::<Html>();
        html! {
            <table class="sheet">
                <caption>{ game_name(g) }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ t(Text::DealNumber) }</th>
                        if dealer_column {
                            <th scope="col">{ t(Text::Dealer) }</th>
                        }
                        <th scope="col" class="num">{ props.names.a.clone() }</th>
                        <th scope="col" class="num">{ props.names.b.clone() }</th>
                        if ends {
                            <th scope="col">{ t(Text::Note) }</th>
                        }
                    </tr>
                </thead>
                <tbody>{ rows }</tbody>
                <tfoot>
                    <tr>
                        <th scope="row" colspan={if dealer_column { "2" } else { "1" }}>{ t(Text::Total) }</th>
                        <td class="num">{ totals[0] }</td>
                        <td class="num">{ totals[1] }</td>
                        if ends {
                            <td></td>
                        }
                    </tr>
                </tfoot>
            </table>
        }
    });
    let target = game.target().map(|target| {
        html! {
            <p class="sheet-note">{ format!("{} {target}", t(Text::TargetIs)) }</p>
        }
    });
    let games_won = game.games_won();
    let won = match_play.then(|| html! {
        <p class="sheet-note">{ piquet_words::labelled(t(Text::GamesWon), &format!("{} {} — {} {}", props.names.a, games_won[0], props.names.b, games_won[1]), lang) }</p>
    });
    let outcome = game.outcome().map(|o| {
        let names = &props.names;
        html! {
            <div class="outcome">
                <p class="outcome-winner">{ names.sentence(o.winner, Text::Wins.get(lang), Text::YouWin.get(lang)) }</p>
                if let Some(payoff) = o.payoff {
                    <p>{ format!("{} {payoff}", t(Text::Payoff)) }</p>
                }
                if o.rubiconed {
                    <p class="rubiconed">{ names.sentence(o.winner.other(), Text::IsRubiconed.get(lang), Text::YouAreRubiconed.get(lang)) }</p>
                }
            </div>
        }
    });
    html! {
        <div class="score-sheet">
            if results.is_empty() {
                <p>{ t(Text::NoDealYet) }</p>
            }
            { for tables }
            { for target }
            { for won }
            { for outcome }
        </div>
    }
}
