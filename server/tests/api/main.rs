//! The server over real HTTP, each test on a fresh SQLite file and again on a fresh
//! PostgreSQL database.

mod account_export;
mod account_security;
mod accounts;
mod analytics;
mod billing;
mod billing_races;
mod calculators;
mod crash;
mod engine_start;
mod evaluation;
mod form_rules;
mod helpers;
mod hostile;
mod instances;
mod mail;
mod mail_notify;
mod mail_queue;
mod mail_results;
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
mod webhook_instances;
mod webhook_network;
mod webhook_receiver;
mod webhooks;
