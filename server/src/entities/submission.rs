//! One submission of a calculator that collects them: the visitor's inputs by name, the
//! outputs the server computed, the contact fields and where it came from.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "submissions")]
pub struct Model {
    /// 16 random letters and digits.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub calculator_id: String,
    pub owner_id: i64,
    /// The published version it was computed with.
    pub version: i64,
    /// JSON text: input values by input name.
    pub inputs: String,
    /// JSON text: raw outputs by output name.
    pub outputs: String,
    /// JSON text: display text by output name.
    pub display: String,
    pub locale: Option<String>,
    pub contact_name: Option<String>,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub contact_company: Option<String>,
    pub contact_message: Option<String>,
    /// Whether the consent box was ticked; `None` when the form had none.
    pub consent: Option<bool>,
    /// The consent text as shown.
    pub consent_text: Option<String>,
    /// Host and path of the page it was sent from.
    pub page: Option<String>,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Months since 1970-01 (UTC).
    pub month: i64,
    /// Its place among the owner's submissions of its month, from 1.
    pub month_seq: i64,
    pub is_read: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
