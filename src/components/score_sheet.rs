//! The score sheet: every deal with its points and its remarks (carte blanche, repic, pic,
//! capot, a deal stopped at the target or abandoned), each game's totals, the belle, and at the
//! end the outcome — the Rubicon payoff and whether the loser was "rubiconed".

use std::rc::Rc;

use piquet_engine::rules::Format;
use piquet_engine::{DealEnd, DealResult, GameStart, Outcome, Seat};
use yew::prelude::*;

use piquet_table::i18n::{Lang, Text};
use piquet_table::seen::Seen;
use piquet_words::Names;

#[derive(Properties)]
pub struct ScoreSheetProps {
    pub seen: Rc<Seen>,
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
        Rc::ptr_eq(&self.seen, &other.seen)
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
    let seen = &props.seen;
    if seen.game.is_none() {
        return html! { <p>{ t(Text::NoDealYet) }</p> };
    }
    let results = seen.results();
    let match_play = matches!(
        seen.rules.format,
        Format::Cent {
            match_play: true,
            ..
        }
    );
    let start = seen.game.as_ref().and_then(|g| g.start);
    let tables = games_shown(results, start.as_ref(), props.compact)
        .into_iter()
        .map(|g| game_table(props, results, g, match_play));
    let target = seen.target().map(|target| {
        html! {
            <p class="sheet-note">{ format!("{} {target}", t(Text::TargetIs)) }</p>
        }
    });
    let games_won = seen.games_won();
    let won = match_play.then(|| html! {
        <p class="sheet-note">{ piquet_words::labelled(t(Text::GamesWon), &format!("{} {} — {} {}", props.names.a, games_won[0], props.names.b, games_won[1]), lang) }</p>
    });
    let outcome = seen.outcome().map(|o| outcome_words(&props.names, o, lang));
    html! {
        <div class="score-sheet">
            if results.is_empty() && start.is_none() {
                <p>{ t(Text::NoDealYet) }</p>
            }
            { for tables }
            { for target }
            { for won }
            { for outcome }
        </div>
    }
}

/// The games the sheet shows: every game dealt (and the one the game was taken up in, from
/// its start), or only the current one (`compact`).
fn games_shown(results: &[DealResult], start: Option<&GameStart>, compact: bool) -> Vec<u8> {
    let first = start.map(|s| s.game.saturating_sub(1));
    let last_game = results.last().map(|r| r.game).or(first).unwrap_or(0);
    let mut games: Vec<u8> = first
        .into_iter()
        .chain(results.iter().map(|r| r.game))
        .collect();
    games.dedup();
    if compact {
        games.retain(|&g| g == last_game);
    }
    games
}

/// The caption of game `g`: « Partie » at the rubicon, « Belle », « Manche 2 », « La partie ».
fn game_name(format: Format, match_play: bool, g: u8, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    match (format, g) {
        (Format::Rubicon { .. }, _) => t(Text::Partie).to_string(),
        (_, 2) => t(Text::Belle).to_string(),
        _ if match_play => format!("{} {}", t(Text::GameNumber), g + 1),
        _ => t(Text::TheGame).to_string(),
    }
}

/// How a deal ended, when it was not played out: stopped at the target, or abandoned.
fn end_text(end: DealEnd, lang: Lang) -> &'static str {
    match end {
        DealEnd::Played => "",
        DealEnd::Stopped { .. } => Text::StoppedAtTarget.get(lang),
        DealEnd::Abandoned => Text::Abandoned.get(lang),
    }
}

/// A seat's remarkable scores of deal `i`, under its points: « pic, capot ».
fn remarks(seen: &Seen, i: usize, seat: Seat, lang: Lang) -> String {
    seen.highlights
        .get(i)
        .into_iter()
        .flatten()
        .filter(|(s, _)| *s == seat)
        .map(|&(_, reason)| piquet_words::score_reason(reason, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A seat's points in deal `i`, with its remarks. Between deals (compact), and on a narrow
/// screen, the sheet has no dealer column: the dealer's points carry the same mark as his seat
/// at the table (the stylesheet shows it only where the column is not).
fn points_cell(props: &ScoreSheetProps, i: usize, seat: Seat, points: u16, dealer: bool) -> Html {
    let r = remarks(&props.seen, i, seat, props.lang);
    html! {
        <td class="num">
            if dealer {
                <span class="dealer-mark">{ crate::components::card::dealer_badge(props.lang) }</span>
            }
            { points }
            if !r.is_empty() { <span class="remark">{ r }</span> }
        </td>
    }
}

/// The start brought forward into game `g`, if the game was taken up there.
fn brought_into(start: Option<&GameStart>, g: u8) -> Option<&GameStart> {
    start.filter(|s| s.game.saturating_sub(1) == g)
}

/// The number shown for the record's deal `i` (of game `g`): from 1 in its game, after the
/// deals brought forward when the game was taken up there.
fn deal_number(start: Option<&GameStart>, results: &[DealResult], i: usize) -> usize {
    let g = results.get(i).map_or(0, |r| r.game);
    let before = results[..i.min(results.len())]
        .iter()
        .filter(|r| r.game != g)
        .count();
    let brought = brought_into(start, g).map_or(0, |s| usize::from(s.deal) - 1);
    i - before + brought + 1
}

/// The row of deal `i`: its number (and a button to review it), the dealer, each seat's points,
/// and how it ended when the game has a column for that (`ends`).
fn deal_row(props: &ScoreSheetProps, i: usize, r: &DealResult, ends: bool) -> Html {
    let t = |x: Text| x.get(props.lang);
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
            <th scope="row">{ deal_number(props.seen.game.as_ref().and_then(|g| g.start.as_ref()), props.seen.results(), i) }{ for review }</th>
            if !props.compact {
                <td class="dealer-col">{ props.names.of(r.dealer) }</td>
            }
            { points_cell(props, i, Seat::A, r.points[0], r.dealer == Seat::A) }
            { points_cell(props, i, Seat::B, r.points[1], r.dealer == Seat::B) }
            if ends {
                <td class="end">{ end_text(r.end, props.lang) }</td>
            }
        </tr>
    }
}

/// Each seat's points in game `g` (an abandoned deal counts for nothing), after the totals
/// brought forward into it.
fn totals(results: &[DealResult], start: Option<&GameStart>, g: u8) -> [u16; 2] {
    let brought = brought_into(start, g).map_or([0, 0], |s| s.totals);
    results
        .iter()
        .filter(|r| r.game == g && r.end != DealEnd::Abandoned)
        .fold(brought, |[a, b], r| [a + r.points[0], b + r.points[1]])
}

/// The table of game `g`: a row for each deal, and the totals.
fn game_table(props: &ScoreSheetProps, results: &[DealResult], g: u8, match_play: bool) -> Html {
    let t = |x: Text| x.get(props.lang);
    let dealer_column = !props.compact;
    // The last column only when a deal of this game ended otherwise than played out.
    let ends = results
        .iter()
        .any(|r| r.game == g && r.end != DealEnd::Played);
    let rows = results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.game == g)
        .map(|(i, r)| deal_row(props, i, r, ends))
        .collect::<Html>();
    let start = props.seen.game.as_ref().and_then(|s| s.start.as_ref());
    let totals = totals(results, start, g);
    let brought = brought_into(start, g).map(|s| {
        html! {
            <tr class="brought-forward">
                <th scope="row">{ t(Text::BroughtForward) }</th>
                if dealer_column {
                    <td class="dealer-col"></td>
                }
                <td class="num">{ s.totals[0] }</td>
                <td class="num">{ s.totals[1] }</td>
                if ends {
                    <td></td>
                }
            </tr>
        }
    });
    html! {
        <table class={classes!("sheet", props.compact.then_some("compact"))}>
            <caption>{ game_name(props.seen.rules.format, match_play, g, props.lang) }</caption>
            <thead>
                <tr>
                    <th scope="col">{ t(Text::DealNumber) }</th>
                    if dealer_column {
                        <th scope="col" class="dealer-col">{ t(Text::Dealer) }</th>
                    }
                    <th scope="col" class="num">{ props.names.a.clone() }</th>
                    <th scope="col" class="num">{ props.names.b.clone() }</th>
                    if ends {
                        <th scope="col">{ t(Text::Note) }</th>
                    }
                </tr>
            </thead>
            <tbody>{ for brought }{ rows }</tbody>
            <tfoot>
                <tr>
                    <th scope="row">{ t(Text::Total) }</th>
                    if dealer_column {
                        <td class="dealer-col"></td>
                    }
                    <td class="num">{ totals[0] }</td>
                    <td class="num">{ totals[1] }</td>
                    if ends {
                        <td></td>
                    }
                </tr>
            </tfoot>
        </table>
    }
}

/// The end of the game: who won, the payoff at the rubicon, and whether the loser was
/// rubiconed.
fn outcome_words(names: &Names, o: Outcome, lang: Lang) -> Html {
    html! {
        <div class="outcome">
            <p class="outcome-winner">{ names.sentence(o.winner, Text::Wins.get(lang), Text::YouWin.get(lang)) }</p>
            if let Some(payoff) = o.payoff {
                <p>{ format!("{} {payoff}", Text::Payoff.get(lang)) }</p>
            }
            if o.rubiconed {
                <p class="rubiconed">{ names.sentence(o.winner.other(), Text::IsRubiconed.get(lang), Text::YouAreRubiconed.get(lang)) }</p>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(game: u8, points: [u16; 2], end: DealEnd) -> DealResult {
        DealResult {
            dealer: Seat::A,
            game,
            points,
            end,
        }
    }

    #[test]
    fn a_compact_sheet_shows_the_current_game_and_an_abandoned_deal_counts_nothing() {
        let results = [
            deal(0, [30, 12], DealEnd::Played),
            deal(0, [80, 5], DealEnd::Played),
            deal(1, [10, 20], DealEnd::Played),
            deal(1, [40, 40], DealEnd::Abandoned),
        ];
        assert_eq!(games_shown(&results, None, false), vec![0, 1]);
        assert_eq!(games_shown(&results, None, true), vec![1]);
        assert_eq!(games_shown(&[], None, true), Vec::<u8>::new());
        assert_eq!(totals(&results, None, 0), [110, 17]);
        assert_eq!(totals(&results, None, 1), [10, 20]);
    }

    #[test]
    fn a_game_taken_up_where_it_stood_brings_its_totals_and_numbers_forward() {
        let start = GameStart {
            totals: [74, 138],
            deal: 6,
            game: 1,
            games_won: [0, 0],
            dealer: None,
        };
        assert_eq!(games_shown(&[], Some(&start), true), vec![0]);
        let results = [deal(0, [30, 12], DealEnd::Played)];
        assert_eq!(totals(&results, Some(&start), 0), [104, 150]);
        assert_eq!(deal_number(Some(&start), &results, 0), 6);
        assert_eq!(deal_number(None, &results, 0), 1);
        // A match taken up in its second game: the first game's deals are not of it.
        let second = GameStart {
            totals: [40, 20],
            deal: 3,
            game: 2,
            games_won: [1, 0],
            dealer: Some(Seat::B),
        };
        let results = [
            deal(1, [10, 0], DealEnd::Played),
            deal(2, [5, 6], DealEnd::Played),
        ];
        assert_eq!(games_shown(&results, Some(&second), false), vec![1, 2]);
        assert_eq!(totals(&results, Some(&second), 1), [50, 20]);
        assert_eq!(totals(&results, Some(&second), 2), [5, 6]);
        assert_eq!(deal_number(Some(&second), &results, 0), 3);
        assert_eq!(deal_number(Some(&second), &results, 1), 1);
    }
}
