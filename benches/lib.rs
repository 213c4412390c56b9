//! Criterion benchmarks for kosolve live in `benches/benches/`.
