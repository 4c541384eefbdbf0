//! The deal of the day ([`daily`]): one deal seeded by the date alone (a calendar date, the day
//! changing at midnight UTC), and Le Maître's play of it from both seats. No clock and no
//! randomness of the machine: the same date gives the same deal and the same play everywhere.

use super::MASTER;
use super::generate::master_deal;
use crate::i18n::Lang;
use crate::records;
use crate::session::Session;
use piquet_engine::cursor::Position;
use piquet_engine::record::DealRecord;
use piquet_engine::{Action, Record, Rules, Seat, SplitMix64};

/// A calendar date, `YYYY-MM-DD` (the day of UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// Reads `YYYY-MM-DD` (an error in words for anything else, or a day that does not exist).
    pub fn parse(text: &str) -> Result<Date, String> {
        let bad = || format!("{text:?}: expected a date YYYY-MM-DD");
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let year: i32 = y.parse().map_err(|_| bad())?;
        let month: u8 = m.parse().map_err(|_| bad())?;
        let day: u8 = d.parse().map_err(|_| bad())?;
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(format!("{text:?}: no month {month}")),
        };
        if day == 0 || day > days {
            return Err(format!("{text:?}: no day {day} in that month"));
        }
        Ok(Date { year, month, day })
    }

    /// The date of day `days` since 1970-01-01 (the civil calendar).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days since 1970-01-01.
    pub fn days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The seed of the deal of `date` (below 2^53, so that JSON keeps it exactly everywhere).
pub fn daily_seed(date: Date) -> u64 {
    SplitMix64::new(0xDA11_DEA1_5EED_0000 ^ date.days() as u64).next_u64() >> 11
}

/// The deal of the day under `rules`, played out by Le Maître from both seats, as a record
/// (its `Date` tag is the date).
pub fn daily(date: Date, rules: Rules) -> Result<Record, String> {
    let (mut record, _) = master_deal(rules, daily_seed(date))?;
    record.meta.date = Some(date.to_string());
    record.meta.event = Some(format!("Deal of the day {date}"));
    record.meta.players = Some(["Le Maître".into(), "Le Maître".into()]);
    Ok(record)
}

/// The deal of the day as dealt, before anyone acts: a record of its cut and its one layout
/// (no action yet), and the elder's seat in it.
pub fn daily_deal(date: Date, rules: Rules) -> Result<(Record, Seat), String> {
    let (_, cut, layout, _) = super::generate::dealt(rules, daily_seed(date))?;
    let elder = layout.dealer.other();
    let mut record = Record::new(rules, cut);
    record.deals.push(DealRecord {
        layout,
        seed: None,
        actions: Vec::new(),
    });
    record.meta.date = Some(date.to_string());
    Ok((record, elder))
}

/// The player's game: the deal of the day, the player elder (seat A of the session) against
/// Le Maître; the deals after it (none are played) from `seed`.
pub fn daily_session(date: Date, rules: Rules, seed: u64) -> Result<Session, String> {
    let (record, elder) = daily_deal(date, rules)?;
    let at = Position {
        deal: 0,
        actions: 0,
    };
    records::play_from(&record, at, elder, MASTER, seed).map_err(|e| e.to_string())
}

/// The player's deal against Le Maître's play of the same cards from the same seat: the
/// points of each (the seat's, the other's), the difference of the margins (duplicate
/// scoring: the player's margin less Le Maître's), and the seat's decisions side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct Duplicate {
    pub date: Date,
    /// The player's points and his opponent's.
    pub player: [u16; 2],
    /// Le Maître's points from the player's seat, and his opponent's.
    pub master: [u16; 2],
    /// The elder's decisions: the player's and Le Maître's, in order, side by side.
    pub rows: Vec<(Option<Action>, Option<Action>)>,
}

impl Duplicate {
    /// The player's margin less Le Maître's.
    pub fn difference(&self) -> i32 {
        let margin = |p: [u16; 2]| i32::from(p[0]) - i32::from(p[1]);
        margin(self.player) - margin(self.master)
    }

    /// The line to share: « Piquet, donne du jour 2026-11-25 : 34 à 12 ; le Maître à ma place :
    /// 40 à 8. Écart : −12 ».
    pub fn share_line(&self, lang: Lang) -> String {
        let d = self.difference();
        let signed = match d {
            d if d < 0 => format!("\u{2212}{}", -d),
            d => format!("+{d}"),
        };
        let [p, q] = self.player;
        let [m, n] = self.master;
        match lang {
            Lang::Fr => format!(
                "Piquet, donne du jour {}\u{a0}: {p} à {q}\u{202f}; le Maître à ma place\u{a0}: {m} à {n}. Écart\u{a0}: {signed}",
                self.date
            ),
            Lang::En => format!(
                "Piquet, deal of the day {}: {p} to {q}; Le Maître in my seat: {m} to {n}. Difference: {signed}",
                self.date
            ),
        }
    }
}

/// The points of the one deal of `record`, played out: `[seat's, other's]`.
fn deal_points(record: &Record, seat: Seat) -> Result<[u16; 2], String> {
    let replay = record.replay().map_err(|e| e.to_string())?;
    let points = replay
        .game
        .results()
        .first()
        .map(|r| r.points)
        .ok_or("the deal is not over")?;
    Ok([points[seat.index()], points[seat.other().index()]])
}

/// Compares the player's deal (`played`: the session's record, the player in seat A) with Le
/// Maître's play of the day's deal (`master`: [`daily`]'s record, the elder in `elder`).
pub fn duplicate(
    date: Date,
    played: &Record,
    master: &Record,
    elder: Seat,
) -> Result<Duplicate, String> {
    let player = deal_points(played, Seat::A)?;
    let masters = deal_points(master, elder)?;
    let of = |r: &Record, seat: Seat| -> Vec<Action> {
        r.deals
            .first()
            .map(|d| {
                d.actions
                    .iter()
                    .filter(|a| a.seat == seat)
                    .map(|a| a.action)
                    .collect()
            })
            .unwrap_or_default()
    };
    let (mine, his) = (of(played, Seat::A), of(master, elder));
    let rows = (0..mine.len().max(his.len()))
        .map(|i| (mine.get(i).copied(), his.get(i).copied()))
        .collect();
    Ok(Duplicate {
        date,
        player,
        master: masters,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_player_is_elder_in_the_day_s_deal_and_the_comparison_is_a_duplicate_score() {
        let date = Date::parse("2026-11-25").unwrap();
        let rules = Rules::by_id("classique").unwrap();
        let (record, elder) = daily_deal(date, rules).unwrap();
        let master = daily(date, rules).unwrap();
        // The same cards as Le Maître's deal.
        assert_eq!(record.deals[0].layout, master.deals[0].layout);
        assert_eq!(record.cut, master.cut);
        let session = daily_session(date, rules, 1).unwrap();
        assert_eq!(
            session.to_act(),
            Some(Seat::A),
            "the player, elder, acts first"
        );
        // Played out by Le Maître from the player's seat too, the difference is 0 and the rows
        // are the same decisions.
        let mut played = crate::records::truncated(
            &master,
            Position {
                deal: 0,
                actions: master.deals[0].actions.len(),
            },
        );
        if elder == Seat::B {
            played = crate::records::with_seats_swapped(&played);
        }
        let d = duplicate(date, &played, &master, elder).unwrap();
        assert_eq!(d.difference(), 0);
        assert_eq!(d.player, d.master);
        assert!(d.rows.iter().all(|(a, b)| a == b && a.is_some()));
        assert!(
            d.share_line(Lang::Fr)
                .starts_with("Piquet, donne du jour 2026-11-25\u{a0}: "),
            "{}",
            d.share_line(Lang::Fr)
        );
        assert!(d.share_line(Lang::En).ends_with("Difference: +0"));
        // A deal not over cannot be compared.
        assert!(duplicate(date, &record, &master, elder).is_err());
    }
}
