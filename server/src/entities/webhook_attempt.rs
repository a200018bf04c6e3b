//! One attempt at a delivery, as the author's delivery log shows it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub delivery_id: String,
    /// Unix milliseconds when it started.
    pub at: i64,
    /// The HTTP status answered; `None`: no answer.
    pub status: Option<i32>,
    /// Why it failed (no answer, a redirect, a refused address, a time-out).
    pub error: Option<String>,
    pub duration_ms: i64,
    /// The start of the answer's body, at most 500 characters.
    pub response_excerpt: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
