//! A revision number on each calculator, so a save based on an older revision than the
//! stored one is refused instead of silently overwriting someone's newer edit.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261126_141000_calculator_revision"
    }
}

#[derive(Iden)]
enum Calculators {
    Table,
    /// Starts at 1 (the first save, and every calculator saved before this migration) and
    /// grows by one with each save.
    Revision,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Calculators::Table)
                    .add_column(
                        ColumnDef::new(Calculators::Revision)
                            .big_integer()
                            .not_null()
                            .default(1),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Calculators::Table)
                    .drop_column(Calculators::Revision)
                    .to_owned(),
            )
            .await
    }
}
