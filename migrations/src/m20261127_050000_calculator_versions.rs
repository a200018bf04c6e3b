//! Version history: every save keeps the doc and style as saved, with what the engine said
//! of it, in `calculator_versions`; the calculator names its current version and the one
//! visitors are shown (they differ only while "Don't publish while tests fail" holds an
//! older, passing version). Every calculator saved before this migration becomes its own
//! version 1, current and published.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261127_050000_calculator_versions"
    }
}

#[derive(Iden)]
enum Calculators {
    Table,
    Id,
    /// The number of the current version (the one the calculator's own columns hold).
    Version,
    /// The number of the version visitors see.
    PublishedVersion,
    /// The current version's test report (JSON text); null when the doc has no tests.
    Tests,
}

#[derive(Iden)]
enum CalculatorVersions {
    Table,
    CalculatorId,
    /// 1, 2, 3, … per calculator; a number is never reused.
    Number,
    Doc,
    DocStyle,
    Error,
    InitialResult,
    /// The test report (JSON text); null when the doc has no tests.
    Tests,
    /// Unix milliseconds.
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        for column in [
            ColumnDef::new(Calculators::Version)
                .big_integer()
                .not_null()
                .default(1)
                .to_owned(),
            ColumnDef::new(Calculators::PublishedVersion)
                .big_integer()
                .not_null()
                .default(1)
                .to_owned(),
            ColumnDef::new(Calculators::Tests).text().null().to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Calculators::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(CalculatorVersions::Table)
                    .col(
                        ColumnDef::new(CalculatorVersions::CalculatorId)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(CalculatorVersions::Number)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(CalculatorVersions::Doc).text().not_null())
                    .col(
                        ColumnDef::new(CalculatorVersions::DocStyle)
                            .text()
                            .not_null(),
                    )
                    .col(ColumnDef::new(CalculatorVersions::Error).text().null())
                    .col(
                        ColumnDef::new(CalculatorVersions::InitialResult)
                            .text()
                            .null(),
                    )
                    .col(ColumnDef::new(CalculatorVersions::Tests).text().null())
                    .col(
                        ColumnDef::new(CalculatorVersions::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(CalculatorVersions::CalculatorId)
                            .col(CalculatorVersions::Number),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CalculatorVersions::Table, CalculatorVersions::CalculatorId)
                            .to(Calculators::Table, Calculators::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // Each calculator's current state is its version 1.
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO calculator_versions \
                 (calculator_id, number, doc, doc_style, error, initial_result, tests, created_at) \
                 SELECT id, 1, doc, doc_style, error, initial_result, NULL, updated_at \
                 FROM calculators",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(CalculatorVersions::Table).to_owned())
            .await?;
        for column in [
            Calculators::Tests,
            Calculators::PublishedVersion,
            Calculators::Version,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Calculators::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
