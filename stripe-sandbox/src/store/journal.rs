//! The state on disk without rewriting it on every change: a snapshot (the state file, the
//! whole state as one JSON object, the format the sandbox has always written) and beside it a
//! journal (`<state file stem>.journal`) with one JSON line per change, listing the objects
//! the change touched and the webhook events it queued or settled.
//!
//! A change's line is written in one `write` and fsynced before the change is answered, so a
//! crash keeps a change and its outbox events together or neither: a torn last line (the
//! crash came mid-write) is dropped when the journal is read back. Opening loads the snapshot
//! and replays the journal over it. Once the journal has grown past twice the snapshot (and
//! past 1 MB), the state is written as a new snapshot (temporary file, fsync, rename) and the
//! journal emptied. Replaying a journal over a snapshot that already holds its changes (a
//! crash between the rename and the emptying) gives the same state, as every line carries
//! whole objects.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::changes::Record;
use super::{Keys, State, random};

/// The journal is compacted when it is larger than this many snapshots…
const COMPACT_FACTOR: u64 = 2;
/// …and larger than this (small states are not rewritten for a few lines).
const COMPACT_MIN_BYTES: u64 = 1 << 20;

/// The open journal of one state file.
#[derive(Debug)]
pub struct Journal {
    snapshot: PathBuf,
    path: PathBuf,
    file: File,
    /// Bytes of whole lines in the journal.
    journal_bytes: u64,
    /// Size of the last snapshot written or read.
    snapshot_bytes: u64,
}

impl Journal {
    /// Loads the snapshot at `snapshot` (or makes a fresh state with new keys and the seeded
    /// plans) and replays the journal beside it.
    ///
    /// # Errors
    /// A file cannot be read or written, or holds something other than the sandbox's state.
    pub fn open(snapshot: &Path) -> Result<(Journal, State), String> {
        let path = snapshot.with_extension("journal");
        let (mut state, snapshot_bytes) = match std::fs::read(snapshot) {
            Ok(bytes) => {
                let state: State = serde_json::from_slice(&bytes).map_err(|e| {
                    format!(
                        "the Stripe sandbox state {} is unreadable: {e}",
                        snapshot.display()
                    )
                })?;
                (state, bytes.len() as u64)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut state = State {
                    keys: Keys {
                        secret: format!("sk_test_sandbox_{}", random(32)),
                        publishable: format!("pk_test_sandbox_{}", random(32)),
                        webhook_secret: format!("whsec_{}", random(32)),
                    },
                    ..State::default()
                };
                state.seed();
                // A journal left from an earlier state file belongs to no snapshot.
                let _ = std::fs::remove_file(&path);
                let bytes = write_snapshot(snapshot, &state)?;
                state.forget_changes();
                (state, bytes)
            }
            Err(e) => return Err(format!("cannot read {}: {e}", snapshot.display())),
        };
        let journal_bytes = replay(&path, &mut state)?;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let mut journal = Journal {
            snapshot: snapshot.to_path_buf(),
            path,
            file,
            journal_bytes,
            snapshot_bytes,
        };
        journal.compact_if_large(&state)?;
        Ok((journal, state))
    }

    /// Writes what changed in `state` since the last commit as one fsynced line (nothing when
    /// nothing changed), then compacts if the journal has grown large.
    ///
    /// # Errors
    /// The line could not be written; the changes stay marked and go with the next commit.
    pub fn commit(&mut self, state: &mut State) -> Result<(), String> {
        let records: Vec<Record> = state.changes();
        if records.is_empty() {
            return Ok(());
        }
        let mut line = serde_json::to_vec(&records).map_err(|e| e.to_string())?;
        line.push(b'\n');
        let written = self
            .file
            .write_all(&line)
            .and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            // Cut off whatever part of the line reached the file, so the next line does not
            // follow garbage.
            let _ = self.file.set_len(self.journal_bytes);
            return Err(format!("cannot write {}: {e}", self.path.display()));
        }
        state.forget_changes();
        self.journal_bytes += line.len() as u64;
        if let Err(error) = self.compact_if_large(state) {
            // The journal still holds everything; compaction is tried again after the next
            // change.
            tracing::warn!(%error, "the Stripe sandbox journal was not compacted");
        }
        Ok(())
    }

    fn compact_if_large(&mut self, state: &State) -> Result<(), String> {
        let limit = (COMPACT_FACTOR * self.snapshot_bytes).max(COMPACT_MIN_BYTES);
        if self.journal_bytes <= limit {
            return Ok(());
        }
        self.compact(state)
    }

    /// Writes `state` as the new snapshot and empties the journal.
    fn compact(&mut self, state: &State) -> Result<(), String> {
        self.snapshot_bytes = write_snapshot(&self.snapshot, state)?;
        self.file
            .set_len(0)
            .and_then(|()| self.file.sync_all())
            .map_err(|e| format!("cannot empty {}: {e}", self.path.display()))?;
        self.journal_bytes = 0;
        Ok(())
    }
}

/// Replays the journal at `path` into `state`; answers the bytes of whole lines. A torn last
/// line is cut off the file.
fn replay(path: &Path, state: &mut State) -> Result<u64, String> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut good = 0;
    while let Some(end) = bytes[good..].iter().position(|&b| b == b'\n') {
        let line = &bytes[good..good + end];
        let records: Vec<Record> = match serde_json::from_slice(line) {
            Ok(records) => records,
            // Only the last line can be torn; one further up is damage.
            Err(_) if good + end + 1 == bytes.len() => break,
            Err(e) => {
                return Err(format!(
                    "the Stripe sandbox journal {} is damaged at byte {good}: {e}",
                    path.display()
                ));
            }
        };
        for (table, id, value) in records {
            state.apply(&table, id, value).map_err(|e| {
                format!(
                    "the Stripe sandbox journal {} has a bad {table} object: {e}",
                    path.display()
                )
            })?;
        }
        good += end + 1;
    }
    if good < bytes.len() {
        tracing::warn!(path = %path.display(), dropped = bytes.len() - good, "dropping the torn end of the Stripe sandbox journal");
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        file.set_len(good as u64)
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("cannot cut {}: {e}", path.display()))?;
    }
    state.forget_changes();
    Ok(good as u64)
}

/// Writes the whole state to a temporary file beside `path`, fsyncs it and renames it over
/// `path`; answers its size.
fn write_snapshot(path: &Path, state: &State) -> Result<u64, String> {
    let text = serde_json::to_vec(state).map_err(|e| e.to_string())?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    let written = File::create(&temp).and_then(|mut file| {
        file.write_all(&text)?;
        file.sync_all()
    });
    written.map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    std::fs::rename(&temp, path).map_err(|e| format!("cannot replace {}: {e}", path.display()))?;
    // The rename itself is durable once the directory is.
    if let Some(dir) = dir
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(text.len() as u64)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::store::{Clock, random};

    fn fresh() -> PathBuf {
        std::env::temp_dir()
            .join(format!("stripe-sandbox-journal-{}", random(12)))
            .join("state.json")
    }

    /// A change: a test clock with a name of `size` bytes.
    fn change(journal: &mut Journal, state: &mut State, id: &str, size: usize) {
        let clock = Clock {
            id: id.to_string(),
            created: 0,
            frozen_time: 0,
            name: Some("n".repeat(size)),
        };
        state.clocks.insert(id.to_string(), clock);
        journal.commit(state).unwrap();
    }

    fn as_json(state: &State) -> Value {
        serde_json::to_value(state).unwrap()
    }

    #[test]
    fn a_change_appends_one_line_and_reopening_replays_it() {
        let path = fresh();
        let (mut journal, mut state) = Journal::open(&path).unwrap();
        let snapshot = std::fs::read(&path).unwrap();
        change(&mut journal, &mut state, "clock_a", 10);
        state.clocks.remove("clock_a");
        change(&mut journal, &mut state, "clock_b", 10);
        assert_eq!(std::fs::read(&path).unwrap(), snapshot);
        let lines = std::fs::read_to_string(path.with_extension("journal")).unwrap();
        assert_eq!(lines.lines().count(), 2, "{lines}");
        let (_, reopened) = Journal::open(&path).unwrap();
        assert_eq!(as_json(&reopened), as_json(&state));
        assert!(!reopened.clocks.contains_key("clock_a"));
    }

    #[test]
    fn nothing_changed_writes_nothing() {
        let path = fresh();
        let (mut journal, mut state) = Journal::open(&path).unwrap();
        journal.commit(&mut state).unwrap();
        assert_eq!(
            std::fs::metadata(path.with_extension("journal"))
                .unwrap()
                .len(),
            0
        );
    }

    #[test]
    fn the_journal_is_compacted_once_it_outgrows_the_snapshot() {
        let path = fresh();
        let (mut journal, mut state) = Journal::open(&path).unwrap();
        // 300 changes of 10 KB to 100 clocks: the first 1 MB of journal is compacted into a
        // 1 MB snapshot, after which the journal may grow to 2 MB.
        for i in 0..300 {
            change(
                &mut journal,
                &mut state,
                &format!("clock_{}", i % 100),
                10_000,
            );
        }
        let journal_size = std::fs::metadata(path.with_extension("journal"))
            .unwrap()
            .len();
        assert!(journal_size < 2_100_000, "{journal_size}");
        assert!(std::fs::metadata(&path).unwrap().len() > 1_000_000);
        let (_, reopened) = Journal::open(&path).unwrap();
        assert_eq!(as_json(&reopened), as_json(&state));
    }

    #[test]
    fn a_crash_between_snapshot_and_emptying_the_journal_loses_nothing() {
        let path = fresh();
        let (mut journal, mut state) = Journal::open(&path).unwrap();
        change(&mut journal, &mut state, "clock_a", 10);
        state.clocks.remove("clock_a");
        change(&mut journal, &mut state, "clock_b", 10);
        let old_journal = std::fs::read(path.with_extension("journal")).unwrap();
        journal.compact(&state).unwrap();
        // The crash: the new snapshot is in place, the journal never emptied.
        std::fs::write(path.with_extension("journal"), old_journal).unwrap();
        let (_, reopened) = Journal::open(&path).unwrap();
        assert_eq!(as_json(&reopened), as_json(&state));
    }

    #[test]
    fn a_damaged_line_before_the_last_refuses_to_open() {
        let path = fresh();
        let (mut journal, mut state) = Journal::open(&path).unwrap();
        change(&mut journal, &mut state, "clock_a", 10);
        let journal_path = path.with_extension("journal");
        let good = std::fs::read(&journal_path).unwrap();
        let mut damaged = b"[[\"clocks\",\"x\"\n".to_vec();
        damaged.extend_from_slice(&good);
        std::fs::write(&journal_path, damaged).unwrap();
        assert!(Journal::open(&path).unwrap_err().contains("damaged"));
    }
}
