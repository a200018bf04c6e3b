//! Analytics: per calculator and day, what visitors did (`analytics_days`), the top
//! referrers, embedding sites, device classes and languages (`analytics_counts`) and the
//! errors they saw (`analytics_errors`). Nothing personal is kept: no address, user agent,
//! input or output. Today's visitors are told apart by a salted hash (`analytics_visitors`),
//! the salt being today's random one (`analytics_salts`, apart from the counts); both
//! are deleted once the day is over, so yesterday's visitors cannot be recognised.
//! The author may turn analytics off per calculator (`calculators.analytics_off`).

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_120000_analytics"
    }
}

#[derive(Iden)]
enum Calculators {
    Table,
    Id,
    /// True when the author turned analytics off: no event is counted.
    AnalyticsOff,
}

#[derive(Iden)]
enum AnalyticsDays {
    Table,
    CalculatorId,
    /// Days since 1970-01-01 (UTC).
    Day,
    Views,
    /// Unique visitors of the day.
    Visitors,
    /// Unique visitors who changed an input (or ran it with values from the address).
    Engaged,
    Submissions,
    Errors,
}

#[derive(Iden)]
enum AnalyticsCounts {
    Table,
    CalculatorId,
    Day,
    /// `referrer` (a host), `site` (the host embedding it), `device` or `language`.
    Kind,
    Name,
    Count,
}

#[derive(Iden)]
enum AnalyticsErrors {
    Table,
    CalculatorId,
    Day,
    /// The error a visitor was shown, cut to 200 characters.
    Message,
    Count,
    /// Unix milliseconds.
    LastSeen,
}

#[derive(Iden)]
enum AnalyticsVisitors {
    Table,
    Day,
    CalculatorId,
    /// SHA-256 of the day's salt, the address and the user agent, as hex.
    Visitor,
    /// 0: viewed, 1: engaged.
    Kind,
}

#[derive(Iden)]
enum AnalyticsSalts {
    Table,
    Day,
    Salt,
}

/// A count column, zero to start with.
fn count(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name)
        .big_integer()
        .not_null()
        .default(0)
        .to_owned()
}

fn calculator_fk(table: impl IntoTableRef, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Calculators::Table, Calculators::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Calculators::Table)
                    .add_column(
                        ColumnDef::new(Calculators::AnalyticsOff)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsDays::Table)
                    .col(
                        ColumnDef::new(AnalyticsDays::CalculatorId)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(ColumnDef::new(AnalyticsDays::Day).big_integer().not_null())
                    .col(count(AnalyticsDays::Views))
                    .col(count(AnalyticsDays::Visitors))
                    .col(count(AnalyticsDays::Engaged))
                    .col(count(AnalyticsDays::Submissions))
                    .col(count(AnalyticsDays::Errors))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsDays::CalculatorId)
                            .col(AnalyticsDays::Day),
                    )
                    .foreign_key(&mut calculator_fk(
                        AnalyticsDays::Table,
                        AnalyticsDays::CalculatorId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsCounts::Table)
                    .col(
                        ColumnDef::new(AnalyticsCounts::CalculatorId)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsCounts::Day)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsCounts::Kind)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsCounts::Name)
                            .string_len(100)
                            .not_null(),
                    )
                    .col(count(AnalyticsCounts::Count))
                    .primary_key(
                        Index::create()
                            .col(AnalyticsCounts::CalculatorId)
                            .col(AnalyticsCounts::Day)
                            .col(AnalyticsCounts::Kind)
                            .col(AnalyticsCounts::Name),
                    )
                    .foreign_key(&mut calculator_fk(
                        AnalyticsCounts::Table,
                        AnalyticsCounts::CalculatorId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsErrors::Table)
                    .col(
                        ColumnDef::new(AnalyticsErrors::CalculatorId)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsErrors::Day)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsErrors::Message)
                            .string_len(800)
                            .not_null(),
                    )
                    .col(count(AnalyticsErrors::Count))
                    .col(
                        ColumnDef::new(AnalyticsErrors::LastSeen)
                            .big_integer()
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(AnalyticsErrors::CalculatorId)
                            .col(AnalyticsErrors::Day)
                            .col(AnalyticsErrors::Message),
                    )
                    .foreign_key(&mut calculator_fk(
                        AnalyticsErrors::Table,
                        AnalyticsErrors::CalculatorId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsVisitors::Table)
                    .col(
                        ColumnDef::new(AnalyticsVisitors::Day)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsVisitors::CalculatorId)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsVisitors::Visitor)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsVisitors::Kind)
                            .small_integer()
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(AnalyticsVisitors::Day)
                            .col(AnalyticsVisitors::CalculatorId)
                            .col(AnalyticsVisitors::Visitor)
                            .col(AnalyticsVisitors::Kind),
                    )
                    .foreign_key(&mut calculator_fk(
                        AnalyticsVisitors::Table,
                        AnalyticsVisitors::CalculatorId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AnalyticsSalts::Table)
                    .col(
                        ColumnDef::new(AnalyticsSalts::Day)
                            .big_integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(AnalyticsSalts::Salt)
                            .string_len(64)
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AnalyticsSalts::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AnalyticsVisitors::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AnalyticsErrors::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AnalyticsCounts::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AnalyticsDays::Table).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Calculators::Table)
                    .drop_column(Calculators::AnalyticsOff)
                    .to_owned(),
            )
            .await
    }
}
