//! The state's side of the journal: the objects a change touched, as records, and records
//! read back from the journal put into the state.

use serde_json::Value;

use super::table::Journaled;
use super::{Pending, State};

/// One change as the journal stores it: `[table, id, object or null]`.
pub type Record = (String, String, Value);

/// The state's side of the journal: what changed, and putting changes back.
impl State {
    /// The tables by the name the journal gives them (their field names).
    fn tables(&self) -> [(&'static str, &dyn Journaled); 11] {
        [
            ("customers", &self.customers),
            ("payment_methods", &self.payment_methods),
            ("setup_intents", &self.setup_intents),
            ("payment_intents", &self.payment_intents),
            ("products", &self.products),
            ("prices", &self.prices),
            ("subscriptions", &self.subscriptions),
            ("invoices", &self.invoices),
            ("clocks", &self.clocks),
            ("refunds", &self.refunds),
            ("idempotency", &self.idempotency),
        ]
    }

    fn tables_mut(&mut self) -> [(&'static str, &mut dyn Journaled); 11] {
        [
            ("customers", &mut self.customers),
            ("payment_methods", &mut self.payment_methods),
            ("setup_intents", &mut self.setup_intents),
            ("payment_intents", &mut self.payment_intents),
            ("products", &mut self.products),
            ("prices", &mut self.prices),
            ("subscriptions", &mut self.subscriptions),
            ("invoices", &mut self.invoices),
            ("clocks", &mut self.clocks),
            ("refunds", &mut self.refunds),
            ("idempotency", &mut self.idempotency),
        ]
    }

    /// Everything changed since the last commit, as `(table, id, object or null)`.
    pub(super) fn changes(&self) -> Vec<Record> {
        let mut records = Vec::new();
        for (name, table) in self.tables() {
            for (id, value) in table.changes() {
                records.push((name.to_string(), id, value));
            }
        }
        for id in &self.outbox_changed {
            let pending = self.outbox.iter().find(|p| p.event["id"] == id.as_str());
            let value =
                pending.map_or(Value::Null, |p| serde_json::to_value(p).unwrap_or_default());
            records.push(("outbox".to_string(), id.clone(), value));
        }
        records
    }

    pub(super) fn forget_changes(&mut self) {
        for (_, table) in self.tables_mut() {
            table.forget_changes();
        }
        self.outbox_changed.clear();
    }

    /// Puts an object read back from the journal (`Null`: removes it).
    pub(super) fn apply(&mut self, table: &str, id: String, value: Value) -> Result<(), String> {
        if table == "outbox" {
            let at = self
                .outbox
                .iter()
                .position(|p| p.event["id"] == id.as_str());
            match (at, value.is_null()) {
                (Some(at), true) => {
                    self.outbox.remove(at);
                }
                (None, true) => {}
                (at, false) => {
                    let pending: Pending =
                        serde_json::from_value(value).map_err(|e| e.to_string())?;
                    match at {
                        Some(at) => self.outbox[at] = pending,
                        None => self.outbox.push(pending),
                    }
                }
            }
            return Ok(());
        }
        let (_, found) = self
            .tables_mut()
            .into_iter()
            .find(|(name, _)| *name == table)
            .ok_or_else(|| format!("no table {table}"))?;
        found.apply(id, value).map_err(|e| e.to_string())
    }
}
