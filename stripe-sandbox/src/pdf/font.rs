//! The TrueType fonts invoice PDFs embed, and the PDF objects that describe them.
//!
//! Each font is written as PDF's composite font for TrueType: a Type0 font with the
//! Identity-H encoding over a CIDFontType2 whose CIDs are the glyph ids (CIDToGIDMap
//! Identity). Text is then a string of two-byte glyph ids, so any glyph of the font can be
//! shown, not only the 256 a simple font's encoding reaches. Because glyph ids mean nothing
//! to a reader, every font carries a ToUnicode CMap mapping its glyphs back to characters;
//! that is what makes the text searchable, copyable and readable by `pdftotext`.

use std::collections::BTreeMap;
use std::fmt::Write;

use ttf_parser::{Face, GlyphId};

use super::objects::stream;

/// The number of PDF objects [`FontUse::objects`] writes for one font.
pub const OBJECTS: usize = 5;

/// PDF names an embedded subset of a font with six capital letters and a plus before the
/// font's own name; ours are subsets made by `fonts/make-subset`.
const SUBSET_TAG: &str = "CSMITH";

/// A TrueType font compiled into the binary, so PDFs never depend on the fonts of the
/// machine they are made on.
pub struct FontFile {
    /// The font's PostScript name, which PDF uses as the font's name.
    postscript_name: &'static str,
    data: &'static [u8],
}

/// DejaVu Sans, cut down by `fonts/make-subset`.
pub const REGULAR: FontFile = FontFile {
    postscript_name: "DejaVuSans",
    data: include_bytes!("../../fonts/DejaVuSans-subset.ttf"),
};

/// DejaVu Sans Bold, cut down by `fonts/make-subset`.
pub const BOLD: FontFile = FontFile {
    postscript_name: "DejaVuSans-Bold",
    data: include_bytes!("../../fonts/DejaVuSans-Bold-subset.ttf"),
};

/// One font as one PDF uses it: the glyphs shown so far, each with the character it shows,
/// so that only those need widths and a ToUnicode entry.
pub struct FontUse {
    file: &'static FontFile,
    face: Face<'static>,
    used: BTreeMap<u16, char>,
}

impl FontUse {
    pub fn new(file: &'static FontFile) -> Self {
        let face = Face::parse(file.data, 0).expect("the fonts in fonts/ are valid TrueType");
        Self {
            file,
            face,
            used: BTreeMap::new(),
        }
    }

    /// `text` as a PDF hex string of glyph ids, for the Identity-H encoding. A character the
    /// font lacks shows as `?`, so it is visibly missing rather than an invisible blank.
    pub fn encode(&mut self, text: &str) -> String {
        let mut hex = String::with_capacity(2 + 4 * text.len());
        hex.push('<');
        for c in text.chars() {
            let glyph = self.glyph(c);
            let _ = write!(hex, "{:04X}", glyph.0);
        }
        hex.push('>');
        hex
    }

    /// The glyph that shows `c`, noted with the character it stands for in the ToUnicode map.
    fn glyph(&mut self, c: char) -> GlyphId {
        let (c, glyph) = match self.face.glyph_index(c) {
            Some(glyph) => (c, glyph),
            None => ('?', self.face.glyph_index('?').unwrap_or(GlyphId(0))),
        };
        self.used.entry(glyph.0).or_insert(c);
        glyph
    }

    /// The font's objects, numbered from `first`: the Type0 font (the one a page's resources
    /// name), its CIDFont, font descriptor, font file and ToUnicode CMap.
    pub fn objects(&self, first: usize) -> [Vec<u8>; OBJECTS] {
        let (cid_font, descriptor, file, to_unicode) = (first + 1, first + 2, first + 3, first + 4);
        let name = format!("{SUBSET_TAG}+{}", self.file.postscript_name);
        [
            format!(
                "<< /Type /Font /Subtype /Type0 /BaseFont /{name} /Encoding /Identity-H \
                 /DescendantFonts [{cid_font} 0 R] /ToUnicode {to_unicode} 0 R >>"
            )
            .into_bytes(),
            format!(
                "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{name} \
                 /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> \
                 /FontDescriptor {descriptor} 0 R /CIDToGIDMap /Identity /W {} >>",
                self.widths()
            )
            .into_bytes(),
            self.descriptor(&name, file).into_bytes(),
            stream(
                &format!("/Length1 {}", self.file.data.len()),
                self.file.data,
            ),
            stream("", self.to_unicode().as_bytes()),
        ]
    }

    /// Font units to PDF's glyph space, where 1000 is the em.
    fn scale(&self, units: i32) -> i32 {
        let per_em = i32::from(self.face.units_per_em());
        (units * 1000 + units.signum() * per_em / 2) / per_em
    }

    /// The `/W` array: the advance of every glyph used, consecutive glyph ids in one run
    /// (`[3 [600 610] 9 [278]]`), so readers place the glyphs as the font spaces them.
    fn widths(&self) -> String {
        let mut w = String::from("[");
        let mut previous: Option<u16> = None;
        for &glyph in self.used.keys() {
            let advance = self.face.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0);
            let width = self.scale(i32::from(advance));
            if previous.is_some_and(|p| p + 1 == glyph) {
                let _ = write!(w, " {width}");
            } else {
                if previous.is_some() {
                    w.push_str("] ");
                }
                let _ = write!(w, "{glyph} [{width}");
            }
            previous = Some(glyph);
        }
        if previous.is_some() {
            w.push(']');
        }
        w.push(']');
        w
    }

    /// The font descriptor. Readers use its metrics only when they cannot use the embedded
    /// font, so estimates (the stem width from the weight) are good enough.
    fn descriptor(&self, name: &str, file: usize) -> String {
        let face = &self.face;
        let bbox = face.global_bounding_box();
        // Fonts with an old OS/2 table (DejaVu's) do not state their capital height.
        let cap_height = face.capital_height().unwrap_or_else(|| {
            face.glyph_index('H')
                .and_then(|h| face.glyph_bounding_box(h))
                .map_or(face.ascender(), |b| b.y_max)
        });
        let [x_min, y_min, x_max, y_max, ascent, descent, cap_height] = [
            bbox.x_min,
            bbox.y_min,
            bbox.x_max,
            bbox.y_max,
            face.ascender(),
            face.descender(),
            cap_height,
        ]
        .map(|units| self.scale(i32::from(units)));
        // Flag 4, symbolic: the font has glyphs outside Adobe's standard Latin set (Cyrillic).
        format!(
            "<< /Type /FontDescriptor /FontName /{name} /Flags 4 \
             /FontBBox [{x_min} {y_min} {x_max} {y_max}] /ItalicAngle {} /Ascent {ascent} \
             /Descent {descent} /CapHeight {cap_height} /StemV {} /FontFile2 {file} 0 R >>",
            face.italic_angle(),
            face.weight().to_number() / 5,
        )
    }

    /// The ToUnicode CMap: each glyph used, as the UTF-16 of the character it shows.
    fn to_unicode(&self) -> String {
        let mut cmap = String::from(
            "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
             /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
             /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
             1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
        );
        let used: Vec<_> = self.used.iter().collect();
        // A CMap section holds at most 100 entries.
        for section in used.chunks(100) {
            let _ = writeln!(cmap, "{} beginbfchar", section.len());
            for (glyph, c) in section {
                let utf16: String = c
                    .encode_utf16(&mut [0; 2])
                    .iter()
                    .map(|unit| format!("{unit:04X}"))
                    .collect();
                let _ = writeln!(cmap, "<{glyph:04X}> <{utf16}>");
            }
            cmap.push_str("endbfchar\n");
        }
        cmap.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend");
        cmap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_fonts_have_latin_cyrillic_and_the_invoice_symbols() {
        for file in [&REGULAR, &BOLD] {
            let face = FontUse::new(file).face;
            for c in "AzÿĀžŁАЯаяЁёЖ€₽–—‘’“”„…№™−".chars() {
                assert!(face.glyph_index(c).is_some(), "{c} missing");
            }
        }
    }

    #[test]
    fn a_character_the_font_lacks_shows_and_reads_as_a_question_mark() {
        let mut font = FontUse::new(&REGULAR);
        assert_eq!(font.encode("中"), font.encode("?"));
        assert_eq!(font.used.values().collect::<Vec<_>>(), [&'?']);
    }

    #[test]
    fn widths_are_in_thousandths_of_an_em_and_consecutive_glyphs_share_a_run() {
        let mut font = FontUse::new(&REGULAR);
        let glyph = |font: &FontUse, c| font.face.glyph_index(c).unwrap().0;
        font.encode("AB A");
        let (a, b, space) = (glyph(&font, 'A'), glyph(&font, 'B'), glyph(&font, ' '));
        assert_eq!(b, a + 1);
        // DejaVu Sans: space 651, A 1401, B 1405 units of a 2048-unit em.
        assert_eq!(font.widths(), format!("[{space} [318] {a} [684 686]]"));
    }

    #[test]
    fn the_to_unicode_cmap_maps_each_glyph_used_to_its_character() {
        let mut font = FontUse::new(&BOLD);
        let shown = font.encode("Ж₽");
        let cmap = font.to_unicode();
        assert!(cmap.contains("2 beginbfchar"), "{cmap}");
        assert!(
            cmap.contains(&format!("<{}> <0416>", &shown[1..5])),
            "{cmap}"
        );
        assert!(
            cmap.contains(&format!("<{}> <20BD>", &shown[5..9])),
            "{cmap}"
        );
    }
}
