//! Saving, reading, deleting and publishing calculators; ownership and plan limits.

use calcsmith_engine::CalcDoc;
use calcsmith_engine::worker::WorkerRequest;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde_json::{Map, Value, json};

use crate::auth::now_ms;
use crate::entities::{calculator, user};
use crate::error::ApiError;
use crate::services::plans::{PRIVATE_NEEDS_UPGRADE, Plan};
use crate::state::AppState;

/// How many calculators a page of "My Calculators" holds.
pub const PER_PAGE: u64 = 20;

/// A calculator id: exactly 16 characters of [0-9A-Za-z].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalcId(String);

impl CalcId {
    /// Parses an id from a path or body.
    ///
    /// # Errors
    /// 400 when it is not 16 characters of [0-9A-Za-z].
    pub fn parse(raw: &str) -> Result<CalcId, ApiError> {
        if raw.len() == 16 && raw.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(CalcId(raw.to_owned()))
        } else {
            Err(ApiError::BadRequest(
                "A calculator id is 16 letters and digits.".to_owned(),
            ))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Stored JSON text back to JSON (null if it was somehow damaged).
pub fn parse_json_text(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// The calculator if it exists and `viewer` may see it (its owner, or anyone when public).
///
/// # Errors
/// The database could not be read.
pub async fn visible(
    state: &AppState,
    id: &CalcId,
    viewer: Option<&user::Model>,
) -> Result<Option<calculator::Model>, ApiError> {
    let found = calculator::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?;
    Ok(found.filter(|c| !c.is_private || viewer.is_some_and(|u| u.id == c.owner_id)))
}

/// What `GET /api/calc/{id}` answers (and what a published page gets preloaded): the doc,
/// its style, and the error and result of running it with its defaults at the last save.
pub fn published_json(found: &calculator::Model) -> Value {
    serde_json::json!({
        "doc": parse_json_text(&found.doc),
        "doc_style": parse_json_text(&found.doc_style),
        "error": found.error,
        "result": found.initial_result.as_deref().map(parse_json_text),
    })
}

/// The calculator if `owner` owns it; a 404 otherwise (someone else's looks missing).
///
/// # Errors
/// 404 when it does not exist or is not theirs.
pub async fn owned(
    state: &AppState,
    id: &CalcId,
    owner: &user::Model,
) -> Result<calculator::Model, ApiError> {
    calculator::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?
        .filter(|c| c.owner_id == owner.id)
        .ok_or_else(ApiError::calculator_not_found)
}

/// Runs the calculator with its defaults in a worker, as every save does.
pub async fn run_defaults(state: &AppState, doc: &Value) -> Result<Value, ApiError> {
    let request = WorkerRequest {
        doc: doc.clone(),
        values: Map::new(),
        locale: None,
        today: None,
    };
    let mut result = state
        .evaluator
        .evaluate(request)
        .await
        .map_err(ApiError::Internal)?;
    // The console is the author's, for the editor: stored results never carry it.
    result.console.clear();
    serde_json::to_value(result).map_err(|e| ApiError::Internal(e.to_string()))
}

/// Saves `doc` and `doc_style` under `id` for `owner`: creates it on first save (within
/// the plan's limit), refuses someone else's, and stores what the engine says of it.
///
/// # Errors
/// 400 for a doc that is not a calculator or a full plan, 404 for someone else's id.
pub async fn save(
    state: &AppState,
    id: &CalcId,
    owner: &user::Model,
    doc: Value,
    doc_style: Value,
) -> Result<calculator::Model, ApiError> {
    let parsed = CalcDoc::from_json_value(doc.clone())
        .map_err(|e| ApiError::BadRequest(format!("The calculator is not valid: {e}")))?;
    if !doc_style.is_object() && !doc_style.is_null() {
        return Err(ApiError::BadRequest(
            "The calculator is not valid: doc_style must be an object".to_owned(),
        ));
    }
    let doc = serde_json::to_value(&parsed).map_err(|e| ApiError::Internal(e.to_string()))?;
    let existing = calculator::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?;
    if existing.as_ref().is_some_and(|c| c.owner_id != owner.id) {
        return Err(ApiError::calculator_not_found());
    }
    if existing.is_none() {
        let plan = Plan::parse(&owner.plan);
        if let Some(max) = plan.max_calculators() {
            let count = calculator::Entity::find()
                .filter(calculator::Column::OwnerId.eq(owner.id))
                .count(&state.db)
                .await?;
            if count >= max {
                return Err(ApiError::BadRequest(plan.limit_message()));
            }
        }
    }
    let result = run_defaults(state, &doc).await?;
    let error = result["error"].as_str().map(str::to_owned);
    let style = if doc_style.is_null() {
        json!({})
    } else {
        doc_style
    };
    let now = now_ms();
    let saved = match existing {
        Some(found) => {
            let mut model = found.into_active_model();
            model.doc = Set(doc.to_string());
            model.doc_style = Set(style.to_string());
            model.error = Set(error);
            model.initial_result = Set(Some(result.to_string()));
            model.updated_at = Set(now);
            model.update(&state.db).await?
        }
        None => {
            calculator::ActiveModel {
                id: Set(id.as_str().to_owned()),
                owner_id: Set(owner.id),
                doc: Set(doc.to_string()),
                doc_style: Set(style.to_string()),
                is_private: Set(false),
                error: Set(error),
                initial_result: Set(Some(result.to_string())),
                created_at: Set(now),
                updated_at: Set(now),
            }
            .insert(&state.db)
            .await?
        }
    };
    Ok(saved)
}

/// Toggles privacy; the message is for the UI to show.
///
/// # Errors
/// 404 for someone else's calculator, 400 on the free plan.
pub async fn toggle_privacy(
    state: &AppState,
    id: &CalcId,
    owner: &user::Model,
) -> Result<String, ApiError> {
    let found = owned(state, id, owner).await?;
    let private = !found.is_private;
    if private && !Plan::parse(&owner.plan).allows_private() {
        return Err(ApiError::BadRequest(PRIVATE_NEEDS_UPGRADE.to_owned()));
    }
    let mut model = found.into_active_model();
    model.is_private = Set(private);
    model.update(&state.db).await?;
    Ok(if private {
        "The calculator is now private: only you can open it.".to_owned()
    } else {
        "The calculator is now public: anyone with the link can open it.".to_owned()
    })
}

/// One page of the owner's calculators, newest first.
///
/// # Errors
/// The database could not be read.
pub async fn page_of(state: &AppState, owner: &user::Model, page: u64) -> Result<Value, ApiError> {
    let page = page.max(1);
    let paginator = calculator::Entity::find()
        .filter(calculator::Column::OwnerId.eq(owner.id))
        .order_by_desc(calculator::Column::CreatedAt)
        .order_by_desc(calculator::Column::Id)
        .paginate(&state.db, PER_PAGE);
    let total = paginator.num_items().await?;
    let pages = total.div_ceil(PER_PAGE).max(1);
    let data: Vec<Value> = paginator
        .fetch_page(page - 1)
        .await?
        .into_iter()
        .map(|c| {
            json!({
                "_id": c.id,
                "doc": parse_json_text(&c.doc),
                "doc_style": parse_json_text(&c.doc_style),
                "private": c.is_private,
                "error": c.error,
            })
        })
        .collect();
    Ok(json!({
        "data": data,
        "paging": {"page": page, "pages": pages, "perPage": PER_PAGE, "total": total},
    }))
}
