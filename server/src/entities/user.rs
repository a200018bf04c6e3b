//! A signed-up user.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    pub name: String,
    pub phone: String,
    pub address: String,
    pub zipcode: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub customer_id: Option<String>,
    pub plan: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
