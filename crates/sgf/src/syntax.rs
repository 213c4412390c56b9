//! The SGF syntax: a collection of game trees, read without recursion.
//!
//! [`main_line`] checks the syntax of the first game tree (its variations
//! included) and returns the nodes of its main line, the first variation at
//! every branch, with their properties. Nothing is interpreted here.

use crate::SgfError;

/// One property value: the text between `[` and `]`, escapes still in it.
#[derive(Clone, Debug)]
pub(crate) struct Value<'a> {
    /// Byte offset of the `[`.
    pub offset: usize,
    /// The raw text between the brackets.
    pub raw: &'a str,
}

/// One property of a node.
#[derive(Clone, Debug)]
pub(crate) struct Property<'a> {
    /// The identifier's capital letters (`AddBlack` reads `AB`).
    pub ident: String,
    /// Byte offset of the identifier.
    pub offset: usize,
    /// The values, at least one.
    pub values: Vec<Value<'a>>,
}

/// One node of the main line.
#[derive(Clone, Debug)]
pub(crate) struct Node<'a> {
    /// Byte offset of the `;`.
    pub offset: usize,
    /// The properties, in the order of the text.
    pub props: Vec<Property<'a>>,
}

impl<'a> Node<'a> {
    /// The first property called `ident`.
    pub fn get(&self, ident: &str) -> Option<&Property<'a>> {
        self.props.iter().find(|p| p.ident == ident)
    }
}

/// An open game tree.
struct Frame {
    /// Byte offset of its `(`.
    open: usize,
    /// Whether its nodes are on the main line.
    on_main: bool,
    /// Whether a variation has opened inside it (no node may follow).
    had_child: bool,
    /// Its nodes so far.
    nodes: usize,
}

/// Whitespace between tokens: ASCII whitespace and the vertical tab.
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && is_space(bytes[i]) {
        i += 1;
    }
    i
}

fn syntax(offset: usize, message: impl Into<String>) -> SgfError {
    SgfError::Syntax {
        offset,
        message: message.into(),
    }
}

/// The character at byte `i` of `text`, quoted for a message.
fn describe(text: &str, i: usize) -> String {
    match text.get(i..).and_then(|s| s.chars().next()) {
        Some(c) if c.is_control() || c.is_whitespace() => format!("character {:?}", c),
        Some(c) => format!("'{c}'"),
        None => "the end of the text".to_string(),
    }
}

/// Checks the syntax of the first game tree of `text` and returns the nodes
/// of its main line (never empty). Text after the first game tree is not read.
pub(crate) fn main_line(text: &str) -> Result<Vec<Node<'_>>, SgfError> {
    let bytes = text.as_bytes();
    let len = bytes.len();
    let mut i = first_tree(text)?;
    let mut stack = vec![Frame {
        open: i,
        on_main: true,
        had_child: false,
        nodes: 0,
    }];
    i += 1;
    let mut nodes: Vec<Node<'_>> = Vec::new();
    loop {
        i = skip_space(bytes, i);
        let Some(top) = stack.last_mut() else {
            // The loop returns when the first game tree closes.
            return Err(syntax(i, "internal error: no open game tree"));
        };
        if i >= len {
            return Err(syntax(
                len,
                format!(
                    "the text ends inside the game tree opened at byte {}: missing ')'",
                    top.open
                ),
            ));
        }
        match bytes[i] {
            b';' => i = read_node(text, i, top, &mut nodes)?,
            b'(' => {
                let variation = open_variation(i, top)?;
                stack.push(variation);
                i += 1;
            }
            b')' => {
                if top.nodes == 0 {
                    return Err(syntax(
                        i,
                        format!(
                            "the game tree opened at byte {} is empty; a game tree holds at least one node ';'",
                            top.open
                        ),
                    ));
                }
                stack.pop();
                if stack.is_empty() {
                    return Ok(nodes);
                }
                i += 1;
            }
            _ => return Err(unexpected(text, i)),
        }
    }
}

/// The byte offset of the `(` that opens the first game tree, after a
/// byte order mark and whitespace.
fn first_tree(text: &str) -> Result<usize, SgfError> {
    let bytes = text.as_bytes();
    let i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let i = skip_space(bytes, i);
    if i >= bytes.len() {
        return Err(syntax(
            i,
            "no game tree: the text is empty, and an SGF collection starts with '('",
        ));
    }
    if bytes[i] != b'(' {
        return Err(syntax(
            i,
            format!(
                "unexpected {} before the first game tree; an SGF collection starts with '('",
                describe(text, i)
            ),
        ));
    }
    Ok(i)
}

/// Reads the node whose `;` is at byte `i` of the game tree `top`, keeping
/// it in `nodes` if it is on the main line. Returns the byte after its
/// properties.
fn read_node<'a>(
    text: &'a str,
    i: usize,
    top: &mut Frame,
    nodes: &mut Vec<Node<'a>>,
) -> Result<usize, SgfError> {
    if top.had_child {
        return Err(syntax(
            i,
            "a node ';' after a variation: in a game tree, variations '(...)' come after all its nodes",
        ));
    }
    top.nodes += 1;
    let on_main = top.on_main;
    if on_main {
        nodes.push(Node {
            offset: i,
            props: Vec::new(),
        });
    }
    read_properties(text, i + 1, on_main.then_some(nodes))
}

/// The variation whose `(` is at byte `i` inside the game tree `top`: on
/// the main line if it is the first variation of a main-line tree.
fn open_variation(i: usize, top: &mut Frame) -> Result<Frame, SgfError> {
    if top.nodes == 0 {
        return Err(syntax(
            i,
            format!(
                "the game tree opened at byte {} has a variation before any node; a game tree starts with a node ';'",
                top.open
            ),
        ));
    }
    let on_main = top.on_main && !top.had_child;
    top.had_child = true;
    Ok(Frame {
        open: i,
        on_main,
        had_child: false,
        nodes: 0,
    })
}

/// The error for byte `i` of a game tree, which starts no node, variation
/// or closing.
fn unexpected(text: &str, i: usize) -> SgfError {
    let b = text.as_bytes()[i];
    match b {
        b']' => syntax(
            i,
            "unexpected ']' outside a property value (an unescaped ']' inside a value ends it; write '\\]')",
        ),
        b'[' => syntax(
            i,
            "a property value '[' without a property identifier before it",
        ),
        _ => {
            let what = describe(text, i);
            let hint = if b.is_ascii_alphabetic() {
                "; properties belong to a node and follow its ';'"
            } else {
                ""
            };
            syntax(i, format!("unexpected {what} in a game tree{hint}"))
        }
    }
}

/// Reads the properties of a node from byte `i` (just after its `;`) up to
/// the next `;`, `(`, `)` or the end; appends them to the last node of
/// `keep` when given. Returns the byte after the last property.
fn read_properties<'a>(
    text: &'a str,
    mut i: usize,
    mut keep: Option<&mut Vec<Node<'a>>>,
) -> Result<usize, SgfError> {
    let bytes = text.as_bytes();
    let len = bytes.len();
    loop {
        i = skip_space(bytes, i);
        if i >= len || !bytes[i].is_ascii_alphabetic() {
            return Ok(i);
        }
        let start = i;
        while i < len && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let name = &text[start..i];
        // FF[3] allows lower-case letters in identifiers (`AddBlack`); FF[4]
        // identifiers are the capital letters alone.
        let ident: String = name.chars().filter(char::is_ascii_uppercase).collect();
        if ident.is_empty() {
            return Err(syntax(
                start,
                format!("property identifier '{name}' has no capital letters"),
            ));
        }
        i = skip_space(bytes, i);
        if i >= len || bytes[i] != b'[' {
            return Err(syntax(
                start,
                format!(
                    "property {name} has no value: expected '[' but found {}",
                    describe(text, i)
                ),
            ));
        }
        let mut values = Vec::new();
        while i < len && bytes[i] == b'[' {
            let open = i;
            i += 1;
            loop {
                if i >= len {
                    return Err(syntax(
                        open,
                        format!("the value of {name} opened at byte {open} is never closed: missing ']'"),
                    ));
                }
                match bytes[i] {
                    // A continuation byte of a multi-byte character is never
                    // `]` or `\`, so stepping into one is harmless.
                    b'\\' => i += 2,
                    b']' => break,
                    _ => i += 1,
                }
            }
            values.push(Value {
                offset: open,
                raw: &text[open + 1..i],
            });
            i += 1;
            i = skip_space(bytes, i);
        }
        if let Some(node) = keep.as_mut().and_then(|n| n.last_mut()) {
            node.props.push(Property {
                ident,
                offset: start,
                values,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(text: &str) -> Vec<Vec<String>> {
        main_line(text)
            .unwrap()
            .iter()
            .map(|n| n.props.iter().map(|p| p.ident.clone()).collect())
            .collect()
    }

    #[test]
    fn main_line_follows_first_variations() {
        let t = "(;A[1];B[2](;C[3](;D[4])(;E[5]));F[6])";
        // `;F` after a variation is a syntax error; drop it.
        assert!(main_line(t).is_err());
        let t = "(;A[1];B[2](;C[3](;D[4])(;E[5]))(;F[6]))";
        assert_eq!(idents(t), vec![vec!["A"], vec!["B"], vec!["C"], vec!["D"]]);
    }

    #[test]
    fn lowercase_letters_are_dropped() {
        assert_eq!(idents("(;AddBlack[aa]SiZe[3])"), vec![vec!["AB", "SZ"]]);
        assert!(main_line("(;add[aa])").is_err());
    }

    #[test]
    fn values_and_escapes() {
        let nodes = main_line("(;C[a \\] b][x]\n  AB [aa] [bb])").unwrap();
        let p = &nodes[0].props;
        assert_eq!(p[0].values.len(), 2);
        assert_eq!(p[0].values[0].raw, "a \\] b");
        assert_eq!(p[1].values.len(), 2);
        assert_eq!(p[1].values[1].raw, "bb");
    }

    #[test]
    fn only_the_first_tree_is_read() {
        assert_eq!(idents("(;A[1]) (;B[2]) junk"), vec![vec!["A"]]);
    }

    #[test]
    fn syntax_errors_carry_offsets() {
        let off = |t: &str| match main_line(t) {
            Err(SgfError::Syntax { offset, .. }) => offset,
            other => panic!("{t:?}: {other:?}"),
        };
        assert_eq!(off(""), 0);
        assert_eq!(off("   "), 3);
        assert_eq!(off("x(;A[1])"), 0);
        assert_eq!(off("()"), 1);
        assert_eq!(off("(;A[1]"), 6);
        assert_eq!(off("(;A[1)"), 3);
        assert_eq!(off("(;A)"), 2);
        assert_eq!(off("(;A[1]]"), 6);
        assert_eq!(off("((;A[1]))"), 1);
        assert_eq!(off("(;A[1]\\"), 6);
        assert_eq!(off("(;A[\\"), 3);
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        assert_eq!(idents("\u{feff}(;A[1])"), vec![vec!["A"]]);
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let n = 200_000;
        let t = format!("{}{}", "(;".repeat(n), ")".repeat(n));
        assert_eq!(main_line(&t).unwrap().len(), n);
    }
}
