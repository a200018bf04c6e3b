//! CSV for spreadsheets (RFC 4180), and the one rule against formula injection: a text
//! cell that starts like a formula (`=`, `+`, `-`, `@`) or skips to one (a tab or a
//! carriage return first) gets a `'` before it, as OWASP advises, so a visitor's
//! `=HYPERLINK(…)` stays text. The web app's table export applies the same rule
//! (`web/src/lib/table-export.ts`, `neutraliseFormula`); the cases below are its cases.
//! Only text passes through here: a number written by the engine stays a number.

use std::borrow::Cow;

/// `text`, made safe to open in a spreadsheet.
#[must_use]
pub fn neutralise_formula(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// One field of a CSV line: quoted when it holds a quote, a comma or a line break.
#[must_use]
pub fn field(text: &str) -> Cow<'_, str> {
    if text.contains(['"', ',', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// One CSV line of text cells, each neutralised and quoted, ending in CRLF.
#[must_use]
pub fn text_line<S: AsRef<str>>(cells: &[S]) -> String {
    let mut line = cells
        .iter()
        .map(|cell| field(&neutralise_formula(cell.as_ref())).into_owned())
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_starting_like_a_formula_gets_a_quote_mark() {
        for (text, safe) in [
            ("=1+2", "'=1+2"),
            ("+1", "'+1"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
        ] {
            assert_eq!(neutralise_formula(text), safe, "{text:?}");
        }
    }

    #[test]
    fn ordinary_text_is_left_as_it_is() {
        for text in ["", "Ada", "1-2", "a=b", " =1", "'=1", "ünïcode"] {
            assert_eq!(neutralise_formula(text), text);
        }
    }

    #[test]
    fn a_line_quotes_what_needs_it_and_ends_in_crlf() {
        assert_eq!(
            text_line(&["a", "b,c", "say \"hi\"", "=1", "two\nlines"]),
            "a,\"b,c\",\"say \"\"hi\"\"\",'=1,\"two\nlines\"\r\n"
        );
    }
}
