//! Signed webhooks (issue 29 §5): an author's endpoints per calculator
//! (`webhook_endpoints`), the queue of deliveries to them (`webhook_deliveries`, each with
//! the exact body it sends and a lease so that instances sharing a database never send the
//! same attempt twice) and the log of each attempt (`webhook_attempts`). All three go with
//! their calculator (foreign keys, `ON DELETE CASCADE`).

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_200000_webhooks"
    }
}

#[derive(Iden)]
enum Calculators {
    Table,
    Id,
}

#[derive(Iden)]
enum WebhookEndpoints {
    Table,
    /// 16 random letters and digits.
    Id,
    CalculatorId,
    /// The calculator's owner (the plan's limit counts per account).
    OwnerId,
    /// Where deliveries are POSTed (https, checked at configuration and every attempt).
    Url,
    /// `whsec_…`: the HMAC key of the signatures.
    Secret,
    Enabled,
    /// Unix milliseconds of the first failure since the last success; null: not failing.
    FailingSince,
    /// Why the server turned it off (null: it did not).
    DisabledReason,
    /// Unix milliseconds.
    CreatedAt,
}

#[derive(Iden)]
enum WebhookDeliveries {
    Table,
    /// 16 random letters and digits.
    Id,
    EndpointId,
    /// `submission` or `test`.
    Event,
    /// The submission it tells of (null for a test event).
    SubmissionId,
    /// The exact body sent, JSON text (a redelivery sends it again).
    Payload,
    /// `pending`, `delivered` or `failed`.
    State,
    /// Attempts made so far.
    Attempts,
    /// Unix milliseconds when the next attempt is due (null once delivered or failed).
    NextAttemptAt,
    /// Unix milliseconds until which a worker holds it (null: nobody).
    LeaseUntil,
    /// The random token of the worker holding it; only it may record the attempt.
    LeaseOwner,
    /// Unix milliseconds.
    CreatedAt,
}

#[derive(Iden)]
enum WebhookAttempts {
    Table,
    Id,
    DeliveryId,
    /// Unix milliseconds when it started.
    At,
    /// The HTTP status answered (null: no answer).
    Status,
    /// Why it failed without an answer (or why an answer counts as a failure).
    Error,
    DurationMs,
    /// The start of the answer's body, at most 500 characters.
    ResponseExcerpt,
}

/// A 16-character id column.
fn id<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).string_len(16).not_null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WebhookEndpoints::Table)
                    .col(id(WebhookEndpoints::Id).primary_key())
                    .col(id(WebhookEndpoints::CalculatorId))
                    .col(
                        ColumnDef::new(WebhookEndpoints::OwnerId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(WebhookEndpoints::Url)
                            .string_len(2048)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(WebhookEndpoints::Secret)
                            .string_len(100)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(WebhookEndpoints::Enabled)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(
                        ColumnDef::new(WebhookEndpoints::FailingSince)
                            .big_integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(WebhookEndpoints::DisabledReason)
                            .text()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(WebhookEndpoints::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(WebhookEndpoints::Table, WebhookEndpoints::CalculatorId)
                            .to(Calculators::Table, Calculators::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            (
                "webhook_endpoints_by_calculator",
                WebhookEndpoints::CalculatorId,
            ),
            ("webhook_endpoints_by_owner", WebhookEndpoints::OwnerId),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(WebhookEndpoints::Table)
                        .col(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(WebhookDeliveries::Table)
                    .col(id(WebhookDeliveries::Id).primary_key())
                    .col(id(WebhookDeliveries::EndpointId))
                    .col(
                        ColumnDef::new(WebhookDeliveries::Event)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(WebhookDeliveries::SubmissionId)
                            .string_len(16)
                            .null(),
                    )
                    .col(ColumnDef::new(WebhookDeliveries::Payload).text().not_null())
                    .col(
                        ColumnDef::new(WebhookDeliveries::State)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(WebhookDeliveries::Attempts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(
                        ColumnDef::new(WebhookDeliveries::NextAttemptAt)
                            .big_integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(WebhookDeliveries::LeaseUntil)
                            .big_integer()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(WebhookDeliveries::LeaseOwner)
                            .string_len(64)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(WebhookDeliveries::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(WebhookDeliveries::Table, WebhookDeliveries::EndpointId)
                            .to(WebhookEndpoints::Table, WebhookEndpoints::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("webhook_deliveries_due")
                    .table(WebhookDeliveries::Table)
                    .col(WebhookDeliveries::State)
                    .col(WebhookDeliveries::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("webhook_deliveries_by_endpoint")
                    .table(WebhookDeliveries::Table)
                    .col(WebhookDeliveries::EndpointId)
                    .col(WebhookDeliveries::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WebhookAttempts::Table)
                    .col(
                        ColumnDef::new(WebhookAttempts::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(id(WebhookAttempts::DeliveryId))
                    .col(ColumnDef::new(WebhookAttempts::At).big_integer().not_null())
                    .col(ColumnDef::new(WebhookAttempts::Status).integer().null())
                    .col(ColumnDef::new(WebhookAttempts::Error).text().null())
                    .col(
                        ColumnDef::new(WebhookAttempts::DurationMs)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(WebhookAttempts::ResponseExcerpt)
                            .text()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(WebhookAttempts::Table, WebhookAttempts::DeliveryId)
                            .to(WebhookDeliveries::Table, WebhookDeliveries::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("webhook_attempts_by_delivery")
                    .table(WebhookAttempts::Table)
                    .col(WebhookAttempts::DeliveryId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WebhookAttempts::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(WebhookDeliveries::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(WebhookEndpoints::Table).to_owned())
            .await
    }
}
