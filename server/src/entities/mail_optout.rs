//! An author's one-click unsubscribe from a calculator's submission notifications: it
//! holds while the calculator's `notify` stays what it was then.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_optouts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub calculator_id: String,
    /// `each` or `daily`: the doc's `submissions.notify` when the author unsubscribed.
    pub notify: String,
    /// The calculator's version then.
    pub since_version: i64,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
