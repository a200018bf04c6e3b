//! Invoice PDFs, written by hand: one A4 page of text in the standard Helvetica fonts (which
//! every PDF reader has, so nothing is embedded). Text is WinAnsi: characters outside Latin-1
//! print as `?`.

use crate::dates::long_date;
use crate::store::{Invoice, State};

/// Cents as dollars: `$9.90`, `-$3.30`.
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.abs();
    format!("{sign}${}.{:02}", cents / 100, cents % 100)
}

/// The invoice as a PDF: number, dates, the customer's billing details, the lines and the
/// amounts.
pub fn invoice(state: &State, invoice: &Invoice) -> Vec<u8> {
    let mut page = Page::default();
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

#[derive(Default)]
struct Page {
    content: Vec<u8>,
}

impl Page {
    fn text(&mut self, x: i32, y: i32, font: Font, size: u32, text: &str) {
        let font = match font {
            Font::Regular => "F1",
            Font::Bold => "F2",
        };
        self.content
            .extend_from_slice(format!("BT /{font} {size} Tf {x} {y} Td (").as_bytes());
        for c in text.chars() {
            match c {
                '(' | ')' | '\\' => self.content.extend_from_slice(&[b'\\', c as u8]),
                c if (' '..='~').contains(&c) || ('\u{a0}'..='\u{ff}').contains(&c) => {
                    self.content.push(c as u32 as u8)
                }
                _ => self.content.push(b'?'),
            }
        }
        self.content.extend_from_slice(b") Tj ET\n");
    }

    fn rule(&mut self, y: i32) {
        self.content
            .extend_from_slice(format!("0.5 w 50 {y} m 545 {y} l S\n").as_bytes());
    }

    fn finish(self) -> Vec<u8> {
        let objects: Vec<Vec<u8>> = vec![
            b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>".to_vec(),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec(),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".to_vec(),
            [format!("<< /Length {} >>\nstream\n", self.content.len()).as_bytes(), &self.content, b"\nendstream"].concat(),
        ];
        let mut pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
        let mut offsets = Vec::new();
        for (i, object) in objects.iter().enumerate() {
            offsets.push(pdf.len());
            pdf.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
            pdf.extend_from_slice(object);
            pdf.extend_from_slice(b"\nendobj\n");
        }
        let xref = pdf.len();
        pdf.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
        );
        for offset in offsets {
            pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
        }
        pdf.extend_from_slice(
            format!(
                "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
                objects.len() + 1
            )
            .as_bytes(),
        );
        pdf
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
    fn parentheses_are_escaped_and_other_scripts_become_question_marks() {
        let mut page = Page::default();
        page.text(0, 0, Font::Regular, 10, "a(b)\\ Ж é");
        let expected: &[u8] = b"(a\\(b\\)\\\\ ? \xe9)";
        assert!(page.content.windows(expected.len()).any(|w| w == expected));
    }
}
