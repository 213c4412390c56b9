//! Tables kept between solves (docs/solver.md, "Keeping the tables between
//! solves"): solving many states of one game with shared tables gives the
//! values that fresh tables give.

mod common;

use common::{board, opts, rules, KO_RULESETS};
use kosolve_board::Suicide;
use kosolve_rules::{AnyGame, Game, Ruleset};
use kosolve_solver::{solve_game, solve_game_with, Tables};
use kosolve_testkit::Rng;

#[test]
fn shared_tables_give_the_values_of_fresh_ones() {
    let mut rng = Rng::new(0x7AB1E5);
    let mut checked = 0;
    for spec in ["1x4", "1x5", "2x2"] {
        let b = board(spec);
        let others = [
            Ruleset::Primitive,
            Ruleset::TrompTaylor,
            Ruleset::Fundamental,
            Ruleset::UltimateSimple,
        ];
        for rs in KO_RULESETS.into_iter().chain(others) {
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                let Some(r) = rules(rs, su, 0) else { continue };
                // Small tables: each fresh solve allocates its own.
                let o = kosolve_solver::SolveOptions {
                    memory_mib: 8,
                    ..opts(1)
                };
                let root = AnyGame::new(b.clone(), r);
                let tables = Tables::new(&root, &o);
                // States from several random lines, each solved with the
                // shared tables after the others, and afresh.
                for line in 0..4 {
                    let mut g = root.clone();
                    rng.play_line(&mut g, 2 + 3 * line);
                    for _ in 0..3 {
                        let shared = solve_game_with(&g, &o, &tables);
                        let fresh = solve_game(&g, &o);
                        assert_eq!(
                            shared.value(),
                            fresh.value(),
                            "{spec} {rs} suicide {su} after {:?}",
                            g.moves()
                        );
                        assert!(fresh.value().is_some());
                        checked += 1;
                        // On along the shared solve's line.
                        match shared.pv.first() {
                            Some(&m) if g.result().is_none() => g.play(m),
                            _ => break,
                        }
                        if g.result().is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 200, "{checked}");
}
