//! An owner's daily digest that was made: claimed by its insert, so it is made once
//! across instances.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_digests")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub owner_id: i64,
    /// Days since 1970-01-01 (UTC).
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: i64,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
