//! How many submissions an owner has had stored in a calendar month (the plan's limit
//! holds back those past it).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "submission_months")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub owner_id: i64,
    /// Months since 1970-01 (UTC).
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: i64,
    pub count: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
