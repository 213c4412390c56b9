//! [`Stats`]: the effort of a solve.

use kosolve_budget::Stop;

/// Effort of a solve.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Search nodes visited (including principal-variation re-search).
    pub nodes: u64,
    /// Of those, the nodes whose moves were generated and searched
    /// (interior nodes, counted each time: what a proof-number search
    /// counts as its nodes; docs/performance.md).
    pub expansions: u64,
    /// Table probes that found the state.
    pub table_hits: u64,
    /// Nodes decided by the static bounds.
    pub static_cuts: u64,
    /// Of those, the nodes decided by a territory bound.
    pub territory_cuts: u64,
    /// Entries held at the end.
    pub table_entries: u64,
    /// Stores that met a full bucket.
    pub replacements: u64,
    /// The most memory the table's entries took, MiB.
    pub peak_table_mib: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// What stopped the method before it finished (`None`: it finished).
    pub stopped: Option<Stop>,
}

impl Stats {
    /// Adds `o`'s effort to this one's: counts and seconds add up, the
    /// peaks and thread counts take the larger, the first stop stays.
    pub fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.expansions += o.expansions;
        self.table_hits += o.table_hits;
        self.static_cuts += o.static_cuts;
        self.territory_cuts += o.territory_cuts;
        self.table_entries = self.table_entries.max(o.table_entries);
        self.replacements += o.replacements;
        self.peak_table_mib = self.peak_table_mib.max(o.peak_table_mib);
        self.seconds += o.seconds;
        self.threads = self.threads.max(o.threads);
        self.stopped = self.stopped.or(o.stopped);
    }
}
