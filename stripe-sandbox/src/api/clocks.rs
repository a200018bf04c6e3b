//! `/v1/test_helpers/test_clocks`: frozen time for customers made with a clock, advanced on
//! request so renewals, retries and period ends happen in a test.

use axum::extract::{Path, State as Extract};

use super::{Answer, Params, answer};
use crate::Sandbox;
use crate::error::ApiError;
use crate::money;
use crate::render;
use crate::store::{Clock, new_id, now};

pub async fn create(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.mutate(|state, _| {
        let frozen_time = form
            .int("frozen_time")?
            .ok_or_else(|| ApiError::missing("frozen_time"))?;
        let clock = Clock {
            id: new_id("clock"),
            created: now(),
            frozen_time,
            name: crate::limits::text(&form, "name", crate::limits::CLOCK_NAME)?
                .map(str::to_string),
        };
        let value = render::clock(&clock);
        state.clocks.insert(clock.id.clone(), clock);
        answer(state, value, &form)
    })
}

pub async fn advance(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, events| {
        let clock = state
            .clocks
            .get(&id)
            .ok_or_else(|| ApiError::no_such("test_clock", &id, None))?;
        let to = form
            .int("frozen_time")?
            .ok_or_else(|| ApiError::missing("frozen_time"))?;
        if to <= clock.frozen_time {
            return Err(ApiError::invalid(
                "frozen_time",
                "The test clock can only be advanced to a time after its current frozen_time.",
            ));
        }
        money::clock::advance_clock(state, &id, to, events);
        answer(state, render::clock(&state.clocks[&id]), &form)
    })
}
