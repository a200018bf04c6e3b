//! What a date string says, collected as it is read (V8's day, time and time-zone
//! "composers"), and the time value it comes to.

use super::tokens::NONE;

/// The largest time value, in ms from the epoch either way (ECMAScript's TimeClip).
const MAX_TIME_MS: f64 = 8.64e15;
/// Years past this either way make no day at all (V8's MakeDay).
const MAX_YEAR: i64 = 1_000_000;

/// The date's parts as they are read; V8's day, time and time-zone "composers".
#[derive(Debug)]
pub(super) struct Parts {
    pub(super) day: [i32; 3],
    pub(super) days: usize,
    pub(super) named_month: i32,
    pub(super) iso: bool,
    pub(super) time: [i32; 4],
    pub(super) times: usize,
    pub(super) hour_offset: i32,
    pub(super) zone_sign: i32,
    pub(super) zone_hour: i32,
    pub(super) zone_minute: i32,
}

impl Default for Parts {
    fn default() -> Self {
        Parts {
            day: [0; 3],
            days: 0,
            named_month: NONE,
            iso: false,
            time: [0; 4],
            times: 0,
            hour_offset: NONE,
            zone_sign: NONE,
            zone_hour: NONE,
            zone_minute: NONE,
        }
    }
}

pub(super) fn between(x: i32, low: i32, high: i32) -> bool {
    (low..=high).contains(&x)
}
pub(super) fn is_month(x: i32) -> bool {
    between(x, 1, 12)
}
pub(super) fn is_day(x: i32) -> bool {
    between(x, 1, 31)
}
pub(super) fn is_hour(x: i32) -> bool {
    between(x, 0, 23)
}
pub(super) fn is_minute(x: i32) -> bool {
    between(x, 0, 59)
}

impl Parts {
    pub(super) fn add_day(&mut self, n: i32) -> Option<()> {
        let slot = self.day.get_mut(self.days)?;
        *slot = n;
        self.days += 1;
        Some(())
    }

    pub(super) fn add_time(&mut self, n: i32) -> Option<()> {
        let slot = self.time.get_mut(self.times)?;
        *slot = n;
        self.times += 1;
        Some(())
    }

    /// Adds the last time part given; the ones after it are zero.
    pub(super) fn add_final_time(&mut self, n: i32) -> Option<()> {
        self.add_time(n)?;
        self.times = self.time.len();
        Some(())
    }

    /// Whether `n` can be the next time part (minutes, seconds or milliseconds).
    pub(super) fn time_expects(&self, n: i32) -> bool {
        match self.times {
            1 | 2 => is_minute(n),
            3 => between(n, 0, 999),
            _ => false,
        }
    }

    pub(super) fn set_zone(&mut self, hours: i32) {
        self.zone_sign = if hours < 0 { -1 } else { 1 };
        self.zone_hour = hours.abs();
        self.zone_minute = 0;
    }

    pub(super) fn zone_expects_minutes(&self, n: i32) -> bool {
        self.zone_hour != NONE && self.zone_minute == NONE && is_minute(n)
    }

    pub(super) fn zone_is_utc(&self) -> bool {
        self.zone_hour == 0 && self.zone_minute == 0
    }

    /// The year, month (1–12) and day, by V8's rules for which number is which.
    fn date(&self) -> Option<(i32, i32, i32)> {
        if self.days == 0 {
            return None;
        }
        // Missing parts are 1, so "March 15" has year 1 (2001), as in Chrome.
        let mut c = [1; 3];
        c[..self.days].copy_from_slice(&self.day[..self.days]);
        let (mut year, month, day) = if self.named_month == NONE {
            if self.iso || !is_day(c[0]) {
                (c[0], c[1], c[2])
            } else {
                (c[2], c[0], c[1])
            }
        } else if !is_day(c[0]) {
            (c[0], self.named_month, c[1])
        } else {
            (c[1], self.named_month, c[0])
        };
        if !self.iso {
            if between(year, 0, 49) {
                year += 2000;
            } else if between(year, 50, 99) {
                year += 1900;
            }
        }
        (is_month(month) && is_day(day)).then_some((year, month, day))
    }

    /// Hours, minutes, seconds and milliseconds; 24:00 is allowed.
    fn clock(&self) -> Option<[i32; 4]> {
        let mut t = [0; 4];
        t[..self.times].copy_from_slice(&self.time[..self.times]);
        if self.hour_offset != NONE {
            if !between(t[0], 0, 12) {
                return None;
            }
            t[0] = t[0] % 12 + self.hour_offset;
        }
        let [hour, minute, second, ms] = t;
        let valid = is_hour(hour) && is_minute(minute) && is_minute(second) && between(ms, 0, 999);
        (valid || t == [24, 0, 0, 0]).then_some(t)
    }

    /// The offset from UTC in seconds; None when the text named no zone (local time).
    fn offset_seconds(&self) -> Option<Option<i64>> {
        if self.zone_sign == NONE {
            return Some(None);
        }
        let part = |n: i32| if n == NONE { 0 } else { n as u32 };
        // V8 sums in 32-bit unsigned arithmetic and refuses what is not a small integer.
        let total = part(self.zone_hour)
            .wrapping_mul(3600)
            .wrapping_add(part(self.zone_minute).wrapping_mul(60));
        if total > i32::MAX as u32 {
            return None;
        }
        Some(Some(i64::from(total) * i64::from(self.zone_sign)))
    }

    pub(super) fn time_value(&self) -> Option<f64> {
        let (year, month, day) = self.date()?;
        let [hour, minute, second, ms] = self.clock()?;
        let offset = self.offset_seconds()?;
        let year = i64::from(year);
        if year.abs() > MAX_YEAR {
            return None;
        }
        let days = days_from_civil(year, i64::from(month), 1) + i64::from(day) - 1;
        let ms_of_day = ((i64::from(hour) * 60 + i64::from(minute)) * 60 + i64::from(second))
            * 1000
            + i64::from(ms);
        let local = days as f64 * 86_400_000.0 + ms_of_day as f64;
        // Local time is UTC here, so only a named offset moves the instant.
        let utc = local - offset.unwrap_or(0) as f64 * 1000.0;
        // + 0.0 turns -0 into +0, as TimeClip does.
        (utc.abs() <= MAX_TIME_MS).then_some(utc + 0.0)
    }
}

/// Days from 1970-01-01 to the given proleptic Gregorian date.
pub(super) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}
