//! One event to send to one endpoint: the exact body, where it stands, when it is next
//! tried, and which worker holds it now (the lease).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    /// 16 random letters and digits.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub endpoint_id: String,
    /// `submission` or `test`.
    pub event: String,
    pub submission_id: Option<String>,
    /// The exact body sent (JSON text).
    pub payload: String,
    /// `pending`, `delivered` or `failed`.
    pub state: String,
    pub attempts: i32,
    /// Unix milliseconds; `None` once delivered or failed.
    pub next_attempt_at: Option<i64>,
    /// Unix milliseconds until which `lease_owner` holds it.
    pub lease_until: Option<i64>,
    pub lease_owner: Option<String>,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
