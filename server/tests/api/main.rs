//! The server over real HTTP, each test on a fresh SQLite file and again on a fresh
//! PostgreSQL database.

mod accounts;
mod calculators;
mod evaluation;
mod helpers;
mod hostile;
mod instances;
mod mail;
mod pages;
