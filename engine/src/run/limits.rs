//! What a calculation may use: time, memory, recursion, and the messages when it
//! uses too much.
//!
//! boa cannot be interrupted from outside, and its budgeted async evaluation only yields
//! in frames it runs itself, not inside callbacks that built-ins such as `forEach` call.
//! So time is enforced twice: at every yield of the budgeted run (exact), and through
//! boa's per-frame loop-iteration limit, which *does* fire inside callbacks. Its trip
//! cannot be caught or resumed: it unwinds the whole calculation. So the limit is set
//! where no frame can reach it before the deadline: the cheapest loop's speed, measured
//! in the process's first realms, times the time limit, times [`LOOP_LIMIT_MARGIN`] (see
//! `run.rs`).
//! Only when the machine runs loops faster than measured can it trip early; then the
//! calculation is run again with a limit sized from the speed seen, and the speed is
//! remembered so that it does not happen again.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long one calculation may run (spec §9).
pub const TIME_LIMIT: Duration = Duration::from_millis(5000);

/// The spec's message for a calculation that ran out of time.
pub const TIMEOUT_MESSAGE: &str =
    "Calculation did not finish after 5 seconds. Is there an infinite loop?";

/// How much memory one calculation may add (needs [`CountingAllocator`] installed).
pub const MEMORY_LIMIT: usize = 256 << 20;

/// The message for a calculation that used more than [`MEMORY_LIMIT`].
pub const MEMORY_MESSAGE: &str =
    "Calculation used more than 256 MB of memory. Is there a loop that never ends?";

/// The message when a calculation ended in a fault of the engine itself (a panic, a
/// process or wasm instance that died) rather than of the script.
pub const CRASH_MESSAGE: &str = "Calculation stopped unexpectedly.";

/// The message for runaway recursion (boa's limit errors cannot be caught by scripts).
pub const RECURSION_MESSAGE: &str = "RangeError: Maximum call stack size exceeded";

/// How deep scripts may recurse: V8 allows about 10,800 frames of a small function.
/// A frame run by a built-in's callback (`[1].map(f)`) also nests boa's interpreter on
/// the native stack, so hosts give the engine a stack sized for this many
/// ([`NATIVE_STACK`], and the wasm stack in `.cargo/config.toml`).
pub const RECURSION_LIMIT: usize = 10_500;

/// The recursion limit for the one calculation a browser host runs again after the
/// browser's own stack ran out (see [`set_recursion_limit`]): recursion through getters
/// or built-ins' callbacks nests boa's interpreter in Rust, and V8's default stack (984 KB,
/// a Web Worker's; not settable from a page) holds only about 1,500 levels of getters and
/// 1,100 of recursion through `map`'s callback in the wasm module (measured under Node 20,
/// docs/engine.md, "Evaluation"). boa counts a getter's level twice (its frame and its
/// re-entry) and a callback's three times, so this limit stops them at 1,000 and 660.
pub const SHALLOW_RECURSION_LIMIT: usize = 2_000;

/// The recursion limit calculations start with from now on in this process or wasm
/// instance: [`RECURSION_LIMIT`] unless a host lowered it.
static RECURSION_LIMIT_NOW: AtomicUsize = AtomicUsize::new(RECURSION_LIMIT);

/// Sets the recursion limit of later calculations, between 100 and [`RECURSION_LIMIT`]
/// (others are clamped). Only a browser host lowers it: after the browser's own stack ran
/// out in a calculation (the wasm instance is then made again), it runs that calculation
/// once more with [`SHALLOW_RECURSION_LIMIT`], so that a getter that reads itself ends in
/// the engine's `RangeError` with its line, as it does natively, and then sets the limit
/// back. Natively the stack is sized for [`RECURSION_LIMIT`] ([`NATIVE_STACK`]).
pub fn set_recursion_limit(limit: usize) {
    RECURSION_LIMIT_NOW.store(limit.clamp(100, RECURSION_LIMIT), Ordering::Relaxed);
}

/// The recursion limit a calculation starts with ([`set_recursion_limit`]).
pub fn recursion_limit() -> usize {
    RECURSION_LIMIT_NOW.load(Ordering::Relaxed)
}

/// How many values boa's own value stack (arguments and registers of every frame) may
/// hold: room for [`RECURSION_LIMIT`] frames of a function with many locals.
pub const VALUE_STACK_LIMIT: usize = 1 << 21;

/// The native stack a thread that evaluates calculators needs: boa parses and compiles
/// recursively (mathjs needs more than 2 MiB), and recursion through built-ins' callbacks
/// nests its interpreter up to [`RECURSION_LIMIT`] deep. Only the pages touched are
/// committed.
pub const NATIVE_STACK: usize = 256 << 20;

/// The least per-frame loop-iteration limit a calculation runs with.
pub const FIRST_LOOP_LIMIT: u64 = 1 << 12;

/// The loop limit over the iterations the cheapest loop runs in the time limit: room for a
/// machine that runs faster than when it was measured (a wasm engine's optimizing tier, a
/// busy machine that became idle). An endless loop inside a callback ends at about this
/// many times the time limit; the hosts stop it at the time limit themselves (a Web
/// Worker is terminated, a worker process killed).
pub const LOOP_LIMIT_MARGIN: f64 = 2.0;

/// Instructions ("cycles" in boa's terms) between two deadline and memory checks. Small,
/// because one instruction can be a heavy built-in call (`'x'.repeat(1e6)`).
pub const YIELD_BUDGET: u32 = 2_000;

/// The most the whole process may allocate: past it allocations fail, which aborts a
/// native process and traps a wasm instance. It stops a single huge allocation (such as
/// a string doubled in a tight loop) before the machine starts swapping; hosts run the
/// engine where such an end is contained (a worker process, a Web Worker).
pub const HARD_MEMORY_LIMIT: usize = 1 << 30;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static REFUSED: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting live bytes so the engine can enforce
/// [`MEMORY_LIMIT`]. Hosts install it with `#[global_allocator]`; without it the
/// memory limit is not enforced (the server's worker processes have an OS limit too).
pub struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to `System`; the counters are only statistics.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if over_hard_limit(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: same contract as the caller's.
        let ptr = unsafe { System.alloc(layout) };
        counted(ptr, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if over_hard_limit(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: same contract as the caller's.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        counted(ptr, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if over_hard_limit(new_size.saturating_sub(layout.size())) {
            return std::ptr::null_mut();
        }
        // SAFETY: same contract as the caller's.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        counted(new, new_size)
    }
}

fn over_hard_limit(size: usize) -> bool {
    let over = live_bytes().saturating_add(size) > HARD_MEMORY_LIMIT;
    if over {
        REFUSED.fetch_add(1, Ordering::Relaxed);
    }
    over
}

/// Counts an allocation of `size` bytes the system made, or one it failed (in wasm,
/// the memory could not grow).
fn counted(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        REFUSED.fetch_add(1, Ordering::Relaxed);
    } else {
        grew(size);
    }
    ptr
}

/// How many allocations failed so far: refused at [`HARD_MEMORY_LIMIT`] or failed by the
/// system. A wasm instance that traps cannot say why; if this grew across the call, it
/// ran out of memory.
pub fn refused_allocations() -> usize {
    REFUSED.load(Ordering::Relaxed)
}

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

/// Bytes currently allocated (0 when [`CountingAllocator`] is not installed).
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Starts a new peak measurement and returns the current live bytes as its baseline.
pub fn reset_peak() -> usize {
    let live = live_bytes();
    PEAK.store(live, Ordering::Relaxed);
    live
}

/// The most bytes allocated at once since [`reset_peak`].
pub fn peak_bytes() -> usize {
    PEAK.load(Ordering::Relaxed)
}
