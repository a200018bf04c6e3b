//! Users, their sessions and calculators, and the small tables that let several server
//! instances share state through the database: captcha replay protection, rate limits,
//! password-reset tokens and the mail outbox.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261125_000001_initial_schema"
    }
}

#[derive(Iden)]
enum Users {
    Table,
    Id,
    Email,
    PasswordHash,
    Name,
    Phone,
    Address,
    Zipcode,
    City,
    State,
    Country,
    CustomerId,
    Plan,
    CreatedAt,
}

#[derive(Iden)]
enum Sessions {
    Table,
    TokenHash,
    UserId,
    CreatedAt,
    ExpiresAt,
}

#[derive(Iden)]
enum Calculators {
    Table,
    Id,
    OwnerId,
    Doc,
    DocStyle,
    IsPrivate,
    Error,
    InitialResult,
    /// Unix milliseconds, so the newest-first list is exact.
    CreatedAt,
    UpdatedAt,
}

#[derive(Iden)]
enum UsedCaptchas {
    Table,
    Signature,
    UsedAt,
}

#[derive(Iden)]
enum RateLimits {
    Table,
    Key,
    WindowStart,
    Count,
}

#[derive(Iden)]
enum PasswordResets {
    Table,
    TokenHash,
    UserId,
    ExpiresAt,
    Used,
}

#[derive(Iden)]
enum Outbox {
    Table,
    Id,
    Recipient,
    Subject,
    Body,
    CreatedAt,
}

fn text(column: impl IntoIden) -> ColumnDef {
    ColumnDef::new(column)
        .text()
        .not_null()
        .default("")
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(
                        ColumnDef::new(Users::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Users::Email)
                            .string_len(320)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(Users::PasswordHash).string().not_null())
                    .col(text(Users::Name))
                    .col(text(Users::Phone))
                    .col(text(Users::Address))
                    .col(text(Users::Zipcode))
                    .col(text(Users::City))
                    .col(text(Users::State))
                    .col(text(Users::Country))
                    .col(ColumnDef::new(Users::CustomerId).string().null())
                    .col(
                        ColumnDef::new(Users::Plan)
                            .string_len(16)
                            .not_null()
                            .default("free"),
                    )
                    .col(ColumnDef::new(Users::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(
                        ColumnDef::new(Sessions::TokenHash)
                            .string_len(64)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Sessions::UserId).big_integer().not_null())
                    .col(ColumnDef::new(Sessions::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(Sessions::ExpiresAt).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sessions::Table, Sessions::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Calculators::Table)
                    .col(
                        ColumnDef::new(Calculators::Id)
                            .string_len(16)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(Calculators::OwnerId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(Calculators::Doc).text().not_null())
                    .col(ColumnDef::new(Calculators::DocStyle).text().not_null())
                    .col(
                        ColumnDef::new(Calculators::IsPrivate)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(ColumnDef::new(Calculators::Error).text().null())
                    .col(ColumnDef::new(Calculators::InitialResult).text().null())
                    .col(
                        ColumnDef::new(Calculators::CreatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Calculators::UpdatedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Calculators::Table, Calculators::OwnerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_calculators_owner_created")
                    .table(Calculators::Table)
                    .col(Calculators::OwnerId)
                    .col(Calculators::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(UsedCaptchas::Table)
                    .col(
                        ColumnDef::new(UsedCaptchas::Signature)
                            .string_len(128)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(UsedCaptchas::UsedAt)
                            .big_integer()
                            .not_null(),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RateLimits::Table)
                    .col(
                        ColumnDef::new(RateLimits::Key)
                            .string_len(400)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(RateLimits::WindowStart)
                            .big_integer()
                            .not_null(),
                    )
                    .col(ColumnDef::new(RateLimits::Count).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PasswordResets::Table)
                    .col(
                        ColumnDef::new(PasswordResets::TokenHash)
                            .string_len(64)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(PasswordResets::UserId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PasswordResets::ExpiresAt)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(PasswordResets::Used)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PasswordResets::Table, PasswordResets::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Outbox::Table)
                    .col(
                        ColumnDef::new(Outbox::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Outbox::Recipient).string().not_null())
                    .col(ColumnDef::new(Outbox::Subject).string().not_null())
                    .col(ColumnDef::new(Outbox::Body).text().not_null())
                    .col(ColumnDef::new(Outbox::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Outbox::Table.into_iden(),
            PasswordResets::Table.into_iden(),
            RateLimits::Table.into_iden(),
            UsedCaptchas::Table.into_iden(),
            Calculators::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
