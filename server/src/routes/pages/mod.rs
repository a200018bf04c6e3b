//! The web app's pages (the SPA's `index.html` with preloaded page data), its lazily
//! loaded screens under `/partials/`, static assets, the service worker with the web app
//! manifest and its icons, and the fallbacks: unknown `/api/` paths are a JSON 404, any
//! other unknown path redirects to `/`.

use std::collections::HashMap;
use std::path::Path;

use axum::Router;
use axum::extract::State;
use axum::http::Uri;
use axum::http::header::CACHE_CONTROL;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;

use crate::auth::MaybeUser;
use crate::domain::CalcId;
use crate::domain::embed_domains::FrameAncestors;
use crate::entities::user;

use crate::services::calculators::{self, Published};
use crate::state::AppState;

/// The screens of spec §2; each returns the SPA.
pub const PAGES: &[&str] = &[
    "/",
    "/source/{id}",
    "/calc/{id}",
    "/embed/{id}",
    "/account",
    "/account/sub",
    "/account/card",
    "/account/invoice",
    "/terms",
    "/privacy",
    "/pricing",
    "/pricing_fail",
    "/pricing_pass",
    "/user/calculators",
    "/analytics/{id}",
    "/submissions/{id}",
    "/forgot",
];

mod assets;
mod engine_start;

/// The page and asset routes.
pub fn router() -> Router<AppState> {
    let mut router = Router::new();
    for page in PAGES {
        router = router.route(page, get(page_html));
    }
    router
        .route("/partials/{name}", get(assets::partial))
        .route("/js/lib/{file}", get(assets::library))
        .route("/js/{*file}", get(assets::web_js))
        .route("/assets/{*file}", get(assets::hashed_asset))
        .route("/pkg/{*file}", get(assets::package_file))
        .route("/txt/{*file}", get(assets::built_in))
        .route("/img/{*file}", get(assets::built_in))
        .route("/index.html", get(assets::app_shell))
        .route("/sw.js", get(assets::service_worker))
        .route("/embed.js", get(assets::embed_script))
        .route("/embed.d.ts", get(assets::embed_types))
        .route("/manifest.webmanifest", get(assets::web_manifest))
        .route("/icons/{file}", get(assets::icon))
        .fallback(assets::fallback)
}

/// `index.html` of the web build (or the built-in stand-in) with the page data the app
/// reads at start: whether someone is signed in.
async fn page_html(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    uri: Uri,
) -> Response {
    let built = tokio::fs::read_to_string(state.config.web_dir.join("index.html")).await;
    let html = match built {
        Ok(html) => html,
        Err(_) => include_str!("../../../static/index.html").to_owned(),
    };
    let mut data = PageData {
        authenticated: user.is_some(),
        user: user.as_ref().map(|u| PageUser {
            name: u.name.clone(),
            email: u.email.clone(),
        }),
        calc: None,
    };
    // A published page gets its calculator with it: the first outputs need no second trip.
    let mut html = html;
    let mut engine_tags = String::new();
    let mut frame_ancestors = None;
    if let Some(calc) = published_for_page(&state, uri.path(), user.as_ref()).await {
        if uri.path().starts_with("/embed/") {
            frame_ancestors = FrameAncestors::of_doc(&calc.published.doc);
        }
        engine_tags =
            engine_start::engine_start_tags(&state.config.web_dir, &calc.published.doc).await;
        let canonical = format!(
            "{}/calc/{}",
            state.config.public_url.trim_end_matches('/'),
            calc._id
        );
        html = super::share_meta::with_share_meta(&html, &calc.published.doc, &canonical);
        if uri.path().starts_with("/calc/") {
            // Installed from this page, the app opens this calculator (`web_manifest`).
            let manifest = format!("/manifest.webmanifest?calc={}", calc._id);
            html = html.replace(
                r#"href="/manifest.webmanifest""#,
                &format!(r#"href="{manifest}""#),
            );
        }
        data.calc = Some(calc);
    }
    // `<` escaped so the data can never close the script element; a stored result's lone
    // surrogates as `\udXXX` (calcsmith_engine::js_text).
    let data = calcsmith_engine::js_text::to_json(&data)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let preloads = module_preloads(&state.config.web_dir, uri.path()).await;
    let tag = format!(
        "{engine_tags}{preloads}<script id=\"calcsmith-preload\" type=\"application/json\">{data}</script>"
    );
    let html = match html.find("</head>") {
        Some(at) => format!("{}{tag}\n{}", &html[..at], &html[at..]),
        None => format!("{tag}\n{html}"),
    };
    let mut response = ([(CACHE_CONTROL, "no-cache")], Html(html)).into_response();
    // The sites the calculator lists may frame its embed (`security::headers` writes it).
    if let Some(allowed) = frame_ancestors {
        response.extensions_mut().insert(allowed);
    }
    response
}

/// The data a page starts with (`<script id="calcsmith-preload">`, read by
/// `web/src/lib/preload.ts`).
#[derive(Serialize)]
struct PageData {
    authenticated: bool,
    user: Option<PageUser>,
    /// A published page's calculator.
    #[serde(skip_serializing_if = "Option::is_none")]
    calc: Option<PageCalc>,
}

#[derive(Serialize)]
struct PageUser {
    name: String,
    email: String,
}

/// A published page's calculator: what `GET /api/calc/{id}` answers, its id, and whether
/// it is private.
#[derive(Serialize)]
struct PageCalc {
    #[serde(flatten)]
    published: Published,
    _id: String,
    private: bool,
}

/// `<link rel="modulepreload">` tags for the page's screen and the modules it imports
/// beyond the entry's, as the web build lists them (`partials/preload.json`, written by
/// `web/vite.config.ts`): the browser fetches them while the entry bundle loads, not after
/// it has run. Nothing when the build has no list or names nothing for this page, and
/// never a file the build did not write (the browser would fetch a 404).
async fn module_preloads(web_dir: &Path, path: &str) -> String {
    let Ok(text) = tokio::fs::read_to_string(web_dir.join("partials/preload.json")).await else {
        return String::new();
    };
    let Ok(mut screens) = serde_json::from_str::<HashMap<String, Vec<String>>>(&text) else {
        return String::new();
    };
    let files = screens.remove(&screen_of(path)).unwrap_or_default();
    files
        .iter()
        // Paths of the build's own files only: nothing that could leave the attribute.
        .filter(|file| is_build_file(web_dir, file))
        .map(|file| format!("<link rel=\"modulepreload\" crossorigin href=\"{file}\">\n"))
        .collect()
}

/// Whether `file` (`/partials/calc.js`) is a file the web build wrote, named so that it
/// cannot leave an HTML attribute.
fn is_build_file(web_dir: &Path, file: &str) -> bool {
    file.starts_with('/')
        && file
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-".contains(&b))
        && !file.contains("..")
        && web_dir.join(&file[1..]).is_file()
}

/// The screen (`web/src/partials/{name}`) the app shows at `path`, one of [`PAGES`]:
/// `/calc/{id}` → `calc`, `/account/sub` → `account_sub`, `/` → `welcome`.
fn screen_of(path: &str) -> String {
    for screen in ["calc", "embed", "source", "analytics", "submissions"] {
        if path
            .strip_prefix('/')
            .and_then(|p| p.strip_prefix(screen))
            .is_some_and(|rest| rest.starts_with('/'))
        {
            return screen.to_owned();
        }
    }
    match path.trim_matches('/') {
        "" => "welcome".to_owned(),
        name => name.replace('/', "_"),
    }
}

/// The published calculator of a `/calc/{id}` or `/embed/{id}` page, if the viewer may see
/// it; anything else (another page, a bad id, a database error) leaves it to the app.
async fn published_for_page(
    state: &AppState,
    path: &str,
    viewer: Option<&user::Model>,
) -> Option<PageCalc> {
    let id = path
        .strip_prefix("/calc/")
        .or_else(|| path.strip_prefix("/embed/"))?;
    let id = CalcId::parse(id).ok()?;
    let found = calculators::visible(state, &id, viewer).await.ok()??;
    let shown = calculators::shown(state, &found).await.ok()?;
    Some(PageCalc {
        published: calculators::published(&shown),
        _id: id.as_str().to_owned(),
        // The page keeps a public calculator on the device for offline use, never a
        // private one (only its owner is shown it): `web/src/lib/offline/saved-calcs.ts`.
        private: found.is_private,
    })
}
