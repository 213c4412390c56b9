//! Ctrl-C: stop the running solve and report the bounds proven so far.

#[cfg(unix)]
use kosolve_solver::STOP;
#[cfg(unix)]
use std::sync::atomic::Ordering;

#[cfg(unix)]
extern "C" fn on_sigint(_: i32) {
    // Only an atomic store: async-signal-safe.
    STOP.store(true, Ordering::SeqCst);
}

/// Makes Ctrl-C (SIGINT) set [`kosolve_solver::STOP`] instead of killing
/// the process. Returns whether a handler was installed (Unix only).
pub fn install_interrupt_handler() -> bool {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
        }
        const SIGINT: i32 = 2;
        // SAFETY: `signal` is the C library's; the handler only stores to an atomic.
        let old = unsafe { signal(SIGINT, on_sigint) };
        old != usize::MAX
    }
    #[cfg(not(unix))]
    {
        false
    }
}
