//! Invoice PDFs, written by hand: one A4 page of text.
//!
//! Customers write their billing details in Russian as often as in English, so the text is
//! set in DejaVu Sans and DejaVu Sans Bold, embedded in each PDF ([`font`] says how). The
//! standard PDF fonts (Helvetica) need no embedding, but they reach only Latin-1: Cyrillic
//! printed as `?`.
//!
//! The fonts are subsets committed in `fonts/` (Basic Latin, Latin-1, Latin Extended-A,
//! Cyrillic and the symbols invoices use, such as € ₽ – — “ ” …: ~40 KB each against
//! ~740 KB whole), made once by `fonts/make-subset` with a pinned fonttools, so the binary
//! carries them and no machine's fonts matter. Subsetting again for each PDF, down to the
//! glyphs it shows, would shrink PDFs from ~90 KB to a few KB, but would put a font
//! subsetter in the binary for a sandbox's invoices. The fonts are stored uncompressed:
//! no Deflate crate is in the dependency tree. Glyph ids and widths are read from the fonts
//! by ttf-parser. Each character is one glyph at its own advance (no kerning, ligatures or
//! combining marks), which suits the scripts covered; a character the fonts lack prints as
//! `?`.

mod font;
mod objects;

use crate::dates::long_date;
use crate::store::{Invoice, State};
use font::FontUse;
use objects::{file, stream};

/// Cents as dollars: `$9.90`, `-$3.30`.
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.abs();
    format!("{sign}${}.{:02}", cents / 100, cents % 100)
}

/// The invoice as a PDF: number, dates, the customer's billing details, the lines and the
/// amounts.
pub fn invoice(state: &State, invoice: &Invoice) -> Vec<u8> {
    let mut page = Page::new();
    page.text(50, 790, Font::Bold, 22, "Invoice");
    page.text(400, 792, Font::Regular, 10, "Calcsmith (sandbox)");
    page.text(400, 778, Font::Regular, 9, "No real charges were made.");
    let status = match invoice.status.as_str() {
        "paid" => "Paid",
        "open" => "Open (not paid)",
        other => other,
    };
    let rows = [
        ("Invoice number", invoice.number.clone()),
        ("Date of issue", long_date(invoice.created)),
        (
            "Period",
            format!(
                "{} - {}",
                long_date(invoice.period_start),
                long_date(invoice.period_end)
            ),
        ),
        ("Status", status.to_string()),
    ];
    let mut y = 740;
    for (label, value) in rows {
        page.text(50, y, Font::Bold, 10, label);
        page.text(160, y, Font::Regular, 10, &value);
        y -= 15;
    }
    y -= 10;
    page.text(50, y, Font::Bold, 10, "Bill to");
    y -= 15;
    let address = invoice.customer_address.as_ref();
    let field = |key: &str| {
        address
            .and_then(|a| a[key].as_str())
            .unwrap_or_default()
            .to_string()
    };
    let city_line = [field("postal_code"), field("city"), field("state")]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    for line in [
        invoice.customer_name.clone().unwrap_or_default(),
        invoice.customer_email.clone().unwrap_or_default(),
        invoice.customer_phone.clone().unwrap_or_default(),
        field("line1"),
        field("line2"),
        city_line,
        field("country"),
    ] {
        if !line.is_empty() {
            page.text(50, y, Font::Regular, 10, &line);
            y -= 14;
        }
    }
    y -= 16;
    page.text(50, y, Font::Bold, 10, "Description");
    page.text(480, y, Font::Bold, 10, "Amount");
    page.rule(y - 5);
    y -= 22;
    for line in &invoice.lines {
        page.text(50, y, Font::Regular, 10, &line.description);
        page.text(480, y, Font::Regular, 10, &money(line.amount));
        y -= 15;
    }
    page.rule(y + 8);
    y -= 8;
    let mut totals = vec![("Subtotal", invoice.subtotal)];
    if invoice.starting_balance != 0 {
        totals.push((
            "Applied balance",
            invoice.starting_balance.max(-invoice.subtotal.max(0)),
        ));
    }
    totals.push(("Amount due", invoice.amount_due));
    totals.push(("Amount paid", invoice.amount_paid));
    for (label, amount) in totals {
        page.text(340, y, Font::Bold, 10, label);
        page.text(480, y, Font::Regular, 10, &money(amount));
        y -= 15;
    }
    let _ = state;
    page.finish()
}

#[derive(Clone, Copy)]
enum Font {
    Regular,
    Bold,
}

struct Page {
    content: Vec<u8>,
    regular: FontUse,
    bold: FontUse,
}

impl Page {
    fn new() -> Self {
        Self {
            content: Vec::new(),
            regular: FontUse::new(&font::REGULAR),
            bold: FontUse::new(&font::BOLD),
        }
    }

    fn text(&mut self, x: i32, y: i32, font: Font, size: u32, text: &str) {
        let (name, font) = match font {
            Font::Regular => ("F1", &mut self.regular),
            Font::Bold => ("F2", &mut self.bold),
        };
        let glyphs = font.encode(text);
        self.content.extend_from_slice(
            format!("BT /{name} {size} Tf {x} {y} Td {glyphs} Tj ET\n").as_bytes(),
        );
    }

    fn rule(&mut self, y: i32) {
        self.content
            .extend_from_slice(format!("0.5 w 50 {y} m 545 {y} l S\n").as_bytes());
    }

    fn finish(self) -> Vec<u8> {
        const REGULAR: usize = 5;
        const BOLD: usize = REGULAR + font::OBJECTS;
        let mut objects: Vec<Vec<u8>> = vec![
            b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
            format!("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 {REGULAR} 0 R /F2 {BOLD} 0 R >> >> /Contents 4 0 R >>").into_bytes(),
            stream("", &self.content),
        ];
        objects.extend(self.regular.objects(REGULAR));
        objects.extend(self.bold.objects(BOLD));
        file(&objects)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_has_a_sign_dollars_and_two_digit_cents() {
        assert_eq!(money(990), "$9.90");
        assert_eq!(money(-305), "-$3.05");
        assert_eq!(money(4990), "$49.90");
    }

    #[test]
    fn text_in_any_script_the_fonts_cover_reads_back_as_written() {
        let mut page = Page::new();
        page.text(50, 700, Font::Regular, 10, "a(b)\\ Ж é € ₽ – — “ ” … 中");
        page.text(50, 680, Font::Bold, 10, "Иван Петров, ул. Ленина, 1");
        let path = std::env::temp_dir().join(format!("calcsmith-pdf-{}.pdf", std::process::id()));
        std::fs::write(&path, page.finish()).unwrap();
        let text = std::process::Command::new("pdftotext")
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext (poppler-utils) is installed");
        std::fs::remove_file(&path).unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        // 中 is not in the fonts.
        assert!(text.contains("a(b)\\ Ж é € ₽ – — “ ” … ?"), "{text}");
        assert!(text.contains("Иван Петров, ул. Ленина, 1"), "{text}");
    }
}
