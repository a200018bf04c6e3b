//! `/v1/payment_methods`: cards entered in the browser, attached to and detached from
//! customers, their expiry edited.

use axum::extract::{Path, State as Extract};
use axum::http::HeaderMap;

use super::{Answer, Params, answer, page, require_browser_key};
use crate::error::ApiError;
use crate::store::now;
use crate::{Sandbox, cards, money, render};

pub async fn create(
    Extract(sandbox): Extract<Sandbox>,
    headers: HeaderMap,
    Params(form): Params,
) -> Answer {
    require_browser_key(&sandbox, &headers, &form)?;
    sandbox.mutate(|state, _| {
        match form.required("type")? {
            "card" => {}
            other => {
                return Err(ApiError::invalid(
                    "type",
                    format!("The sandbox takes only card payment methods, not '{other}'."),
                ));
            }
        }
        let number = form.required("card.number")?;
        let exp_month = form
            .int("card.exp_month")?
            .ok_or_else(|| ApiError::missing("card[exp_month]"))?;
        let exp_year = form
            .int("card.exp_year")?
            .ok_or_else(|| ApiError::missing("card[exp_year]"))?;
        let card = cards::check(number, exp_month, exp_year, form.str("card.cvc")?, now())?;
        let billing_details = render::billing_details(form.get("billing_details"))?;
        let id = money::methods::create_payment_method(
            state,
            card,
            exp_month,
            exp_year,
            billing_details,
        );
        if let Some(metadata) = crate::limits::metadata(&form, "metadata")? {
            state
                .payment_methods
                .get_mut(&id)
                .expect("just made")
                .metadata = metadata;
        }
        answer(
            state,
            render::payment_method(&state.payment_methods[&id]),
            &form,
        )
    })
}

pub async fn update(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, _| {
        let mut pm = state
            .payment_methods
            .get(&id)
            .cloned()
            .ok_or_else(|| ApiError::no_such("PaymentMethod", &id, None))?;
        let exp_month = form.int("card.exp_month")?.unwrap_or(pm.exp_month);
        let exp_year = form.int("card.exp_year")?.unwrap_or(pm.exp_year);
        cards::check_expiry(exp_month, exp_year, now()).map_err(|mut e| {
            e.param = e.param.map(|p| format!("card[{p}]"));
            e
        })?;
        (pm.exp_month, pm.exp_year) = (exp_month, exp_year);
        if let Some(details) = form.get("billing_details") {
            pm.billing_details = render::billing_details(Some(details))?;
        }
        if let Some(metadata) = crate::limits::metadata(&form, "metadata")? {
            pm.metadata.extend(metadata);
            pm.metadata.retain(|_, v| !v.is_empty());
        }
        let value = render::payment_method(&pm);
        state.payment_methods.insert(id.clone(), pm);
        answer(state, value, &form)
    })
}

pub async fn attach(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, events| {
        let customer = form.required("customer")?;
        state.require_customer(customer, "customer")?;
        let id = money::methods::resolve_payment_method(state, &id, "payment_method")
            .map_err(|_| ApiError::no_such("PaymentMethod", &id, None))?;
        money::methods::attach(state, &id, customer, events)?;
        answer(
            state,
            render::payment_method(&state.payment_methods[&id]),
            &form,
        )
    })
}

pub async fn detach(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, events| {
        let pm = state.payment_methods.get(&id).ok_or_else(|| ApiError::no_such("PaymentMethod", &id, None))?;
        let Some(customer) = pm.customer.clone() else {
            return Err(ApiError::state("The payment method you provided is not attached to a customer so detachment is impossible."));
        };
        money::methods::set_customer(state, &id, None, events);
        if let Some(c) = state.customers.get_mut(&customer)
            && c.default_payment_method.as_deref() == Some(&id)
        {
            c.default_payment_method = None;
        }
        let paying: Vec<String> = state.subscriptions.values().filter(|s| s.default_payment_method.as_deref() == Some(&id)).map(|s| s.id.clone()).collect();
        for s in paying {
            if let Some(s) = state.subscriptions.get_mut(&s) {
                s.default_payment_method = None;
            }
        }
        answer(state, render::payment_method(&state.payment_methods[&id]), &form)
    })
}

pub async fn list(
    Extract(sandbox): Extract<Sandbox>,
    Path(customer): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.read(|state| {
        if !state.customers.contains_key(&customer) {
            return Err(ApiError::no_such("customer", &customer, None));
        }
        if let Some(kind) = form.str("type")?
            && kind != "card"
        {
            return answer(state, render::list("", Vec::new(), false), &form);
        }
        let methods = state
            .payment_methods
            .values()
            .filter(|pm| pm.customer.as_deref() == Some(&customer))
            .map(|pm| (pm.created, pm.id.clone(), render::payment_method(pm)))
            .collect();
        let list = page(
            &format!("/v1/customers/{customer}/payment_methods"),
            methods,
            &form,
        )?;
        answer(state, list, &form)
    })
}
