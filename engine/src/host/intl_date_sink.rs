//! ICU4X's formatted dates as ECMA-402's parts (`formatToParts`), and the fields of the
//! UTS 35 pattern ICU4X chose (`resolvedOptions`), for `intl_date.rs`.

use icu_datetime::parts;
use std::fmt;
use writeable::{Part, PartsWrite};

/// ICU4X's output with the places of its date and time fields.
#[derive(Default)]
pub(super) struct PartsSink {
    text: String,
    /// Start, end and kind of each part, innermost first (ICU4X nests its digits' parts in
    /// the fields').
    parts: Vec<(usize, usize, Part)>,
}

impl fmt::Write for PartsSink {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.text.push_str(text);
        Ok(())
    }
}

impl PartsWrite for PartsSink {
    type SubPartsWrite = Self;

    fn with_part(
        &mut self,
        part: Part,
        mut write: impl FnMut(&mut Self) -> fmt::Result,
    ) -> fmt::Result {
        let start = self.text.len();
        write(self)?;
        self.parts.push((start, self.text.len(), part));
        Ok(())
    }
}

impl PartsSink {
    /// The text as ECMA-402's parts: each field, with the literal text between them. `None`
    /// for a field this module does not name. An era is written only when `era` was asked
    /// for.
    pub(super) fn into_parts(self, era: bool) -> Option<Vec<(&'static str, String)>> {
        let fraction = self
            .parts
            .iter()
            .find(|(_, _, part)| *part == icu_decimal::parts::FRACTION)
            .map(|(start, _, _)| *start);
        let mut fields: Vec<_> = self
            .parts
            .into_iter()
            .filter(|(_, _, part)| part.category == parts::YEAR.category)
            .collect();
        fields.sort_by_key(|(start, _, _)| *start);
        let literal = |text: &str| ("literal", text.to_owned());
        let mut result = Vec::new();
        let mut written = 0;
        for (start, end, part) in fields {
            if start < written {
                return None;
            }
            // Seconds with their fraction are one field in ICU4X, three parts in ECMA-402
            // (`05`, `.`, `678` as `second`, `literal` and `fractionalSecond`).
            if part == parts::SECOND
                && let Some(fraction) = fraction.filter(|at| (start..end).contains(at))
            {
                let separator = self.text[..fraction].char_indices().last()?.0;
                if start > written {
                    result.push(literal(&self.text[written..start]));
                }
                result.push(("second", self.text[start..separator].to_owned()));
                result.push(literal(&self.text[separator..fraction]));
                result.push(("fractionalSecond", self.text[fraction..end].to_owned()));
                written = end;
                continue;
            }
            if part == parts::ERA && !era {
                // V8 writes a year before 1 as its era's year without the era (`4/20/271822`
                // for 271822 BC), as its ICU pattern has no era field.
                let before = self.text[written..start].trim_end();
                if !before.is_empty() {
                    result.push(literal(before));
                }
                written = end;
                continue;
            }
            if start > written {
                result.push(literal(&self.text[written..start]));
            }
            result.push((part_type(part)?, self.text[start..end].to_owned()));
            written = end;
        }
        if written < self.text.len() {
            result.push(literal(&self.text[written..]));
        }
        Some(result)
    }
}

/// ECMA-402's name of an ICU4X field.
fn part_type(part: Part) -> Option<&'static str> {
    [
        (parts::WEEKDAY, "weekday"),
        (parts::ERA, "era"),
        (parts::YEAR, "year"),
        (parts::MONTH, "month"),
        (parts::DAY, "day"),
        (parts::HOUR, "hour"),
        (parts::MINUTE, "minute"),
        (parts::SECOND, "second"),
        (parts::DAY_PERIOD, "dayPeriod"),
        (parts::TIME_ZONE_NAME, "timeZoneName"),
    ]
    .into_iter()
    .find(|(known, _)| *known == part)
    .map(|(_, name)| name)
}

/// The fields of a UTS 35 pattern (`dd.MM.y, HH:mm`) as symbol and width, quoted text
/// skipped.
pub(super) fn pattern_fields(pattern: &str) -> Vec<(char, usize)> {
    let mut fields: Vec<(char, usize)> = Vec::new();
    let mut quoted = false;
    let mut previous = None;
    for symbol in pattern.chars() {
        if symbol == '\'' {
            quoted = !quoted;
        } else if !quoted && symbol.is_ascii_alphabetic() {
            match fields.last_mut() {
                Some((last, width)) if previous == Some(symbol) && *last == symbol => *width += 1,
                _ => fields.push((symbol, 1)),
            }
        }
        previous = Some(symbol);
    }
    fields
}
