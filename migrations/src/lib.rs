//! Calcsmith's schema: one timestamped migration per change, each with `up` and `down`.

pub use sea_orm_migration::prelude::*;

mod m20261125_000001_initial_schema;
mod m20261126_141000_calculator_revision;
mod m20261126_180000_stripe_event;
mod m20261127_050000_calculator_versions;
mod m20261128_010000_billing_lease;
mod m20261128_120000_analytics;
mod m20261128_170000_submissions;
mod m20261128_200000_webhooks;

/// Every migration, oldest first.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261125_000001_initial_schema::Migration),
            Box::new(m20261126_141000_calculator_revision::Migration),
            Box::new(m20261126_180000_stripe_event::Migration),
            Box::new(m20261127_050000_calculator_versions::Migration),
            Box::new(m20261128_010000_billing_lease::Migration),
            Box::new(m20261128_120000_analytics::Migration),
            Box::new(m20261128_170000_submissions::Migration),
            Box::new(m20261128_200000_webhooks::Migration),
        ]
    }
}
