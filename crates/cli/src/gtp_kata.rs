//! KataGo's rule descriptions (`kata-set-rules`, `kata-set-rule`,
//! `kata-get-rules`) and the kosolve rulesets that play them exactly
//! (docs/gtp.md, "KataGo rules").
//!
//! KataGo describes rules by a ko rule, a scoring rule, a tax rule,
//! whether multi-stone suicide is legal, a button and a handicap bonus.
//! kosolve scores by area, plays no handicap stones and has no button, so
//! only area scoring without tax or button maps onto a kosolve ruleset,
//! and only where the ko and suicide rules agree move for move.

use kosolve_board::Suicide;
use kosolve_rules::{Rules, Ruleset};
use serde_json::{json, Value as Json};

/// KataGo's ko rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ko {
    /// Simple ko; KataGo ends games that cycle without a result.
    Simple,
    /// Positional superko.
    Positional,
    /// Situational superko.
    Situational,
}

/// KataGo's scoring rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points.
    Area,
    /// Surrounded empty points plus captures.
    Territory,
}

/// KataGo's tax rules: which eyes a group gives up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tax {
    /// No tax.
    None,
    /// Eyes of groups in seki do not count.
    Seki,
    /// Two eyes of every group do not count.
    All,
}

/// One KataGo rule description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KataRules {
    /// The ko rule.
    pub ko: Ko,
    /// The scoring rule.
    pub scoring: Scoring,
    /// The tax rule.
    pub tax: Tax,
    /// Whether multi-stone suicide is legal (KataGo never allows a
    /// single-stone suicide).
    pub suicide: bool,
    /// Button Go.
    pub has_button: bool,
    /// White's bonus in handicap games: `0`, `N-1` or `N` (immaterial
    /// to kosolve, which plays no handicap stones).
    pub white_handicap_bonus: String,
    /// Whether passing before dead stones are removed is friendly
    /// (immaterial to kosolve: the board is scored as it stands).
    pub friendly_pass_ok: bool,
}

impl KataRules {
    /// The Tromp-Taylor description, which KataGo's JSON form starts from.
    pub fn tromp_taylor() -> KataRules {
        KataRules {
            ko: Ko::Positional,
            scoring: Scoring::Area,
            tax: Tax::None,
            suicide: true,
            has_button: false,
            white_handicap_bonus: "0".into(),
            friendly_pass_ok: false,
        }
    }

    fn named(ko: Ko, scoring: Scoring, tax: Tax, suicide: bool, bonus: &str) -> KataRules {
        KataRules {
            ko,
            scoring,
            tax,
            suicide,
            has_button: false,
            white_handicap_bonus: bonus.into(),
            friendly_pass_ok: false,
        }
    }

    /// KataGo's shorthand names (case, `-`, `_` and spaces ignored).
    pub fn shorthand(name: &str) -> Option<KataRules> {
        use Ko::*;
        use Scoring::*;
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .collect::<String>()
            .to_ascii_lowercase();
        Some(match key.as_str() {
            "tromptaylor" => KataRules::tromp_taylor(),
            "chinese" => Self::named(Simple, Area, Tax::None, false, "N"),
            "chineseogs" | "chinesekgs" => Self::named(Positional, Area, Tax::None, false, "N"),
            "japanese" | "korean" => Self::named(Simple, Territory, Tax::Seki, false, "0"),
            "stonescoring" => Self::named(Simple, Area, Tax::All, false, "0"),
            "aga" | "bga" => Self::named(Situational, Area, Tax::None, false, "N-1"),
            "newzealand" => Self::named(Situational, Area, Tax::None, true, "0"),
            "agabutton" => KataRules {
                has_button: true,
                ..Self::named(Situational, Area, Tax::None, false, "N-1")
            },
            _ => return None,
        })
    }

    /// A shorthand name or a JSON object (keys not given keep
    /// Tromp-Taylor's values, as in KataGo).
    pub fn parse(text: &str) -> Result<KataRules, String> {
        let text = text.trim();
        if !text.starts_with('{') {
            return KataRules::shorthand(text).ok_or_else(|| {
                format!(
                    "unknown rules '{text}' (known: tromp-taylor, chinese, chinese-ogs, \
                     chinese-kgs, japanese, korean, stone-scoring, aga, bga, new-zealand, \
                     aga-button, or a JSON object)"
                )
            });
        }
        let json: Json =
            serde_json::from_str(text).map_err(|e| format!("rules are not valid JSON: {e}"))?;
        let Json::Object(map) = json else {
            return Err("rules JSON must be an object".into());
        };
        let mut rules = KataRules::tromp_taylor();
        for (key, value) in &map {
            let text = match value {
                Json::String(s) => s.clone(),
                other => other.to_string(),
            };
            rules.set(key, &text)?;
        }
        Ok(rules)
    }

    /// Sets one field by KataGo's key (`kata-set-rule KEY VALUE`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let upper = value.to_ascii_uppercase();
        let bad = || format!("bad value '{value}' for rule '{key}'");
        let flag = || match value.to_ascii_lowercase().as_str() {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(bad()),
        };
        match key {
            "ko" => {
                self.ko = match upper.as_str() {
                    "SIMPLE" => Ko::Simple,
                    "POSITIONAL" => Ko::Positional,
                    "SITUATIONAL" => Ko::Situational,
                    _ => return Err(bad()),
                }
            }
            "scoring" => {
                self.scoring = match upper.as_str() {
                    "AREA" => Scoring::Area,
                    "TERRITORY" => Scoring::Territory,
                    _ => return Err(bad()),
                }
            }
            "tax" => {
                self.tax = match upper.as_str() {
                    "NONE" => Tax::None,
                    "SEKI" => Tax::Seki,
                    "ALL" => Tax::All,
                    _ => return Err(bad()),
                }
            }
            "suicide" | "multiStoneSuicideLegal" => self.suicide = flag()?,
            "hasButton" => self.has_button = flag()?,
            "friendlyPassOk" => self.friendly_pass_ok = flag()?,
            "whiteHandicapBonus" => {
                if !matches!(upper.as_str(), "0" | "N-1" | "N") {
                    return Err(bad());
                }
                self.white_handicap_bonus = upper;
            }
            _ => return Err(format!("unknown rule '{key}'")),
        }
        Ok(())
    }

    /// The JSON object `kata-get-rules` answers (keys in order).
    pub fn to_json(&self) -> String {
        let ko = match self.ko {
            Ko::Simple => "SIMPLE",
            Ko::Positional => "POSITIONAL",
            Ko::Situational => "SITUATIONAL",
        };
        let scoring = match self.scoring {
            Scoring::Area => "AREA",
            Scoring::Territory => "TERRITORY",
        };
        let tax = match self.tax {
            Tax::None => "NONE",
            Tax::Seki => "SEKI",
            Tax::All => "ALL",
        };
        json!({
            "friendlyPassOk": self.friendly_pass_ok,
            "hasButton": self.has_button,
            "ko": ko,
            "scoring": scoring,
            "suicide": self.suicide,
            "tax": tax,
            "whiteHandicapBonus": self.white_handicap_bonus,
        })
        .to_string()
    }

    /// The kosolve rules that play this description exactly (komi 0),
    /// or every way in which no kosolve ruleset does.
    pub fn to_kosolve(&self) -> Result<Rules, String> {
        let mut why = Vec::new();
        if self.scoring == Scoring::Territory {
            why.push("territory scoring (kosolve scores by area)");
        }
        match self.tax {
            Tax::None => {}
            Tax::Seki => why.push("tax SEKI (kosolve's area scoring taxes no eye in seki)"),
            Tax::All => why.push("tax ALL (kosolve's area scoring taxes no group)"),
        }
        if self.has_button {
            why.push("button Go (kosolve has no button)");
        }
        if self.ko == Ko::Simple {
            why.push(
                "simple ko (KataGo ends a cycling game without result; kosolve's basic ko with \
                 void games is not offered over GTP; psk, ssk or kosolve-rules basic-fixed \
                 come nearest)",
            );
        }
        if self.ko == Ko::Situational && self.suicide {
            why.push(
                "situational superko with suicide (kosolve's ssk with suicide allowed permits a \
                 single-stone suicide that makes a new situation; KataGo never allows one)",
            );
        }
        if !why.is_empty() {
            return Err(format!("no exact kosolve ruleset: {}", why.join("; ")));
        }
        Ok(match (self.ko, self.suicide) {
            (Ko::Positional, true) => Rules::new(Ruleset::TrompTaylor),
            (Ko::Positional, false) => Rules::new(Ruleset::Psk),
            _ => Rules::new(Ruleset::Ssk),
        })
    }

    /// The description of kosolve's `rules`, where KataGo has one.
    pub fn of_kosolve(rules: &Rules) -> Result<KataRules, String> {
        let allowed = rules.suicide == Suicide::Allowed;
        let ko = match rules.ruleset {
            // Under positional superko a single-stone suicide recreates the
            // board, so it is never legal whatever the suicide setting.
            Ruleset::Psk | Ruleset::TrompTaylor => Ko::Positional,
            Ruleset::Ssk if !allowed => Ko::Situational,
            Ruleset::Ssk => {
                return Err(
                    "ssk with suicide allowed has no KataGo counterpart (kosolve allows \
                     single-stone suicides there, KataGo never does)"
                        .into(),
                )
            }
            r => {
                return Err(format!(
                    "ruleset {r} has no KataGo counterpart (KataGo's area rules are \
                     positional or situational superko: kosolve's psk, tromp-taylor, ssk)"
                ))
            }
        };
        Ok(KataRules::named(ko, Scoring::Area, Tax::None, allowed, "0"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kosolve(name: &str) -> Result<Rules, String> {
        KataRules::parse(name)?.to_kosolve()
    }

    #[test]
    fn shorthands_map_onto_their_exact_rulesets() {
        let psk = Rules::new(Ruleset::Psk);
        assert_eq!(
            kosolve("tromp-taylor"),
            Ok(Rules::new(Ruleset::TrompTaylor))
        );
        assert_eq!(kosolve("TrompTaylor"), Ok(Rules::new(Ruleset::TrompTaylor)));
        assert_eq!(kosolve("chinese-ogs"), Ok(psk));
        assert_eq!(kosolve("chinese_kgs"), Ok(psk));
        assert_eq!(kosolve("aga"), Ok(Rules::new(Ruleset::Ssk)));
        assert_eq!(kosolve("bga"), Ok(Rules::new(Ruleset::Ssk)));
        for (name, what) in [
            ("chinese", "simple ko"),
            ("japanese", "territory"),
            ("korean", "tax SEKI"),
            ("stone-scoring", "tax ALL"),
            ("new-zealand", "single-stone suicide"),
            ("aga-button", "button"),
        ] {
            let e = kosolve(name).unwrap_err();
            assert!(e.contains(what), "{name}: {e}");
        }
        assert!(kosolve("go").unwrap_err().contains("unknown rules"));
    }

    #[test]
    fn json_rules_start_from_tromp_taylor() {
        assert_eq!(
            kosolve(r#"{"ko":"POSITIONAL","scoring":"AREA","suicide":false}"#),
            Ok(Rules::new(Ruleset::Psk))
        );
        assert_eq!(kosolve("{}"), Ok(Rules::new(Ruleset::TrompTaylor)));
        assert_eq!(
            kosolve(r#"{"ko":"situational","suicide":false,"whiteHandicapBonus":"N-1"}"#),
            Ok(Rules::new(Ruleset::Ssk))
        );
        // Every difference is named.
        let e = kosolve(r#"{"ko":"SIMPLE","scoring":"TERRITORY"}"#).unwrap_err();
        assert!(
            e.contains("territory scoring") && e.contains("simple ko"),
            "{e}"
        );
        assert!(kosolve(r#"{"ko":"FIXED"}"#)
            .unwrap_err()
            .contains("bad value"));
        assert!(kosolve(r#"{"komi":7}"#)
            .unwrap_err()
            .contains("unknown rule"));
        assert!(kosolve(r#"["ko"]"#).is_err());
        assert!(kosolve("{").is_err());
    }

    #[test]
    fn kosolve_rules_read_back_as_katago_json() {
        for name in ["tromp-taylor", "chinese-ogs", "aga"] {
            let k = KataRules::parse(name).unwrap();
            let rules = k.to_kosolve().unwrap();
            let back = KataRules::of_kosolve(&rules).unwrap();
            assert_eq!(back.to_kosolve(), Ok(rules), "{name}");
            assert_eq!((back.ko, back.suicide), (k.ko, k.suicide), "{name}");
        }
        assert_eq!(
            KataRules::of_kosolve(&Rules::new(Ruleset::TrompTaylor))
                .unwrap()
                .to_json(),
            r#"{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#
        );
        for r in [
            Ruleset::Nssk,
            Ruleset::Fixed,
            Ruleset::Kee,
            Ruleset::Fundamental,
        ] {
            let e = KataRules::of_kosolve(&Rules::new(r)).unwrap_err();
            assert!(e.contains("no KataGo counterpart"), "{e}");
        }
        let ssk_suicide = Rules::new(Ruleset::Ssk)
            .with_suicide(Suicide::Allowed)
            .unwrap();
        assert!(KataRules::of_kosolve(&ssk_suicide).is_err());
    }
}
