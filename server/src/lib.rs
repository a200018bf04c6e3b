//! Calcsmith's server: accounts, calculators, publishing with the shared engine, and
//! the web app's pages and assets. `main.rs` only reads the configuration and calls
//! [`startup`], so tests start the very same app in-process.

pub mod auth;
pub mod config;
pub mod connections;
pub mod device;
pub mod domain;
pub mod entities;
pub mod error;
pub mod extract;
pub mod openapi;
pub mod paging;
pub mod routes;
pub mod security;
pub mod services;
pub mod startup;
pub mod state;
pub mod tokens;
pub mod wire;
