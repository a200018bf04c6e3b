//! `Date.parse` as browsers do it (V8's rules): first the ECMAScript date-time format
//! (`2024-03-15`, `2024-03-15T10:00:00.000+01:00`), and whatever does not fit it is read by
//! the legacy rules that every browser shares — numbers and month names in any order
//! (`12/25/2025`, `July 4, 2025`, `15 March 2024`), times with `:`, AM/PM, time-zone names
//! and offsets, words before the first number and parenthesised text ignored.
//!
//! A form without an offset is local time, and the engine's local time is UTC, so such a
//! string gives what `Date.parse` gives in a browser whose time zone is UTC.

use super::parts::{Parts, between, is_day, is_hour, is_minute, is_month};
use super::tokens::{Keyword, MAX_SIGNIFICANT_DIGITS, NONE, Scanner, Token};

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
        let days = super::super::parts::days_from_civil(year, month, day);
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
