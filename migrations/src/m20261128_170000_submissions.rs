//! Submissions: what a visitor sent from a calculator that collects them (`submissions`),
//! with the inputs by name, the outputs the server computed (raw and as displayed), the
//! version they were computed with, the contact fields, the consent text as it was shown
//! and the page it came from. `submission_months` counts each owner's submissions per
//! calendar month, so the plan's monthly limit holds back (never drops) the ones past it;
//! `calculators.submissions_retention_days` is the author's retention setting.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_170000_submissions"
    }
}

#[derive(Iden)]
enum Calculators {
    Table,
    Id,
    /// Days a submission is kept (30, 90 or 365); null: for ever. From the doc's
    /// `submissions.retentionDays`, written on every save.
    SubmissionsRetentionDays,
}

#[derive(Iden)]
enum Submissions {
    Table,
    /// 16 random letters and digits.
    Id,
    CalculatorId,
    /// The calculator's owner when it was stored (the monthly count is theirs).
    OwnerId,
    /// The published version the server computed it with.
    Version,
    /// JSON text: input values keyed by input name.
    Inputs,
    /// JSON text: the engine's raw outputs by output name.
    Outputs,
    /// JSON text: the engine's display text by output name.
    Display,
    /// `en` or `ru`, as displayed.
    Locale,
    ContactName,
    ContactEmail,
    ContactPhone,
    ContactCompany,
    ContactMessage,
    /// Whether the consent box was ticked (null: the form had none).
    Consent,
    /// The consent text as the visitor was shown it.
    ConsentText,
    /// Host and path of the page it was sent from (no query, no fragment).
    Page,
    /// Unix milliseconds.
    CreatedAt,
    /// Months since 1970-01 (UTC) of `created_at`.
    Month,
    /// Its place among its owner's submissions of that month, from 1: past the plan's
    /// monthly limit it is held back until the owner's plan has room for it.
    MonthSeq,
    IsRead,
}

#[derive(Iden)]
enum SubmissionMonths {
    Table,
    OwnerId,
    Month,
    /// Submissions stored so far in that month (deleted ones included).
    Count,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Calculators::Table)
                    .add_column(
                        ColumnDef::new(Calculators::SubmissionsRetentionDays)
                            .integer()
                            .null(),
                    )
                    .to_owned(),
            )
            .await?;
        let text = |name: Submissions| ColumnDef::new(name).text().null().to_owned();
        manager
            .create_table(
                Table::create()
                    .table(Submissions::Table)
                    .col(
                        ColumnDef::new(Submissions::Id)
                            .string_len(16)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Submissions::CalculatorId)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Submissions::OwnerId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Submissions::Version)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(Submissions::Inputs).text().not_null())
                    .col(ColumnDef::new(Submissions::Outputs).text().not_null())
                    .col(ColumnDef::new(Submissions::Display).text().not_null())
                    .col(ColumnDef::new(Submissions::Locale).string_len(8).null())
                    .col(
                        ColumnDef::new(Submissions::ContactName)
                            .string_len(200)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(Submissions::ContactEmail)
                            .string_len(320)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(Submissions::ContactPhone)
                            .string_len(200)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(Submissions::ContactCompany)
                            .string_len(200)
                            .null(),
                    )
                    .col(text(Submissions::ContactMessage))
                    .col(ColumnDef::new(Submissions::Consent).boolean().null())
                    .col(text(Submissions::ConsentText))
                    .col(ColumnDef::new(Submissions::Page).string_len(2048).null())
                    .col(
                        ColumnDef::new(Submissions::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(Submissions::Month).big_integer().not_null())
                    .col(
                        ColumnDef::new(Submissions::MonthSeq)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Submissions::IsRead)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Submissions::Table, Submissions::CalculatorId)
                            .to(Calculators::Table, Calculators::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("submissions_by_calculator")
                    .table(Submissions::Table)
                    .col(Submissions::CalculatorId)
                    .col(Submissions::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("submissions_by_owner")
                    .table(Submissions::Table)
                    .col(Submissions::OwnerId)
                    .col(Submissions::Month)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SubmissionMonths::Table)
                    .col(
                        ColumnDef::new(SubmissionMonths::OwnerId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SubmissionMonths::Month)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(SubmissionMonths::Count)
                            .big_integer()
                            .not_null()
                            .default(0),
                    )
                    .primary_key(
                        Index::create()
                            .col(SubmissionMonths::OwnerId)
                            .col(SubmissionMonths::Month),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(SubmissionMonths::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Submissions::Table).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Calculators::Table)
                    .drop_column(Calculators::SubmissionsRetentionDays)
                    .to_owned(),
            )
            .await
    }
}
