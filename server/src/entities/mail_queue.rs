//! A message waiting to be sent: what it says (`payload`, rendered when sent), to whom,
//! its failed attempts, when it is due, and which instance holds it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_queue")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `notify`, `digest` or `results`.
    pub kind: String,
    pub recipient: String,
    /// JSON text (`services::mail::content::Payload`).
    pub payload: String,
    /// Failed attempts so far.
    pub attempts: i32,
    /// Unix milliseconds; not tried before.
    pub next_attempt_at: i64,
    /// Unix milliseconds until which an instance holds it.
    pub lease_until: Option<i64>,
    pub lease_token: Option<String>,
    /// The last failure's kind (never an address).
    pub last_error: Option<String>,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
