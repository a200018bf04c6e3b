//! One kept version of a calculator: the doc and style as saved, when, and what the engine
//! said of it then.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "calculator_versions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub calculator_id: String,
    /// 1, 2, 3, … per calculator, never reused.
    #[sea_orm(primary_key, auto_increment = false)]
    pub number: i64,
    pub doc: String,
    pub doc_style: String,
    /// The engine's error when run with its defaults at save time.
    pub error: Option<String>,
    /// The engine's full result at save time (what a published page shows at once).
    pub initial_result: Option<String>,
    /// The test report (JSON text); `None` when the doc has no tests.
    pub tests: Option<String>,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
