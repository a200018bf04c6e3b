//! An author's webhook endpoint on one calculator: where deliveries go, the secret that
//! signs them, and whether it is on (the server turns off one that failed too long).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_endpoints")]
pub struct Model {
    /// 16 random letters and digits.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub calculator_id: String,
    /// The calculator's owner (the plan's limit counts per account).
    pub owner_id: i64,
    pub url: String,
    /// `whsec_…`; never logged.
    pub secret: String,
    pub enabled: bool,
    /// Unix milliseconds of the first failure since the last success.
    pub failing_since: Option<i64>,
    /// Why the server turned it off.
    pub disabled_reason: Option<String>,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
