//! `Date.parse` as browsers do it (V8's rules): first the ECMAScript date-time format
//! (`2024-03-15`, `2024-03-15T10:00:00.000+01:00`), and whatever does not fit it is read by
//! the legacy rules that every browser shares — numbers and month names in any order
//! (`12/25/2025`, `July 4, 2025`, `15 March 2024`), times with `:`, AM/PM, time-zone names
//! and offsets, words before the first number and parenthesised text ignored.
//!
//! A form without an offset is local time, and the engine's local time is UTC, so such a
//! string gives what `Date.parse` gives in a browser whose time zone is UTC.

/// Absent (V8's `kNone`).
const NONE: i32 = i32::MAX;
/// Digits past this many in a number are read but not counted.
const MAX_SIGNIFICANT_DIGITS: usize = 9;
/// The largest time value, in ms from the epoch either way (ECMAScript's TimeClip).
const MAX_TIME_MS: f64 = 8.64e15;
/// Years past this either way make no day at all (V8's MakeDay).
const MAX_YEAR: i64 = 1_000_000;

/// The time value `text` denotes, in ms since the epoch, or NaN where a browser gives NaN.
pub fn parse_date(text: &[u16]) -> f64 {
    let mut scanner = Scanner::new(text);
    let mut parts = Parts::default();
    let Some(next) = parse_iso(&mut scanner, &mut parts) else {
        return f64::NAN;
    };
    if parse_legacy(&mut scanner, next, &mut parts).is_none() {
        return f64::NAN;
    }
    parts.time_value().unwrap_or(f64::NAN)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keyword {
    Month(i32),
    /// 0 for AM, 12 for PM.
    AmPm(i32),
    /// The zone's offset in hours; `z` says the word was `Z` itself.
    Zone {
        hours: i32,
        z: bool,
    },
    /// `T`, between an ISO date and its time.
    TimeSeparator,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// A run of ASCII digits: the value of its first nine, and how many there were.
    Number {
        value: i32,
        len: usize,
    },
    Symbol(u16),
    Word(Keyword),
    Space,
    /// Any other character, or a parenthesised comment.
    Other,
    End,
}

impl Token {
    fn is_number_of_len(self, wanted: usize) -> bool {
        matches!(self, Token::Number { len, .. } if len == wanted)
    }

    fn number(self) -> i32 {
        match self {
            Token::Number { value, .. } => value,
            _ => NONE,
        }
    }

    /// 1 for `+`, -1 for `-`, None for anything else.
    fn sign(self) -> Option<i32> {
        match self {
            Token::Symbol(c) if c == u16::from(b'+') => Some(1),
            Token::Symbol(c) if c == u16::from(b'-') => Some(-1),
            _ => None,
        }
    }

    fn is_symbol(self, symbol: u8) -> bool {
        self == Token::Symbol(u16::from(symbol))
    }

    fn is_z(self) -> bool {
        matches!(self, Token::Word(Keyword::Zone { z: true, .. }))
    }
}

/// Splits the text into tokens with one token of look-ahead. A NUL character ends the text,
/// as it does in V8.
struct Scanner<'a> {
    text: &'a [u16],
    position: usize,
    next: Token,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a [u16]) -> Self {
        let mut scanner = Scanner {
            text,
            position: 0,
            next: Token::End,
        };
        scanner.next = scanner.scan();
        scanner
    }

    fn peek(&self) -> Token {
        self.next
    }

    fn next(&mut self) -> Token {
        let token = self.next;
        self.next = self.scan();
        token
    }

    fn skip_symbol(&mut self, symbol: u8) -> bool {
        let found = self.next.is_symbol(symbol);
        if found {
            self.next = self.scan();
        }
        found
    }

    fn char(&self) -> u16 {
        self.text.get(self.position).copied().unwrap_or(0)
    }

    fn scan(&mut self) -> Token {
        let c = self.char();
        if c == 0 {
            return Token::End;
        }
        if is_digit(c) {
            let (mut value, mut len) = (0_i32, 0);
            while is_digit(self.char()) {
                if len < MAX_SIGNIFICANT_DIGITS {
                    value = value * 10 + i32::from(self.char() - u16::from(b'0'));
                }
                len += 1;
                self.position += 1;
            }
            return Token::Number { value, len };
        }
        self.position += 1;
        if b":-+.)".iter().any(|&s| u16::from(s) == c) {
            return Token::Symbol(c);
        }
        if is_space(c) {
            return Token::Space;
        }
        // Everything else from 'A' up, also non-ASCII, is part of a word.
        if c >= u16::from(b'A') {
            let mut prefix = [c | 0x20, 0, 0];
            let mut len = 1;
            while self.char() >= u16::from(b'A') && !is_space(self.char()) {
                if len < prefix.len() {
                    prefix[len] = self.char() | 0x20;
                }
                len += 1;
                self.position += 1;
            }
            return Token::Word(keyword(prefix, len));
        }
        if c == u16::from(b'(') {
            let mut depth = 1;
            while depth > 0 && self.char() != 0 {
                match self.char() {
                    0x28 => depth += 1,
                    0x29 => depth -= 1,
                    _ => {}
                }
                self.position += 1;
            }
        }
        Token::Other
    }
}

/// JavaScript's white space and ASCII line breaks (but not U+2028 and U+2029, which V8
/// reads as letters here).
fn is_space(c: u16) -> bool {
    matches!(c, 0x09..=0x0d | 0x20 | 0xa0 | 0x1680 | 0x2000..=0x200a | 0x202f | 0x205f | 0x3000 | 0xfeff)
}

fn is_digit(c: u16) -> bool {
    (u16::from(b'0')..=u16::from(b'9')).contains(&c)
}

/// What a word means, from its first three letters (lower-cased) and its length: any word
/// starting like a month name is that month; the others must be the whole word.
fn keyword(prefix: [u16; 3], len: usize) -> Keyword {
    const MONTHS: [&[u8; 3]; 12] = [
        b"jan", b"feb", b"mar", b"apr", b"may", b"jun", b"jul", b"aug", b"sep", b"oct", b"nov",
        b"dec",
    ];
    const ZONES: [(&[u8], i32); 12] = [
        (b"ut", 0),
        (b"utc", 0),
        (b"z", 0),
        (b"gmt", 0),
        (b"cdt", -5),
        (b"cst", -6),
        (b"edt", -4),
        (b"est", -5),
        (b"mdt", -6),
        (b"mst", -7),
        (b"pdt", -7),
        (b"pst", -8),
    ];
    let is = |word: &[u8]| (0..3).all(|i| prefix[i] == word.get(i).map_or(0, |&b| u16::from(b)));
    if let Some(month) = MONTHS.iter().position(|name| is(&name[..])) {
        return Keyword::Month(month as i32 + 1);
    }
    if len > 3 {
        return Keyword::Unknown;
    }
    if is(b"am") {
        return Keyword::AmPm(0);
    }
    if is(b"pm") {
        return Keyword::AmPm(12);
    }
    if let Some(&(name, hours)) = ZONES.iter().find(|(name, _)| is(name)) {
        return Keyword::Zone {
            hours,
            z: name == b"z",
        };
    }
    if is(b"t") {
        Keyword::TimeSeparator
    } else {
        Keyword::Unknown
    }
}

/// The date's parts as they are read; V8's day, time and time-zone "composers".
#[derive(Debug)]
struct Parts {
    day: [i32; 3],
    days: usize,
    named_month: i32,
    iso: bool,
    time: [i32; 4],
    times: usize,
    hour_offset: i32,
    zone_sign: i32,
    zone_hour: i32,
    zone_minute: i32,
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

fn between(x: i32, low: i32, high: i32) -> bool {
    (low..=high).contains(&x)
}
fn is_month(x: i32) -> bool {
    between(x, 1, 12)
}
fn is_day(x: i32) -> bool {
    between(x, 1, 31)
}
fn is_hour(x: i32) -> bool {
    between(x, 0, 23)
}
fn is_minute(x: i32) -> bool {
    between(x, 0, 59)
}

impl Parts {
    fn add_day(&mut self, n: i32) -> Option<()> {
        let slot = self.day.get_mut(self.days)?;
        *slot = n;
        self.days += 1;
        Some(())
    }

    fn add_time(&mut self, n: i32) -> Option<()> {
        let slot = self.time.get_mut(self.times)?;
        *slot = n;
        self.times += 1;
        Some(())
    }

    /// Adds the last time part given; the ones after it are zero.
    fn add_final_time(&mut self, n: i32) -> Option<()> {
        self.add_time(n)?;
        self.times = self.time.len();
        Some(())
    }

    /// Whether `n` can be the next time part (minutes, seconds or milliseconds).
    fn time_expects(&self, n: i32) -> bool {
        match self.times {
            1 | 2 => is_minute(n),
            3 => between(n, 0, 999),
            _ => false,
        }
    }

    fn set_zone(&mut self, hours: i32) {
        self.zone_sign = if hours < 0 { -1 } else { 1 };
        self.zone_hour = hours.abs();
        self.zone_minute = 0;
    }

    fn zone_expects_minutes(&self, n: i32) -> bool {
        self.zone_hour != NONE && self.zone_minute == NONE && is_minute(n)
    }

    fn zone_is_utc(&self) -> bool {
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

    fn time_value(&self) -> Option<f64> {
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
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// Reads as much as fits `[±YY]YYYY[-MM[-DD]][THH:mm[:ss[.sss]][Z|±hh:mm]]`. Returns the
/// first token it did not use (End when the whole text fitted), or None when the text
/// started as a date-time string and broke its rules after the `T`.
fn parse_iso(scanner: &mut Scanner<'_>, parts: &mut Parts) -> Option<Token> {
    if let Some(sign) = scanner.peek().sign() {
        let sign_token = scanner.next();
        if !scanner.peek().is_number_of_len(6) {
            return Some(sign_token);
        }
        let year = scanner.next().number();
        if sign < 0 && year == 0 {
            return Some(sign_token);
        }
        parts.add_day(sign * year)?;
    } else if scanner.peek().is_number_of_len(4) {
        parts.add_day(scanner.next().number())?;
    } else {
        return Some(scanner.next());
    }
    if scanner.skip_symbol(b'-') {
        if !scanner.peek().is_number_of_len(2) || !is_month(scanner.peek().number()) {
            return Some(scanner.next());
        }
        parts.add_day(scanner.next().number())?;
        if scanner.skip_symbol(b'-') {
            if !scanner.peek().is_number_of_len(2) || !is_day(scanner.peek().number()) {
                return Some(scanner.next());
            }
            parts.add_day(scanner.next().number())?;
        }
    }
    if scanner.peek() == Token::Word(Keyword::TimeSeparator) {
        scanner.next();
        parse_iso_time(scanner, parts)?;
    } else if scanner.peek() != Token::End {
        return Some(scanner.next());
    }
    if parts.zone_hour == NONE && parts.times == 0 {
        // A date alone is UTC; a date with a time and no offset is local time.
        parts.set_zone(0);
    }
    parts.iso = true;
    Some(Token::End)
}

/// `HH:mm[:ss[.sss]][Z|±hh:mm|±hhmm]` to the end of the text, after the `T`.
fn parse_iso_time(scanner: &mut Scanner<'_>, parts: &mut Parts) -> Option<()> {
    let two_digits =
        |token: Token, valid: fn(i32) -> bool| token.is_number_of_len(2) && valid(token.number());
    if !two_digits(scanner.peek(), |n| between(n, 0, 24)) {
        return None;
    }
    let hour_is_24 = scanner.peek().number() == 24;
    parts.add_time(scanner.next().number())?;
    if !scanner.skip_symbol(b':') {
        return None;
    }
    if !two_digits(scanner.peek(), is_minute) || (hour_is_24 && scanner.peek().number() > 0) {
        return None;
    }
    parts.add_time(scanner.next().number())?;
    if scanner.skip_symbol(b':') {
        if !two_digits(scanner.peek(), is_minute) || (hour_is_24 && scanner.peek().number() > 0) {
            return None;
        }
        parts.add_time(scanner.next().number())?;
        if scanner.skip_symbol(b'.') {
            if !matches!(scanner.peek(), Token::Number { .. })
                || (hour_is_24 && scanner.peek().number() > 0)
            {
                return None;
            }
            parts.add_time(milliseconds(scanner.next()))?;
        }
    }
    if scanner.peek().is_z() {
        scanner.next();
        parts.set_zone(0);
    } else if let Some(sign) = scanner.peek().sign() {
        scanner.next();
        parts.zone_sign = sign;
        if scanner.peek().is_number_of_len(4) {
            let hhmm = scanner.next().number();
            let (hour, minute) = (hhmm / 100, hhmm % 100);
            if !is_hour(hour) || !is_minute(minute) {
                return None;
            }
            (parts.zone_hour, parts.zone_minute) = (hour, minute);
        } else {
            if !two_digits(scanner.peek(), is_hour) {
                return None;
            }
            parts.zone_hour = scanner.next().number();
            if !scanner.skip_symbol(b':') || !two_digits(scanner.peek(), is_minute) {
                return None;
            }
            parts.zone_minute = scanner.next().number();
        }
    }
    (scanner.peek() == Token::End).then_some(())
}

/// The first three significant digits of a fraction of a second, as milliseconds.
fn milliseconds(token: Token) -> i32 {
    let Token::Number { value, len } = token else {
        return 0;
    };
    match len {
        1 => value * 100,
        2 => value * 10,
        3 => value,
        _ => value / 10_i32.pow(len.min(MAX_SIGNIFICANT_DIGITS) as u32 - 3),
    }
}

/// The legacy rules, from `token` on. None when the text is not a date.
fn parse_legacy(scanner: &mut Scanner<'_>, first: Token, parts: &mut Parts) -> Option<()> {
    let mut has_number = parts.days > 0;
    let mut token = first;
    while token != Token::End {
        match token {
            Token::Number { value: n, .. } => {
                has_number = true;
                if scanner.skip_symbol(b':') {
                    if scanner.skip_symbol(b':') {
                        // "n::" is hours and zero minutes.
                        if parts.times != 0 {
                            return None;
                        }
                        parts.add_time(n)?;
                        parts.add_time(0)?;
                    } else {
                        parts.add_time(n)?;
                        if scanner.peek().is_symbol(b'.') {
                            scanner.next();
                        }
                    }
                } else if scanner.skip_symbol(b'.') && parts.time_expects(n) {
                    parts.add_time(n)?;
                    if !matches!(scanner.peek(), Token::Number { .. }) {
                        return None;
                    }
                    // A fifth time part is dropped, as V8 drops it.
                    let _ = parts.add_final_time(milliseconds(scanner.next()));
                } else if parts.zone_expects_minutes(n) {
                    parts.zone_minute = n;
                } else if parts.time_expects(n) {
                    parts.add_final_time(n)?;
                    // The time must be followed by the end, a space, Z or a sign.
                    let after = scanner.peek();
                    if !(after == Token::End
                        || after == Token::Space
                        || after.is_z()
                        || after.sign().is_some())
                    {
                        return None;
                    }
                } else {
                    parts.add_day(n)?;
                    scanner.skip_symbol(b'-');
                }
            }
            Token::Word(word) => match word {
                Keyword::AmPm(offset) if parts.times != 0 => parts.hour_offset = offset,
                Keyword::Month(month) => {
                    parts.named_month = month;
                    scanner.skip_symbol(b'-');
                }
                Keyword::Zone { hours, .. } if has_number => parts.set_zone(hours),
                _ => {
                    // Words may come before the first number, apart from it.
                    if has_number || matches!(scanner.peek(), Token::Number { .. }) {
                        return None;
                    }
                }
            },
            Token::Symbol(_)
                if token.sign().is_some() && (parts.zone_is_utc() || parts.times != 0) =>
            {
                // An offset, after a zone name or a time: ±h, ±hh, ±hmm, ±hhmm or ±hh:mm.
                parts.zone_sign = token.sign().unwrap_or(1);
                let (n, len) = match scanner.peek() {
                    Token::Number { value, len } => {
                        scanner.next();
                        (value, len)
                    }
                    _ => (0, 0),
                };
                has_number = true;
                if scanner.peek().is_symbol(b':') {
                    parts.zone_hour = n;
                    parts.zone_minute = NONE;
                } else if len == 1 || len == 2 {
                    (parts.zone_hour, parts.zone_minute) = (n, 0);
                } else if len == 3 || len == 4 {
                    (parts.zone_hour, parts.zone_minute) = (n / 100, n % 100);
                } else {
                    return None;
                }
            }
            Token::Symbol(_) if (token.sign().is_some() || token.is_symbol(b')')) && has_number => {
                return None;
            }
            _ => {}
        }
        token = scanner.next();
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::parse_date;

    fn parse(text: &str) -> f64 {
        parse_date(&text.encode_utf16().collect::<Vec<_>>())
    }

    fn utc(year: i64, month: i64, day: i64, hour: i64, minute: i64) -> f64 {
        let days = super::days_from_civil(year, month, day);
        (days * 86_400_000 + (hour * 60 + minute) * 60_000) as f64
    }

    #[test]
    fn iso_dates_and_date_times_are_read() {
        assert_eq!(parse("2024-03-15"), utc(2024, 3, 15, 0, 0));
        assert_eq!(parse("2024-03-15T10:00"), utc(2024, 3, 15, 10, 0));
        assert_eq!(
            parse("2024-03-15T10:00:00.5+01:00"),
            utc(2024, 3, 15, 9, 0) + 500.0
        );
        assert_eq!(parse("+002024-03"), utc(2024, 3, 1, 0, 0));
    }

    #[test]
    fn browser_forms_without_a_zone_are_utc_here() {
        let christmas = utc(2025, 12, 25, 0, 0);
        for text in [
            "12/25/2025",
            "Dec 25, 2025",
            "25 December 2025",
            "2025/12/25",
            "Thu Dec 25 2025",
        ] {
            assert_eq!(parse(text), christmas, "{text}");
        }
        assert_eq!(parse("2024-3-5"), utc(2024, 3, 5, 0, 0));
        assert_eq!(parse("2024-03-15 10:00"), utc(2024, 3, 15, 10, 0));
        assert_eq!(parse("March 7, 2024 10:30 PM"), utc(2024, 3, 7, 22, 30));
    }

    #[test]
    fn zones_and_offsets_move_the_instant() {
        assert_eq!(
            parse("Fri, 15 Mar 2024 10:00:00 GMT"),
            utc(2024, 3, 15, 10, 0)
        );
        assert_eq!(
            parse("Tue Mar 15 2024 10:00:00 GMT+0100"),
            utc(2024, 3, 15, 9, 0)
        );
        assert_eq!(parse("Mar 15 2024 10:00 EST"), utc(2024, 3, 15, 15, 0));
        assert_eq!(parse("2024-03-15 10:00 -05:30"), utc(2024, 3, 15, 15, 30));
    }

    #[test]
    fn missing_years_and_two_digit_years_follow_chrome() {
        assert_eq!(parse("March 15"), utc(2001, 3, 15, 0, 0));
        assert_eq!(parse("1/2/49"), utc(2049, 1, 2, 0, 0));
        assert_eq!(parse("1/2/50"), utc(1950, 1, 2, 0, 0));
    }

    #[test]
    fn what_a_browser_rejects_is_nan() {
        for text in [
            "",
            "hello",
            "2024-13-01",
            "2024-03-15T25:00",
            "13/25/2025",
            "10:00AM March 7",
            "2024-03-15T10:00Zjunk",
            "32 March 2024",
        ] {
            assert!(parse(text).is_nan(), "{text}");
        }
    }
}
