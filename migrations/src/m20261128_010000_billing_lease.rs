//! One lease per user on their billing actions, so checkouts, plan switches and card
//! changes of one user run one at a time across every instance sharing the database.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261128_010000_billing_lease"
    }
}

#[derive(Iden)]
enum BillingLeases {
    Table,
    /// The user whose billing actions are held (one row at most per user).
    UserId,
    /// A random token of the request that holds the lease; only it releases the lease.
    Holder,
    /// Unix milliseconds after which the lease is free again (a holder that died).
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BillingLeases::Table)
                    .col(
                        ColumnDef::new(BillingLeases::UserId)
                            .big_integer()
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(BillingLeases::Holder)
                            .string_len(64)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(BillingLeases::ExpiresAt)
                            .big_integer()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(BillingLeases::Table).to_owned())
            .await
    }
}
