//! The words, numbers and signs a date string is made of, as V8's date parser splits it.

/// Absent (V8's `kNone`).
pub(super) const NONE: i32 = i32::MAX;
/// Digits past this many in a number are read but not counted.
pub(super) const MAX_SIGNIFICANT_DIGITS: usize = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Keyword {
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
pub(super) enum Token {
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
    pub(super) fn is_number_of_len(self, wanted: usize) -> bool {
        matches!(self, Token::Number { len, .. } if len == wanted)
    }

    pub(super) fn number(self) -> i32 {
        match self {
            Token::Number { value, .. } => value,
            _ => NONE,
        }
    }

    /// 1 for `+`, -1 for `-`, None for anything else.
    pub(super) fn sign(self) -> Option<i32> {
        match self {
            Token::Symbol(c) if c == u16::from(b'+') => Some(1),
            Token::Symbol(c) if c == u16::from(b'-') => Some(-1),
            _ => None,
        }
    }

    pub(super) fn is_symbol(self, symbol: u8) -> bool {
        self == Token::Symbol(u16::from(symbol))
    }

    pub(super) fn is_z(self) -> bool {
        matches!(self, Token::Word(Keyword::Zone { z: true, .. }))
    }
}

/// Splits the text into tokens with one token of look-ahead. A NUL character ends the text,
/// as it does in V8.
pub(super) struct Scanner<'a> {
    text: &'a [u16],
    position: usize,
    next: Token,
}

impl<'a> Scanner<'a> {
    pub(super) fn new(text: &'a [u16]) -> Self {
        let mut scanner = Scanner {
            text,
            position: 0,
            next: Token::End,
        };
        scanner.next = scanner.scan();
        scanner
    }

    pub(super) fn peek(&self) -> Token {
        self.next
    }

    pub(super) fn next(&mut self) -> Token {
        let token = self.next;
        self.next = self.scan();
        token
    }

    pub(super) fn skip_symbol(&mut self, symbol: u8) -> bool {
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
