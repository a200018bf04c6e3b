//! A saved calculator: its doc and style as JSON text, privacy, and what the engine said
//! when it was last saved.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "calculators")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: i64,
    pub doc: String,
    pub doc_style: String,
    pub is_private: bool,
    /// The engine's error when run with its defaults at save time.
    pub error: Option<String>,
    /// The engine's full result at save time, so a published page shows outputs at once.
    pub initial_result: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// 1 at the first save, one more with each save: a save names the revision it was
    /// based on, and one based on an older revision is refused.
    pub revision: i64,
    /// The number of the current version in `calculator_versions` (the state above).
    pub version: i64,
    /// The number of the version visitors are shown: the current one, or while
    /// `doc.holdWhileTestsFail` holds it, the last one whose tests passed.
    pub published_version: i64,
    /// The current version's test report (JSON text); `None` when the doc has no tests.
    pub tests: Option<String>,
    /// The author turned analytics off: visits are not counted.
    pub analytics_off: bool,
    /// Days a submission is kept (30, 90 or 365; `None`: for ever), from the doc's
    /// `submissions.retentionDays` at the last save.
    pub submissions_retention_days: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
