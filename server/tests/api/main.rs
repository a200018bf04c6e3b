//! The server over real HTTP, each test on a fresh SQLite file and again on a fresh
//! PostgreSQL database.

mod account_security;
mod accounts;
mod analytics;
mod billing;
mod billing_races;
mod calculators;
mod crash;
mod engine_start;
mod evaluation;
mod helpers;
mod hostile;
mod instances;
mod mail;
mod offline;
mod openapi;
mod pages;
mod published;
mod save_budget;
mod saves;
mod serving;
mod submissions;
mod submissions_owner;
mod submissions_plans;
mod tests_on_save;
mod versions;
mod webhook_delivery;
mod webhook_receiver;
mod webhooks;
