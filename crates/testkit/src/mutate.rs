//! Mutations of a text, for the fuzzing properties: random edits of a
//! valid seed (a config, a certificate, a graph file, a diagram) that
//! reach the corners of a parser that random bytes alone rarely do.

use proptest::prelude::*;

/// One edit of a text: (kind, position, byte). The position is taken
/// modulo the text's length plus one.
pub type Edit = (u8, usize, u8);

/// A byte that mostly (four times in five) comes from `alphabet`, a
/// format's own syntax, and otherwise is any byte.
pub fn syntax_byte(alphabet: &'static [u8]) -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(alphabet.to_vec()),
        1 => any::<u8>(),
    ]
}

/// Lists of edits for [`mutate`], of `count` edits each: kinds below
/// `kinds` (6 for every kind), any position, bytes from [`syntax_byte`].
pub fn edits(
    alphabet: &'static [u8],
    kinds: u8,
    count: std::ops::Range<usize>,
) -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((0..kinds, any::<usize>(), syntax_byte(alphabet)), count)
}

/// [`mutate_bytes`] as text, invalid UTF-8 replaced.
pub fn mutate(seed: &str, edits: &[Edit], inserts: &[&str]) -> String {
    String::from_utf8_lossy(&mutate_bytes(seed.as_bytes(), edits, inserts)).into_owned()
}

/// `seed` after `edits`: kind 0 inserts the byte, 1 deletes one, 2
/// replaces one, 3 truncates, 4 inserts one of `inserts` (chosen by the
/// byte; nothing where `inserts` is empty), 5 repeats the tail.
pub fn mutate_bytes(seed: &[u8], edits: &[Edit], inserts: &[&str]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for &(kind, pos, byte) in edits {
        let at = pos % (b.len() + 1);
        match kind % 6 {
            0 => b.insert(at, byte),
            1 if at < b.len() => {
                b.remove(at);
            }
            2 if at < b.len() => b[at] = byte,
            3 => b.truncate(at),
            4 if !inserts.is_empty() => {
                let v = inserts[usize::from(byte) % inserts.len()];
                b.splice(at..at, v.bytes());
            }
            5 => {
                let tail = b[at..].to_vec();
                b.extend(tail);
            }
            _ => {}
        }
    }
    b
}

/// Values on the edges of the text formats' parsers, for the fuzzing
/// properties to put in for a field's or a key's value: integers at the
/// 64-point limit and the edges of the integer types (and one past them,
/// signed, zero-padded), then board sizes, fractions and floats, words of
/// the certificate format, and TOML values of every type. Every fuzz
/// property's own list of edge values was a part of this one;
/// [`edge_integers`] are the integers alone.
pub const EDGE_VALUES: &[&str] = &[
    "0",
    "1",
    "+1",
    "00000000000000000000000000001",
    "-1",
    "2",
    "3",
    "63",
    "64",
    "65",
    "255",
    "256",
    "1073741824",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551614",
    "18446744073709551615",
    "18446744073709551616",
    "18446744073709551615x2",
    "2x9223372036854775808",
    "4294967296x4294967296",
    "0x0",
    "8x8",
    "9x9",
    "graph 0",
    "graph 64",
    "graph 65",
    "0.5",
    "-0.5",
    "pass",
    "pass-alive",
    "black",
    "end",
    "",
    "1_000",
    "-0.0",
    "1e300",
    "-1e300",
    "inf",
    "-inf",
    "nan",
    "true",
    "\"\"",
    "\"all\"",
    "\"psk\"",
    "\"9x9\"",
    "\"0x0\"",
    "\"ring:2\"",
    "\"graph:/nonexistent\"",
    "\"X.\\n..\"",
    "[]",
    "[[]]",
    "{}",
    "1979-05-27",
];

/// The [`EDGE_VALUES`] that are integers: digits with an optional sign.
pub fn edge_integers() -> Vec<&'static str> {
    EDGE_VALUES
        .iter()
        .copied()
        .filter(|v| v.parse::<i128>().is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_edit_does_what_it_says() {
        let ins = ["<>"];
        assert_eq!(mutate("abc", &[(0, 1, b'x')], &ins), "axbc");
        assert_eq!(mutate("abc", &[(1, 1, 0)], &ins), "ac");
        assert_eq!(mutate("abc", &[(2, 2, b'z')], &ins), "abz");
        assert_eq!(mutate("abc", &[(3, 2, 0)], &ins), "ab");
        assert_eq!(mutate("abc", &[(4, 3, 7)], &ins), "abc<>");
        assert_eq!(mutate("abc", &[(4, 3, 7)], &[]), "abc");
        assert_eq!(mutate("abc", &[(5, 1, 0)], &ins), "abcbc");
        // Positions wrap; invalid UTF-8 is replaced.
        assert_eq!(mutate("ab", &[(0, 4, b'x')], &ins), "axb");
        assert_eq!(mutate("", &[(0, 0, 0xff)], &ins), "\u{fffd}");
    }
}
