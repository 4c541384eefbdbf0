//! The deal of the day ([`daily`]): one deal seeded by the date alone (a calendar date, the day
//! changing at midnight UTC), and Le Maître's play of it from both seats. No clock and no
//! randomness of the machine: the same date gives the same deal and the same play everywhere.

use super::generate::master_deal;
use piquet_engine::{Record, Rules, SplitMix64};

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
