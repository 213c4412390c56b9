//! Fuzzing the sweep config parser (`kosolve sweep CONFIG`): arbitrary
//! bytes, the committed configs mutated byte by byte, and configs built
//! from every key with values on the edges. No input panics, every error
//! has a message (with a line that lies in the text), and every config
//! that parses gives its jobs and usable limits.

use kosolve_sweep::{Config, ConfigError};
use kosolve_testkit::{edits, mutate, EDGE_VALUES};
use proptest::prelude::*;

/// Configs that parse: the mutations start from these.
const SEEDS: &[&str] = &[
    include_str!("../../../solver-configs/quick.toml"),
    include_str!("../../../solver-configs/kee.toml"),
    include_str!("../../../solver-configs/standard.toml"),
    include_str!("../../../solver-configs/certificates.toml"),
    include_str!("../../../solver-configs/bestiary.toml"),
    "name = \"p\"\nrules = [\"psk\", \"fundamental\"]\nkomi = [\"-1.5\", 2]\n\n\
     [[positions]]\nname = \"a\"\nboard = \"2x2\"\ndiagram = \"X./..\"\nto_move = \"white\"\n\
     prisoners = [1, 0]\nclaim = \"fixed-ko-eye\"\npair = \"b\"\n\n\
     [[positions]]\nname = \"b\"\nboard = \"ring:5\"\ndiagram = \"X.O..\"\n",
];

/// Bytes that mutations insert: mostly TOML's syntax.
const TOML_SYNTAX: &[u8] = b"[]{}=\",.#\n \\'0123456789x:-_abc";

/// Parses `text`. An error must have a message, and a line that lies in
/// the text; a config must give its jobs, with limits a job can use.
fn parse_checked(text: &str) -> Result<(), TestCaseError> {
    match Config::parse("c.toml", "c", text) {
        Ok(config) => {
            prop_assert!(!config.name.is_empty());
            prop_assert!(!config.rules.is_empty());
            let l = config.limits;
            prop_assert!(l.threads >= 1);
            for r in kosolve_rules::Ruleset::ALL {
                if let Some(s) = l.max_seconds_for(r) {
                    prop_assert!(s.is_finite() && s >= 0.0, "max_seconds {} ({r})", s);
                }
                let own = l.by_rules[r.index()];
                prop_assert!(own.max_nodes != Some(0), "max_nodes 0 ({r})");
                prop_assert!(own.memory_mib != Some(0), "memory_mib 0 ({r})");
            }
            for job in config.jobs() {
                let _ = job.key();
                let _ = job.setup();
            }
        }
        Err(e) => {
            let msg = e.to_string();
            prop_assert!(!msg.trim().is_empty(), "{e:?}");
            if let ConfigError::Value { line, .. } = e {
                prop_assert!(line <= text.lines().count() + 1, "{msg}");
            }
        }
    }
    Ok(())
}

/// A value from the edge values, or a short string.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(EDGE_VALUES.to_vec()).prop_map(String::from),
        1 => "\"[a-z0-9:x. /\\\\-]{0,8}\"",
        1 => prop::collection::vec(prop::sample::select(EDGE_VALUES.to_vec()), 0..3)
            .prop_map(|v| format!("[{}]", v.join(", "))),
    ]
}

/// Each key with valid values: a built config sets each key to one of
/// them, to an edge value, or leaves it out.
type Keys = &'static [(&'static str, &'static [&'static str])];

/// Top-level keys.
const TOP_KEYS: Keys = &[
    ("name", &["\"x\"", "\"a-b.c_1\""]),
    ("description", &["\"d\""]),
    ("boards", &["[\"1x1\", \"1x2\"]", "[\"ring:3\"]"]),
    (
        "rules",
        &["[\"psk\"]", "[\"all\"]", "[\"kee\", \"fundamental\"]"],
    ),
    ("suicide", &["[\"forbidden\", \"allowed\"]"]),
    ("komi", &["[0, 0.5, \"-1.5\"]"]),
    ("method", &["\"parity\"", "\"auto\"", "\"retrograde\""]),
    ("kee_method", &["\"parity\"", "\"auto\""]),
    ("engine", &["\"pns\"", "\"id\""]),
    ("certificates", &["true"]),
];

/// `[limits]` keys.
const LIMIT_KEYS: Keys = &[
    ("max_nodes", &["1000"]),
    ("max_seconds", &["0.5", "10"]),
    ("memory_mib", &["16"]),
    ("threads", &["2"]),
    ("kee_situations", &["500"]),
    ("kee_memory_mib", &["2048"]),
    (
        "max_nodes_by_rules",
        &["{ primitive = 5000 }", "{ psk = 1, kee = 2 }"],
    ),
    ("certificate_work", &["4096"]),
    (
        "rules",
        &[
            "{ kee = { memory_mib = 64 } }",
            "{ psk = { max_nodes = 5, max_seconds = 1.5 }, bkr = {} }",
        ],
    ),
];

/// `[[positions]]` keys.
const POSITION_KEYS: Keys = &[
    ("name", &["\"p\"", "\"q\""]),
    ("board", &["\"2x2\""]),
    ("diagram", &["\"X./..\"", "\"....\""]),
    ("to_move", &["\"white\""]),
    ("prisoners", &["[0, 1]"]),
    ("source", &["\"s\""]),
    ("claim", &["\"fixed-ko-eye\""]),
    ("pair", &["\"p\"", "\"q\""]),
    ("analyze", &["true", "false"]),
];

/// A config with every key valid or left out (`rules` always there, and
/// `boards` or positions), but for one key, which holds an edge value.
fn one_edge_value() -> impl Strategy<Value = String> {
    let sections: [Keys; 3] = [TOP_KEYS, LIMIT_KEYS, POSITION_KEYS];
    let total: usize = sections.iter().map(|k| k.len()).sum();
    let picks = |keys: Keys| {
        prop::collection::vec((any::<bool>(), any::<prop::sample::Index>()), keys.len())
    };
    (
        picks(TOP_KEYS),
        picks(LIMIT_KEYS),
        0usize..3,
        any::<bool>(),
        0..total,
        value(),
    )
        .prop_map(move |(top, limits, positions, claim, edge, edge_value)| {
            let mut k = 0;
            let mut line = |key: &str, value: String, present: bool| -> String {
                k += 1;
                if k - 1 == edge {
                    format!("{key} = {edge_value}\n")
                } else if present {
                    format!("{key} = {value}\n")
                } else {
                    String::new()
                }
            };
            let mut text = String::new();
            for (&(key, valid), (on, i)) in TOP_KEYS.iter().zip(&top) {
                let on = *on || key == "rules" || (key == "boards" && positions == 0);
                text += &line(key, i.get(valid).to_string(), on);
            }
            text += "[limits]\n";
            for (&(key, valid), (on, i)) in LIMIT_KEYS.iter().zip(&limits) {
                text += &line(key, i.get(valid).to_string(), *on);
            }
            let names = ["p", "q"];
            for p in 0..positions.max(1) {
                let mut block = String::new();
                for &(key, _) in POSITION_KEYS {
                    let value = match key {
                        "name" => format!("\"{}\"", names[p]),
                        "board" => "\"2x2\"".into(),
                        "diagram" => "\"X./..\"".into(),
                        "to_move" => "\"white\"".into(),
                        "prisoners" => "[0, 1]".into(),
                        "source" => "\"s\"".into(),
                        "claim" => "\"fixed-ko-eye\"".into(),
                        _ => format!("\"{}\"", names[1 - p]),
                    };
                    let on = positions > 0
                        && (!matches!(key, "claim" | "pair") || (claim && positions == 2));
                    block += &line(key, value, on);
                }
                // With no position, the block counts its keys for the
                // edge value but is written only if the edge falls in it.
                if positions > 0 || block.contains(" = ") {
                    text += &format!("[[positions]]\n{block}");
                }
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Arbitrary bytes: a config or an error, never a panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        parse_checked(&String::from_utf8_lossy(&bytes))?;
    }

    /// The committed configs with bytes inserted, deleted or replaced,
    /// truncated, or with edge values put in.
    #[test]
    fn mutated_configs_never_panic(
        seed in 0..SEEDS.len(),
        edits in edits(TOML_SYNTAX, 6, 1..6),
    ) {
        parse_checked(&mutate(SEEDS[seed], &edits, EDGE_VALUES))?;
    }

    /// Every key, top level, `[limits]` and `[[positions]]`, valid or
    /// left out, but one that holds an edge value.
    #[test]
    fn edge_values_never_panic(text in one_edge_value()) {
        parse_checked(&text)?;
    }
}

#[test]
fn seeds_parse() {
    for s in SEEDS {
        let c = Config::parse("c.toml", "c", s).unwrap_or_else(|e| panic!("{e}\n{s}"));
        assert!(!c.jobs().is_empty());
    }
}

/// Found by `edge_values_never_panic` (`max_seconds = -1e300` parsed): a
/// `max_seconds` that is no usable time limit parsed, and with `inf` every
/// job of the sweep panicked ("cannot convert float seconds to
/// Duration"). `kosolve solve --max-seconds` refuses these values; the
/// config now does as well, naming the line.
#[test]
fn max_seconds_must_be_a_usable_number() {
    for bad in ["inf", "-inf", "nan", "-1.0", "-1"] {
        let text =
            format!("rules = [\"psk\"]\nboards = [\"1x1\"]\n[limits]\nmax_seconds = {bad}\n");
        let e = Config::parse("c.toml", "c", &text).expect_err(bad);
        let msg = e.to_string();
        assert!(msg.contains("max_seconds"), "{msg}");
        assert!(msg.contains("line 4"), "{msg}");
    }
    let text = "rules = [\"psk\"]\nboards = [\"1x1\"]\n[limits]\nmax_seconds = 0.5\n";
    assert_eq!(
        Config::parse("c.toml", "c", text)
            .unwrap()
            .limits
            .max_seconds,
        Some(0.5)
    );
}
