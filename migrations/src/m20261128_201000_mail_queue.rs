//! E-mail about submissions (issue 29 §4): `mail_queue` holds each message until it is
//! delivered (or, its retries spent, written to the outbox), leased by one instance at a
//! time; `mail_optouts` records the one-click unsubscribes of authors from a calculator's
//! notifications; `mail_digests` has a row per owner and day whose daily digest was made,
//! so two instances never make the same digest.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_201000_mail_queue"
    }
}

#[derive(Iden)]
enum Calculators {
    Table,
    Id,
}

#[derive(Iden)]
enum Users {
    Table,
    Id,
}

#[derive(Iden)]
enum MailQueue {
    Table,
    Id,
    /// `notify`, `digest` or `results`: which message `payload` describes.
    Kind,
    Recipient,
    /// JSON text: what the message says; rendered into subject and body when it is sent.
    Payload,
    /// Failed attempts so far.
    Attempts,
    /// Unix milliseconds before which it is not tried (again).
    NextAttemptAt,
    /// Unix milliseconds until which an instance holds it (null: free).
    LeaseUntil,
    /// A random token of the instance holding it; only that holder settles it.
    LeaseToken,
    /// The last failure's kind (no addresses).
    LastError,
    CreatedAt,
}

#[derive(Iden)]
enum MailOptouts {
    Table,
    CalculatorId,
    /// The doc's `submissions.notify` when the author unsubscribed.
    Notify,
    /// The calculator's version then: a later version with another `notify` ends it.
    SinceVersion,
    CreatedAt,
}

#[derive(Iden)]
enum MailDigests {
    Table,
    OwnerId,
    /// Days since 1970-01-01 (UTC) that the digest covers.
    Day,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let millis = |name: MailQueue| ColumnDef::new(name).big_integer().to_owned();
        manager
            .create_table(
                Table::create()
                    .table(MailQueue::Table)
                    .col(
                        ColumnDef::new(MailQueue::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(MailQueue::Kind).string_len(16).not_null())
                    .col(
                        ColumnDef::new(MailQueue::Recipient)
                            .string_len(320)
                            .not_null(),
                    )
                    .col(ColumnDef::new(MailQueue::Payload).text().not_null())
                    .col(
                        ColumnDef::new(MailQueue::Attempts)
                            .integer()
                            .not_null()
                            .default(0),
                    )
                    .col(millis(MailQueue::NextAttemptAt).not_null())
                    .col(millis(MailQueue::LeaseUntil).null())
                    .col(ColumnDef::new(MailQueue::LeaseToken).string_len(64).null())
                    .col(ColumnDef::new(MailQueue::LastError).text().null())
                    .col(millis(MailQueue::CreatedAt).not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("mail_queue_due")
                    .table(MailQueue::Table)
                    .col(MailQueue::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MailOptouts::Table)
                    .col(
                        ColumnDef::new(MailOptouts::CalculatorId)
                            .string_len(16)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(MailOptouts::Notify).string_len(8).not_null())
                    .col(
                        ColumnDef::new(MailOptouts::SinceVersion)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(MailOptouts::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(MailOptouts::Table, MailOptouts::CalculatorId)
                            .to(Calculators::Table, Calculators::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MailDigests::Table)
                    .col(
                        ColumnDef::new(MailDigests::OwnerId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(MailDigests::Day).big_integer().not_null())
                    .col(
                        ColumnDef::new(MailDigests::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .primary_key(
                        Index::create()
                            .col(MailDigests::OwnerId)
                            .col(MailDigests::Day),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(MailDigests::Table, MailDigests::OwnerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            MailDigests::Table.into_iden(),
            MailOptouts::Table.into_iden(),
            MailQueue::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
