//! "Download my data": everything the account holds, as one JSON file: the profile, each
//! calculator with every kept version, and the submissions its visitors sent.
//!
//! Submissions are exported as the owner reads them on the Submissions screen: those the
//! plan lets them read, with how many more the plan holds back (an upgrade shows them, as
//! it does on the screen). Secrets are never in the file: no password hash, no session,
//! no card (cards live with Stripe; the Billing screen lists the invoices).

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::parse_json_text;
use crate::entities::{calculator, calculator_version, user};
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::services::rate_limit;
use crate::services::submissions::listing::{Filter, SubmissionView, held_back, readable};
use crate::state::AppState;
use crate::tokens::now;

/// Exports one account may make an hour (times `CALCSMITH_RATE_LIMIT_SCALE`): each reads
/// every row the account has.
const EXPORTS_PER_HOUR: i64 = 10;

/// The 429's message past [`EXPORTS_PER_HOUR`].
pub const EXPORTING_TOO_OFTEN: &str =
    "You have downloaded your data 10 times this hour. Please try again later.";

/// The file's format; a change that readers would notice makes it 2.
const FORMAT: u32 = 1;

/// The whole file.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountExport {
    /// 1 for this shape.
    pub format: u32,
    /// Unix seconds.
    #[serde(rename = "exportedAt")]
    pub exported_at: i64,
    pub account: ExportedAccount,
    /// Newest first.
    pub calculators: Vec<ExportedCalculator>,
}

/// The profile as the Account screen shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedAccount {
    pub email: String,
    pub name: String,
    pub phone: String,
    pub address: String,
    pub zipcode: String,
    pub city: String,
    pub state: String,
    pub country: String,
    /// `free`, `regular` or `premium`.
    pub plan: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// One calculator, its versions and its submissions.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedCalculator {
    pub id: String,
    #[schema(value_type = Object)]
    pub doc: Value,
    #[schema(value_type = Object)]
    pub doc_style: Value,
    pub private: bool,
    /// Unix milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
    /// The current version's number.
    pub version: i64,
    /// The version visitors are shown.
    pub published_version: i64,
    /// Every kept version, oldest first.
    pub versions: Vec<ExportedVersion>,
    /// Newest first, as on the Submissions screen.
    pub submissions: Vec<SubmissionView>,
    /// Submissions stored past the plan's monthly limit, not in this file until the plan
    /// has room for them.
    #[serde(rename = "submissionsHeldBack")]
    pub submissions_held_back: u64,
}

/// One kept version.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedVersion {
    pub number: i64,
    /// Unix milliseconds.
    pub created_at: i64,
    #[schema(value_type = Object)]
    pub doc: Value,
    #[schema(value_type = Object)]
    pub doc_style: Value,
}

/// Everything `owner`'s account holds.
///
/// # Errors
/// 429 past [`EXPORTS_PER_HOUR`]; the database could not be read.
pub async fn export(state: &AppState, owner: &user::Model) -> Result<AccountExport, ApiError> {
    let key = format!("export:{}", owner.id);
    rate_limit::hit_saying(state, &key, EXPORTS_PER_HOUR, 3600, EXPORTING_TOO_OFTEN).await?;
    let calculators = calculator::Entity::find()
        .filter(calculator::Column::OwnerId.eq(owner.id))
        .order_by_desc(calculator::Column::CreatedAt)
        .order_by_desc(calculator::Column::Id)
        .all(&state.db)
        .await?;
    let mut exported = Vec::with_capacity(calculators.len());
    for calc in calculators {
        exported.push(calculator_of(state, owner, calc).await?);
    }
    Ok(AccountExport {
        format: FORMAT,
        exported_at: now(),
        account: ExportedAccount {
            email: owner.email.clone(),
            name: owner.name.clone(),
            phone: owner.phone.clone(),
            address: owner.address.clone(),
            zipcode: owner.zipcode.clone(),
            city: owner.city.clone(),
            state: owner.state.clone(),
            country: owner.country.clone(),
            plan: owner.plan.clone(),
            created_at: owner.created_at,
        },
        calculators: exported,
    })
}

async fn calculator_of(
    state: &AppState,
    owner: &user::Model,
    calc: calculator::Model,
) -> Result<ExportedCalculator, ApiError> {
    let versions = calculator_version::Entity::find()
        .filter(calculator_version::Column::CalculatorId.eq(calc.id.as_str()))
        .order_by_asc(calculator_version::Column::Number)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|v| ExportedVersion {
            number: v.number,
            created_at: v.created_at,
            doc: parse_json_text(&v.doc),
            doc_style: parse_json_text(&v.doc_style),
        })
        .collect();
    let submissions: Vec<SubmissionView> = readable(&calc.id, owner, &Filter::default())?
        .all(&state.db)
        .await?
        .into_iter()
        .map(SubmissionView::of)
        .collect();
    let limit = Plan::parse(&owner.plan).monthly_submissions();
    let held = held_back(state, &calc.id, limit).await?;
    Ok(ExportedCalculator {
        id: calc.id,
        doc: parse_json_text(&calc.doc),
        doc_style: parse_json_text(&calc.doc_style),
        private: calc.is_private,
        created_at: calc.created_at,
        updated_at: calc.updated_at,
        version: calc.version,
        published_version: calc.published_version,
        versions,
        submissions,
        submissions_held_back: held,
    })
}
