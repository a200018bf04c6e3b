//! `/v1/prices` and `/v1/products`: the two seeded plans.

use axum::extract::State as Extract;

use super::{Answer, Params, answer};
use crate::Sandbox;
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
            .map(|p| (p.created, p.id.clone(), render::subscriptions::price(p)))
            .collect();
        let list = super::page("/v1/prices", prices, &form)?;
        answer(state, list, &form)
    })
}
