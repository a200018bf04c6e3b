//! Numbers a request names in its path or query (a page, a version): plain whole numbers
//! written as people write them, so `0`, `+1`, `01` and ` 1` are refused rather than read
//! as something else. Every paged list reads its page here, and answers in one shape,
//! `{"data": [...], "paging": {"page", "pages", "perPage", "total"}}` ([`Page`]).

use sea_orm::{ConnectionTrait, DbErr, Paginator, SelectorTrait};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// One page of a list, as every paged answer has it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub paging: Paging,
}

/// Where a page is in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Paging {
    pub page: u64,
    /// At least 1, also for an empty list.
    pub pages: u64,
    pub per_page: u64,
    pub total: u64,
}

impl<T> Page<T> {
    /// The same page with each item made into what the answer shows.
    pub fn map<U>(self, show: impl FnMut(T) -> U) -> Page<U> {
        Page {
            data: self.data.into_iter().map(show).collect(),
            paging: self.paging,
        }
    }
}

/// Page `page` (from 1) of `paginator`'s list, with where it is in the list.
///
/// # Errors
/// The database could not be read.
pub async fn fetch<'db, C, S>(
    paginator: Paginator<'db, C, S>,
    page: u64,
    per_page: u64,
) -> Result<Page<S::Item>, DbErr>
where
    C: ConnectionTrait,
    S: SelectorTrait + 'db,
{
    let total = paginator.num_items().await?;
    let data = paginator.fetch_page(page.max(1) - 1).await?;
    Ok(Page {
        data,
        paging: Paging {
            page,
            pages: total.div_ceil(per_page).max(1),
            per_page,
            total,
        },
    })
}

/// The highest page one may ask for (far past any list, and small enough that its offset
/// cannot overflow the query).
pub const MAX_PAGE: u64 = 1_000_000;

/// A whole number from 1 in its plain form: ASCII digits, no sign, no leading zero.
pub fn positive_number(raw: &str) -> Option<u64> {
    let plain = !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) && !raw.starts_with('0');
    plain.then(|| raw.parse().ok()).flatten()
}

/// The message for a page that is not a number from 1 to [`MAX_PAGE`].
fn bad_page() -> ApiError {
    ApiError::BadRequest(format!("page must be a number from 1 to {MAX_PAGE}."))
}

/// A page number from the query: absent or empty is the first page.
///
/// # Errors
/// 400 for anything but a number from 1 to [`MAX_PAGE`].
pub fn page(raw: Option<&str>) -> Result<u64, ApiError> {
    match raw {
        None | Some("") => Ok(1),
        Some(raw) => positive_number(raw)
            .filter(|&page| page <= MAX_PAGE)
            .ok_or_else(bad_page),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_whole_numbers_from_one_are_numbers() {
        for good in ["1", "9", "10", "1000000", "18446744073709551615"] {
            assert!(positive_number(good).is_some(), "{good}");
        }
        for bad in [
            "",
            "0",
            "00",
            "01",
            "+1",
            "-1",
            " 1",
            "1 ",
            "1.0",
            "1e3",
            "١",
            "18446744073709551616",
        ] {
            assert_eq!(positive_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_page_is_absent_empty_or_from_one_to_the_highest() {
        assert_eq!(page(None).ok(), Some(1));
        assert_eq!(page(Some("")).ok(), Some(1));
        assert_eq!(page(Some("7")).ok(), Some(7));
        assert!(page(Some("0")).is_err());
        assert!(page(Some("1000001")).is_err());
    }
}
