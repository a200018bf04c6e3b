//! Evaluation in a separate process, so a calculator that ends its process (by
//! allocating past the hard memory limit) or a built-in that never yields cannot take
//! its host down. `calc worker` serves [`WorkerRequest`]s, one JSON line each, on
//! stdin/stdout; [`WorkerProcess`] drives one such process with a hard deadline.
//!
//! - `protocol.rs`: what travels on the pipes (one JSON line a request or an answer) and
//!   the time a worker is given;
//! - `child.rs`: the worker's side, which `calc worker` runs;
//! - `parent.rs`: the host's side, [`WorkerProcess`], which starts a worker and waits for
//!   its answers with a hard deadline.

mod child;
mod parent;
mod protocol;

pub use child::{default_lib_dir, load_enabled, serve};
pub use parent::{WorkerKiller, WorkerProcess};
pub use protocol::{
    CRASH_MESSAGE, KILL_GRACE, LIBRARY_LOAD_TIME, NOT_RUN_MESSAGE, WorkerError, WorkerRequest,
    WorkerResponse, raw_doc, raw_doc_text,
};
