//! The Stripe webhook events already processed, so a redelivered event is processed once.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261126_180000_stripe_event"
    }
}

#[derive(Iden)]
enum StripeEvents {
    Table,
    /// Stripe's event id (`evt_…`).
    Id,
    /// The event's type, for reading the table by hand.
    EventType,
    /// Unix seconds when it was processed.
    ReceivedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(StripeEvents::Table)
                    .col(
                        ColumnDef::new(StripeEvents::Id)
                            .string_len(255)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(StripeEvents::EventType)
                            .string_len(255)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(StripeEvents::ReceivedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(StripeEvents::Table).to_owned())
            .await
    }
}
