//! Endpoints going away with their deliveries and attempts: one at the author's request,
//! all of a calculator's with it, all of an account's with it. The foreign keys cascade
//! too; deleting explicitly keeps it true on a database where they are off.

use sea_orm::sea_query::{Query, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::entities::{webhook_attempt, webhook_delivery, webhook_endpoint};

/// The ids of the endpoints `which` selects.
fn endpoints(which: sea_orm::sea_query::SimpleExpr) -> SelectStatement {
    Query::select()
        .column(webhook_endpoint::Column::Id)
        .from(webhook_endpoint::Entity)
        .and_where(which)
        .to_owned()
}

/// Deletes the endpoints `which` selects, their deliveries first and those's attempts
/// before them.
async fn delete_where(
    conn: &impl ConnectionTrait,
    which: sea_orm::sea_query::SimpleExpr,
) -> Result<(), DbErr> {
    let deliveries = Query::select()
        .column(webhook_delivery::Column::Id)
        .from(webhook_delivery::Entity)
        .and_where(webhook_delivery::Column::EndpointId.in_subquery(endpoints(which.clone())))
        .to_owned();
    webhook_attempt::Entity::delete_many()
        .filter(webhook_attempt::Column::DeliveryId.in_subquery(deliveries))
        .exec(conn)
        .await?;
    webhook_delivery::Entity::delete_many()
        .filter(webhook_delivery::Column::EndpointId.in_subquery(endpoints(which.clone())))
        .exec(conn)
        .await?;
    webhook_endpoint::Entity::delete_many()
        .filter(which)
        .exec(conn)
        .await?;
    Ok(())
}

/// Deletes endpoint `id` with its deliveries.
///
/// # Errors
/// The database could not be written.
pub async fn delete_endpoint(conn: &impl ConnectionTrait, id: &str) -> Result<(), DbErr> {
    delete_where(conn, webhook_endpoint::Column::Id.eq(id)).await
}

/// Deletes every endpoint of a calculator with their deliveries.
///
/// # Errors
/// The database could not be written.
pub async fn delete_calculator(
    conn: &impl ConnectionTrait,
    calculator_id: &str,
) -> Result<(), DbErr> {
    delete_where(
        conn,
        webhook_endpoint::Column::CalculatorId.eq(calculator_id),
    )
    .await
}

/// Deletes every endpoint of an account with their deliveries.
///
/// # Errors
/// The database could not be written.
pub async fn delete_owner(conn: &impl ConnectionTrait, owner_id: i64) -> Result<(), DbErr> {
    delete_where(conn, webhook_endpoint::Column::OwnerId.eq(owner_id)).await
}
