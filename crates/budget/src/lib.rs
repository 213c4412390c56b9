//! One budget for every method of kosolve: a node limit, a deadline, a
//! memory limit and a cancellation token (Ctrl-C), checked by the search,
//! the Kee parity method and its graph builder, restricted games,
//! retrograde analysis, perft and the expedite study alike
//! (docs/architecture.md, "Budgets").
//!
//! A method checks its [`Budget`] often enough to stop within a second of
//! the limit or the cancellation, and then returns what it proved so far
//! with the [`Stop`] that ended it.
//!
//! ```
//! use kosolve_budget::{Budget, Cancel, Stop};
//!
//! let cancel = Cancel::new();
//! let budget = Budget::unlimited().with_nodes(Some(100)).with_cancel(cancel.clone());
//! assert_eq!(budget.check_nodes(99), Ok(()));
//! assert_eq!(budget.check_nodes(100), Err(Stop::Nodes));
//! cancel.cancel();
//! assert_eq!(budget.check(), Err(Stop::Cancelled));
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A cancellation token: cloning shares it, and [`Cancel::cancel`] on any
/// clone is seen by all. A signal handler can own one made by
/// [`Cancel::from_static`].
#[derive(Clone, Debug)]
pub struct Cancel(Flag);

#[derive(Clone, Debug)]
enum Flag {
    Static(&'static AtomicBool),
    Shared(Arc<AtomicBool>),
}

impl Cancel {
    /// A fresh token, not cancelled.
    pub fn new() -> Cancel {
        Cancel(Flag::Shared(Arc::new(AtomicBool::new(false))))
    }

    /// A token on a static flag (the one a signal handler sets: storing to
    /// an atomic is async-signal-safe).
    pub const fn from_static(flag: &'static AtomicBool) -> Cancel {
        Cancel(Flag::Static(flag))
    }

    fn flag(&self) -> &AtomicBool {
        match &self.0 {
            Flag::Static(f) => f,
            Flag::Shared(f) => f,
        }
    }

    /// Asks every holder of the token to stop.
    pub fn cancel(&self) {
        self.flag().store(true, Ordering::SeqCst);
    }

    /// Whether the token was cancelled.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.flag().load(Ordering::Relaxed)
    }
}

impl Default for Cancel {
    fn default() -> Self {
        Cancel::new()
    }
}

/// Why a method stopped before its answer was complete. Displayed as
/// what stopped it ("the time limit"), to follow "stopped by".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The cancellation token (Ctrl-C).
    Cancelled,
    /// The deadline passed (`--max-seconds`).
    Seconds,
    /// The node limit was reached (`--max-nodes`).
    Nodes,
    /// The memory limit was reached (`--memory`).
    Memory,
}

impl Stop {
    /// Every reason, in [`Stop::index`] order.
    pub const ALL: [Stop; 4] = [Stop::Cancelled, Stop::Seconds, Stop::Nodes, Stop::Memory];

    /// The reason's place in [`Stop::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// A short name for tables and JSON: `cancelled`, `time`, `nodes`, `memory`.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Cancelled => "cancelled",
            Stop::Seconds => "time",
            Stop::Nodes => "nodes",
            Stop::Memory => "memory",
        }
    }

    /// The status an unfinished answer reports: `interrupted` when it was
    /// cancelled, `unsolved` when a limit stopped it.
    pub fn status(self) -> &'static str {
        match self {
            Stop::Cancelled => "interrupted",
            _ => "unsolved",
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Cancelled => "Ctrl-C (interrupted)",
            Stop::Seconds => "the time limit",
            Stop::Nodes => "the node limit",
            Stop::Memory => "the memory limit",
        })
    }
}

/// The instant `seconds` after `start`: a negative number or NaN counts as
/// 0, and a time the clock cannot hold (infinity, 1e300 seconds) is no
/// deadline at all (`None`), never a panic.
///
/// ```
/// use kosolve_budget::deadline_after;
/// use std::time::{Duration, Instant};
///
/// let now = Instant::now();
/// assert_eq!(deadline_after(now, 1.5), Some(now + Duration::from_millis(1500)));
/// assert_eq!(deadline_after(now, -1.0), Some(now));
/// assert_eq!(deadline_after(now, f64::NAN), Some(now));
/// assert_eq!(deadline_after(now, f64::INFINITY), None);
/// assert_eq!(deadline_after(now, 1e300), None);
/// ```
pub fn deadline_after(start: Instant, seconds: f64) -> Option<Instant> {
    let seconds = if seconds.is_nan() {
        0.0
    } else {
        seconds.max(0.0)
    };
    Duration::try_from_secs_f64(seconds)
        .ok()
        .and_then(|d| start.checked_add(d))
}

/// The limits a user sets for a whole solve: nodes, seconds and the
/// cancellation token. A [`Budget`] is one run of them: its deadline counts
/// from the moment it is made ([`Limits::budget`]), so one set of limits
/// held by a solve's options gives each search of the solve its own clock.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after about this many nodes (each method says what it counts).
    pub max_nodes: Option<u64>,
    /// Stop after about this many seconds.
    pub max_seconds: Option<f64>,
    /// Stop when cancelled (the binary's Ctrl-C handler holds one).
    pub cancel: Cancel,
}

impl Limits {
    /// The budget of a run starting now.
    pub fn budget(&self) -> Budget {
        self.budget_from(Instant::now())
    }

    /// The budget of a run that started at `start`: the node limit, the
    /// deadline `max_seconds` after `start`, no byte limit, and the token.
    pub fn budget_from(&self, start: Instant) -> Budget {
        Budget {
            max_nodes: self.max_nodes,
            deadline: self.max_seconds.and_then(|s| deadline_after(start, s)),
            max_bytes: None,
            cancel: self.cancel.clone(),
        }
    }
}

/// A method's limits: nodes, a deadline, bytes and a cancellation token.
/// `None` is no limit. Cloning shares the token.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop once this many nodes (each method says what it counts) are done.
    pub max_nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop before a method's own structures outgrow this many bytes.
    pub max_bytes: Option<u64>,
    /// Stop when cancelled.
    pub cancel: Cancel,
}

impl Budget {
    /// No limit, and a fresh token.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// The budget with a node limit.
    pub fn with_nodes(mut self, max_nodes: Option<u64>) -> Budget {
        self.max_nodes = max_nodes;
        self
    }

    /// The budget with a deadline `seconds` from now ([`deadline_after`]:
    /// negative or not a number counts as 0, beyond what the clock can
    /// hold as none).
    pub fn with_seconds(mut self, seconds: Option<f64>) -> Budget {
        self.deadline = seconds.and_then(|s| deadline_after(Instant::now(), s));
        self
    }

    /// The budget with a memory limit.
    pub fn with_bytes(mut self, max_bytes: Option<u64>) -> Budget {
        self.max_bytes = max_bytes;
        self
    }

    /// The budget with `cancel` as its token.
    pub fn with_cancel(mut self, cancel: Cancel) -> Budget {
        self.cancel = cancel;
        self
    }

    /// The budget left after `nodes` were spent: the node limit less them
    /// (at least 1), the same deadline, memory limit and token.
    pub fn after(&self, nodes: u64) -> Budget {
        let mut b = self.clone();
        b.max_nodes = self.max_nodes.map(|m| m.saturating_sub(nodes).max(1));
        b
    }

    /// Seconds left before the deadline (0 once it passed).
    pub fn seconds_left(&self) -> Option<f64> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }

    /// `Err` once cancelled or past the deadline.
    #[inline]
    pub fn check(&self) -> Result<(), Stop> {
        if self.cancel.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::Seconds);
        }
        Ok(())
    }

    /// [`Budget::check`], and `Err` once `nodes` reach the node limit.
    #[inline]
    pub fn check_nodes(&self, nodes: u64) -> Result<(), Stop> {
        self.check()?;
        if self.max_nodes.is_some_and(|m| nodes >= m) {
            return Err(Stop::Nodes);
        }
        Ok(())
    }

    /// [`Budget::check`], and `Err` once `bytes` exceed the memory limit.
    #[inline]
    pub fn check_bytes(&self, bytes: u64) -> Result<(), Stop> {
        self.check()?;
        if self.max_bytes.is_some_and(|m| bytes > m) {
            return Err(Stop::Memory);
        }
        Ok(())
    }

    /// A ticker that checks this budget once every `every` ticks.
    pub fn ticker(&self, every: u32) -> Ticker<'_> {
        Ticker {
            budget: self,
            left: 0,
            every: every.max(1),
        }
    }
}

/// Checks a budget once every so many ticks of a hot loop (reading the
/// clock costs tens of nanoseconds; a tick costs one decrement).
#[derive(Debug)]
pub struct Ticker<'a> {
    budget: &'a Budget,
    left: u32,
    every: u32,
}

impl Ticker<'_> {
    /// Counts one tick; checks the budget (cancellation and deadline) on
    /// the first tick and every `every` ticks after it.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Stop> {
        if self.left == 0 {
            self.left = self.every;
            self.budget.check()?;
        }
        self.left -= 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clone_of_a_token_sees_its_cancellation() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled());
        // A fresh token is another one.
        assert!(!Cancel::new().is_cancelled());
    }

    #[test]
    fn a_static_token_reads_its_flag() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let c = Cancel::from_static(&FLAG);
        assert_eq!(Budget::unlimited().with_cancel(c.clone()).check(), Ok(()));
        FLAG.store(true, Ordering::SeqCst);
        assert_eq!(
            Budget::unlimited().with_cancel(c).check(),
            Err(Stop::Cancelled)
        );
    }

    #[test]
    fn each_limit_gives_its_reason() {
        let b = Budget::unlimited()
            .with_nodes(Some(10))
            .with_bytes(Some(100));
        assert_eq!(b.check_nodes(9), Ok(()));
        assert_eq!(b.check_nodes(10), Err(Stop::Nodes));
        assert_eq!(b.check_bytes(100), Ok(()));
        assert_eq!(b.check_bytes(101), Err(Stop::Memory));
        let late = Budget::unlimited().with_seconds(Some(0.0));
        assert_eq!(late.check(), Err(Stop::Seconds));
        assert_eq!(late.seconds_left(), Some(0.0));
        let early = Budget::unlimited().with_seconds(Some(3600.0));
        assert_eq!(early.check(), Ok(()));
        // Cancellation comes first.
        late.cancel.cancel();
        assert_eq!(late.check_nodes(u64::MAX), Err(Stop::Cancelled));
    }

    #[test]
    fn after_spending_nodes_the_limit_shrinks_but_stays_positive() {
        let b = Budget::unlimited().with_nodes(Some(10));
        assert_eq!(b.after(4).max_nodes, Some(6));
        assert_eq!(b.after(40).max_nodes, Some(1));
        assert_eq!(Budget::unlimited().after(4).max_nodes, None);
    }

    #[test]
    fn a_ticker_checks_on_its_first_tick_and_then_every_n() {
        let b = Budget::unlimited();
        let mut t = b.ticker(3);
        assert_eq!(t.tick(), Ok(()));
        b.cancel.cancel();
        // Ticks 2 and 3 do not look; tick 4 does.
        assert_eq!(t.tick(), Ok(()));
        assert_eq!(t.tick(), Ok(()));
        assert_eq!(t.tick(), Err(Stop::Cancelled));
        // A new ticker looks at once.
        assert_eq!(b.ticker(1000).tick(), Err(Stop::Cancelled));
    }

    #[test]
    fn names_and_statuses() {
        for (i, s) in Stop::ALL.into_iter().enumerate() {
            assert_eq!(s.index(), i);
            assert!(!s.name().is_empty());
        }
        assert_eq!(Stop::Cancelled.status(), "interrupted");
        assert_eq!(Stop::Seconds.status(), "unsolved");
    }
}
