//! A captcha challenge already used for a sign-up (replay protection).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "used_captchas")]
pub struct Model {
    /// The challenge's nonce.
    #[sea_orm(primary_key, auto_increment = false)]
    pub signature: String,
    pub used_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
