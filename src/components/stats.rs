//! The statistics dialog: games and deals against the computer, won and lost, the mean margin
//! per deal, pics, repics and capots — per level and preset, and in all. Resettable (after a
//! question) and exportable as a file.

use std::rc::Rc;

use piquet_ai::BotId;
use yew::prelude::*;

use super::modal::Modal;
use super::review::points;
use crate::services::files;
use piquet_table::i18n::{Lang, Text};
use piquet_table::rules_text::preset_name;
use piquet_table::stats::{Stats, Tally};
use piquet_words as words;

#[derive(Properties, PartialEq)]
pub struct StatsProps {
    pub stats: Rc<Stats>,
    /// Why the saved statistics were not read whole (they were set aside), in words.
    #[prop_or_default]
    pub problem: Option<String>,
    pub lang: Lang,
    pub on_reset: Callback<()>,
    pub on_close: Callback<()>,
}

/// « 3 — Le Fin Joueur », the level as the new-game dialog names it.
fn level_name(level: &str, lang: Lang) -> String {
    match level.parse::<BotId>() {
        Ok(b @ BotId::Level(n)) => format!("{n} — {}", b.name(lang)),
        Ok(b) => b.name(lang).to_string(),
        Err(_) => level.to_string(),
    }
}

/// « 5 – 3 »: the player's count then the computer's.
fn pair(a: u32, b: u32) -> String {
    format!("{a} – {b}")
}

/// A row of the statistics; each cell carries its column's name (`data-label`), which a phone
/// shows beside the value when the rows are stacked as cards.
fn row(label: Html, t: &Tally, lang: Lang, total: bool) -> Html {
    let col = |x: Text| x.get(lang);
    let margin = t
        .margin_per_deal()
        .map(|m| {
            let sign = if m >= 0.05 { "+" } else { "" };
            format!("{sign}{}", points(m, lang))
        })
        .unwrap_or_else(|| "—".into());
    html! {
        <tr class={classes!(total.then_some("total"))}>
            <th scope="row">{ label }</th>
            <td class="num" data-label={col(Text::StatsGames)}>{ pair(t.games_won, t.games_lost) }</td>
            <td class="num" data-label={col(Text::StatsDeals)}>{ pair(t.deals_won, t.deals_lost) }<span class="remark">{ format!("/ {}", t.deals) }</span></td>
            <td class="num" data-label={col(Text::StatsMargin)}>{ margin }</td>
            <td class="num" data-label={col(Text::StatsPics)}>{ pair(t.pics[0], t.pics[1]) }</td>
            <td class="num" data-label={col(Text::StatsRepics)}>{ pair(t.repics[0], t.repics[1]) }</td>
            <td class="num" data-label={col(Text::StatsCapots)}>{ pair(t.capots[0], t.capots[1]) }</td>
        </tr>
    }
}

/// One table of tallies: its caption, a row per level (or rules), and their total when given.
fn tally_table(
    id: &'static str,
    caption: &str,
    head: &Html,
    rows: Vec<(Html, Tally)>,
    total: Option<Tally>,
    lang: Lang,
) -> Html {
    html! {
        <div class="table-scroll">
            <table class="sheet stats-table" {id}>
                <caption>{ caption }</caption>
                { head.clone() }
                <tbody>
                    { for rows.into_iter().map(|(label, tally)| row(label, &tally, lang, false)) }
                </tbody>
                if let Some(total) = total {
                    <tfoot>{ row(html! { { Text::Total.get(lang) } }, &total, lang, true) }</tfoot>
                }
            </table>
        </div>
    }
}

#[function_component(StatsDialog)]
pub fn stats_dialog(props: &StatsProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let confirm = use_state(|| false);
    let status = use_state(String::new);
    let rows = props.stats.rows();
    let computer = props.stats.computer_rows();
    let friends = props.stats.friend_rows();
    let head = html! {
        <thead>
            <tr>
                <th scope="col">{ t(Text::StatsOpponent) }</th>
                <th scope="col" class="num">{ t(Text::StatsGames) }</th>
                <th scope="col" class="num">{ t(Text::StatsDeals) }</th>
                <th scope="col" class="num">{ t(Text::StatsMargin) }</th>
                <th scope="col" class="num">{ t(Text::StatsPics) }</th>
                <th scope="col" class="num">{ t(Text::StatsRepics) }</th>
                <th scope="col" class="num">{ t(Text::StatsCapots) }</th>
            </tr>
        </thead>
    };
    // A level's row: its name, and the rules under it.
    let level_row = |(level, preset, tally): &(String, String, Tally)| {
        (
            html! { <>{ level_name(level, lang) }<span class="remark">{ preset_name(preset, lang) }</span></> },
            *tally,
        )
    };
    let computer_table = (!computer.is_empty()).then(|| {
        let rows = computer.iter().map(level_row).collect();
        tally_table(
            "stats-table",
            t(Text::StatsCaption),
            &head,
            rows,
            Some(props.stats.total()),
            lang,
        )
    });
    // Games against the computer in which a decision was taken back: apart from the others.
    let undo = props.stats.undo_rows();
    let undo_table = (!undo.is_empty()).then(|| {
        let total = (undo.len() > 1).then(|| props.stats.undo_total());
        let rows = undo.iter().map(level_row).collect();
        tally_table("stats-undo", t(Text::StatsUndo), &head, rows, total, lang)
    });
    // Games with a friend on another device: apart from the computer's.
    let friend_table = (!friends.is_empty()).then(|| {
        let total = (friends.len() > 1).then(|| props.stats.friend_total());
        let rows = friends
            .iter()
            .map(|(preset, tally)| (html! { { preset_name(preset, lang) } }, *tally))
            .collect();
        tally_table(
            "stats-friends",
            t(Text::StatsOnline),
            &head,
            rows,
            total,
            lang,
        )
    });
    let body = if rows.is_empty() {
        html! { <p id="stats-empty">{ t(Text::StatsEmpty) }</p> }
    } else {
        html! { <>{ for computer_table }{ for undo_table }{ for friend_table }</> }
    };
    let on_export = {
        let stats = props.stats.clone();
        let status = status.clone();
        Callback::from(move |_: MouseEvent| {
            let name = "piquet-statistiques.json";
            match files::download(name, &stats.to_stored(), "application/json") {
                Ok(()) => status.set(format!("{} {name}", Text::Downloaded.get(lang))),
                Err(e) => status.set(words::labelled(Text::ExportFailed.get(lang), &e, lang)),
            }
        })
    };
    let footer = if *confirm {
        html! {
            <div class="choices">
                <span class="hint-line">{ t(Text::StatsResetAsk) }</span>
                <button type="button" class="button" id="stats-keep"
                        onclick={{ let confirm = confirm.clone(); Callback::from(move |_: MouseEvent| confirm.set(false)) }}>
                    { t(Text::Cancel) }
                </button>
                <button type="button" class="button danger" id="stats-reset-yes"
                        onclick={{ let confirm = confirm.clone(); let reset = props.on_reset.clone();
                                   Callback::from(move |_: MouseEvent| { confirm.set(false); reset.emit(()); }) }}>
                    { t(Text::StatsReset) }
                </button>
            </div>
        }
    } else {
        html! {
            <div class="choices">
                <button type="button" class="button" id="stats-export" disabled={rows.is_empty()} onclick={on_export}>
                    { t(Text::StatsExport) }
                </button>
                <button type="button" class="button" id="stats-reset" disabled={rows.is_empty()}
                        onclick={{ let confirm = confirm.clone(); Callback::from(move |_: MouseEvent| confirm.set(true)) }}>
                    { t(Text::StatsReset) }
                </button>
            </div>
        }
    };
    html! {
        <Modal id="stats" title={t(Text::Stats)} close_label={t(Text::Close)} on_close={props.on_close.clone()}
               class={classes!("wide")} footer={Some(footer)} scroll_label={Some(AttrValue::from(t(Text::StatsCaption)))}>
            if let Some(problem) = &props.problem {
                <p class="notice" role="alert">{ problem }</p>
            }
            <p class="hint-line">{ t(Text::StatsHint) }</p>
            { body }
            <p class="export-status" role="status">{ (*status).clone() }</p>
        </Modal>
    }
}
