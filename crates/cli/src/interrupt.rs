//! Ctrl-C: cancel the running method and report what it proved so far.

use kosolve_solver::Cancel;
use std::sync::atomic::AtomicBool;
#[cfg(unix)]
use std::sync::atomic::Ordering;

/// Set by the SIGINT handler; read through the token [`interrupt_token`] gives.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_sigint(_: i32) {
    // Only an atomic store: async-signal-safe.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Makes Ctrl-C (SIGINT) cancel the returned token instead of killing the
/// process (Unix only; elsewhere the token is never cancelled by Ctrl-C).
/// Every method a subcommand runs takes this token in its budget.
pub fn interrupt_token() -> Cancel {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
        }
        const SIGINT: i32 = 2;
        // SAFETY: `signal` is the C library's; the handler only stores to an atomic.
        unsafe { signal(SIGINT, on_sigint) };
    }
    Cancel::from_static(&INTERRUPTED)
}
