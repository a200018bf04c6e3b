//! `/v1/prices` and `/v1/products`: the two seeded plans.

use axum::extract::{Path, State as Extract};

use super::{Answer, Params, answer};
use crate::Sandbox;
use crate::error::ApiError;
use crate::render;

pub async fn list_prices(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.read(|state| {
        let lookup_keys = form.list("lookup_keys")?;
        if form.bool("active")? == Some(false) {
            return answer(state, render::list("/v1/prices", Vec::new(), false), &form);
        }
        let prices = state
            .prices
            .values()
            .filter(|p| lookup_keys.is_empty() || lookup_keys.contains(&p.lookup_key))
            .map(|p| (p.created, p.id.clone(), render::price(p)))
            .collect();
        let list = super::page("/v1/prices", prices, &form)?;
        answer(state, list, &form)
    })
}

pub async fn retrieve_price(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.read(|state| {
        let price = state
            .prices
            .get(&id)
            .ok_or_else(|| ApiError::no_such("price", &id, None))?;
        answer(state, render::price(price), &form)
    })
}

pub async fn retrieve_product(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.read(|state| {
        let product = state
            .products
            .get(&id)
            .ok_or_else(|| ApiError::no_such("product", &id, None))?;
        answer(state, render::product(product), &form)
    })
}
