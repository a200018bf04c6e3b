//! A table of objects by id that remembers which ids a change touched, so the journal writes
//! those objects and not the whole state.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Index;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Objects by id, serialized as a plain JSON object (the state file's format).
#[derive(Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Table<T> {
    rows: BTreeMap<String, T>,
    /// Ids inserted, changed or removed since the last commit.
    #[serde(skip)]
    changed: BTreeSet<String>,
}

impl<T> Default for Table<T> {
    fn default() -> Table<T> {
        Table {
            rows: BTreeMap::new(),
            changed: BTreeSet::new(),
        }
    }
}

impl<T> Table<T> {
    pub fn get(&self, id: &str) -> Option<&T> {
        self.rows.get(id)
    }

    /// The object to change; it is written at the next commit.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut T> {
        let row = self.rows.get_mut(id)?;
        self.changed.insert(id.to_string());
        Some(row)
    }

    pub fn insert(&mut self, id: String, row: T) -> Option<T> {
        self.changed.insert(id.clone());
        self.rows.insert(id, row)
    }

    pub fn remove(&mut self, id: &str) -> Option<T> {
        let row = self.rows.remove(id)?;
        self.changed.insert(id.to_string());
        Some(row)
    }

    pub fn contains_key(&self, id: &str) -> bool {
        self.rows.contains_key(id)
    }

    // A concrete type: an `impl Iterator` might have a destructor, which would keep the
    // table borrowed to the end of an `if let` that searches it.
    pub fn values(&self) -> std::collections::btree_map::Values<'_, String, T> {
        self.rows.values()
    }

    /// Keeps the objects `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(&String, &T) -> bool) {
        let changed = &mut self.changed;
        self.rows.retain(|id, row| {
            let kept = keep(id, row);
            if !kept {
                changed.insert(id.clone());
            }
            kept
        });
    }
}

impl<T> Index<&str> for Table<T> {
    type Output = T;

    fn index(&self, id: &str) -> &T {
        &self.rows[id]
    }
}

impl<T> Index<&String> for Table<T> {
    type Output = T;

    fn index(&self, id: &String) -> &T {
        &self.rows[id.as_str()]
    }
}

/// What the journal needs of a table, whatever its objects are.
pub trait Journaled {
    /// `(id, object)` for each id changed since the last commit; `Value::Null` for removed.
    fn changes(&self) -> Vec<(String, Value)>;
    fn forget_changes(&mut self);
    /// Puts an object read back from the journal (`Null`: removes it).
    ///
    /// # Errors
    /// The object does not have this table's shape.
    fn apply(&mut self, id: String, value: Value) -> Result<(), serde_json::Error>;
}

impl<T: Serialize + DeserializeOwned> Journaled for Table<T> {
    fn changes(&self) -> Vec<(String, Value)> {
        self.changed
            .iter()
            .map(|id| {
                let value = self.rows.get(id).map_or(Value::Null, |row| {
                    serde_json::to_value(row).unwrap_or_default()
                });
                (id.clone(), value)
            })
            .collect()
    }

    fn forget_changes(&mut self) {
        self.changed.clear();
    }

    fn apply(&mut self, id: String, value: Value) -> Result<(), serde_json::Error> {
        if value.is_null() {
            self.rows.remove(&id);
        } else {
            self.rows.insert(id, serde_json::from_value(value)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_touched_rows_are_changes_and_removals_are_null() {
        let mut table: Table<u32> = Table::default();
        table.insert("a".into(), 1);
        table.insert("b".into(), 2);
        table.insert("c".into(), 3);
        table.forget_changes();
        *table.get_mut("a").unwrap() += 10;
        table.remove("b");
        let _ = table.get("c");
        table.retain(|_, n| *n != 3);
        assert_eq!(
            table.changes(),
            [
                ("a".to_string(), Value::from(11)),
                ("b".to_string(), Value::Null),
                ("c".to_string(), Value::Null),
            ]
        );
    }

    #[test]
    fn applying_changes_to_a_copy_gives_the_same_table() {
        let mut table: Table<u32> = Table::default();
        table.insert("a".into(), 1);
        table.insert("b".into(), 2);
        table.remove("b");
        let mut copy: Table<u32> = Table::default();
        copy.apply("b".into(), Value::from(2)).unwrap();
        for (id, value) in table.changes() {
            copy.apply(id, value).unwrap();
        }
        assert_eq!(copy.rows, table.rows);
    }
}
