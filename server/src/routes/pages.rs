//! The web app's pages (the SPA's `index.html` with preloaded page data), its lazily
//! loaded screens under `/partials/`, static assets, the service worker with the web app
//! manifest and its icons, and the fallbacks: unknown `/api/` paths are a JSON 404, any
//! other unknown path redirects to `/`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::{Path as UrlPath, Request, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, Method, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::auth::MaybeUser;
use crate::domain::CalcId;
use crate::entities::user;
use crate::error::ApiError;
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
    "/forgot",
];

/// Built-in assets that are not part of the web build.
fn static_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("static")
}

/// The page and asset routes.
pub fn router() -> Router<AppState> {
    let mut router = Router::new();
    for page in PAGES {
        router = router.route(page, get(page_html));
    }
    router
        .route("/partials/{name}", get(partial))
        .route("/js/lib/{file}", get(library))
        .route("/js/{*file}", get(web_js))
        .route("/assets/{*file}", get(hashed_asset))
        .route("/pkg/{*file}", get(package_file))
        .route("/txt/{*file}", get(built_in))
        .route("/img/{*file}", get(built_in))
        .route("/index.html", get(app_shell))
        .route("/sw.js", get(service_worker))
        .route("/manifest.webmanifest", get(web_manifest))
        .route("/icons/{file}", get(icon))
        .fallback(fallback)
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
        Err(_) => include_str!("../../static/index.html").to_owned(),
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
    if let Some(calc) = published_for_page(&state, uri.path(), user.as_ref()).await {
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
    // `<` escaped so the data can never close the script element.
    let data = serde_json::to_string(&data)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let preloads = module_preloads(&state.config.web_dir, uri.path()).await;
    let tag = format!(
        "{preloads}<script id=\"calcsmith-preload\" type=\"application/json\">{data}</script>"
    );
    let html = match html.find("</head>") {
        Some(at) => format!("{}{tag}\n{}", &html[..at], &html[at..]),
        None => format!("{tag}\n{html}"),
    };
    ([(CACHE_CONTROL, "no-cache")], Html(html)).into_response()
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
        .filter(|file| {
            file.starts_with('/')
                && file
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"/._-".contains(&b))
                && !file.contains("..")
                && web_dir.join(&file[1..]).is_file()
        })
        .map(|file| format!("<link rel=\"modulepreload\" crossorigin href=\"{file}\">\n"))
        .collect()
}

/// The screen (`web/src/partials/{name}`) the app shows at `path`, one of [`PAGES`]:
/// `/calc/{id}` → `calc`, `/account/sub` → `account_sub`, `/` → `welcome`.
fn screen_of(path: &str) -> String {
    for screen in ["calc", "embed", "source"] {
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

/// Serves one file from `dir`, with `cache` as its Cache-Control, or a 404. A browser that
/// accepts brotli or gzip gets the file's `.br` or `.gz` copy when the build made one
/// (scripts/build-wasm for the engine and the libraries, web/vite.config.ts for the web
/// build): the default wasm module is about 4 MB raw, 1.3 MB gzipped and 0.9 MB in brotli.
async fn serve_file(dir: &Path, file: &str, cache: &'static str, request: Request) -> Response {
    if file.split('/').any(|part| part == ".." || part.is_empty()) {
        return ApiError::NotFound("Not found.".to_owned()).into_response();
    }
    let mut inner = Request::new(axum::body::Body::empty());
    *inner.uri_mut() = match format!("/{file}").parse() {
        Ok(uri) => uri,
        Err(_) => return ApiError::NotFound("Not found.".to_owned()).into_response(),
    };
    *inner.headers_mut() = request.headers().clone();
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    match files.oneshot(inner).await {
        Ok(response)
            if response.status() == StatusCode::OK
                || response.status() == StatusCode::NOT_MODIFIED =>
        {
            let mut response = response.into_response();
            response
                .headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static(cache));
            if file.ends_with(".wasm") {
                response
                    .headers_mut()
                    .insert(CONTENT_TYPE, HeaderValue::from_static("application/wasm"));
            }
            response
        }
        _ => ApiError::NotFound("Not found.".to_owned()).into_response(),
    }
}

async fn partial(
    State(state): State<AppState>,
    UrlPath(name): UrlPath<String>,
    request: Request,
) -> Response {
    let name = name.trim_end_matches(".js");
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return ApiError::NotFound("Not found.".to_owned()).into_response();
    }
    let dir = state.config.web_dir.join("partials");
    serve_file(&dir, &format!("{name}.js"), "no-cache", request).await
}

async fn library(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.pkg_dir.join("lib");
    serve_file(&dir, &file, "public, max-age=86400", request).await
}

/// `/js/worker.js` has no hash in its name, so it is revalidated on every load.
async fn web_js(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.web_dir.join("js");
    serve_file(&dir, &file, "no-cache", request).await
}

async fn hashed_asset(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.web_dir.join("assets");
    serve_file(&dir, &file, "public, max-age=31536000, immutable", request).await
}

async fn package_file(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let response = serve_file(&state.config.pkg_dir, &file, "no-cache", request).await;
    if response.status() == StatusCode::NOT_FOUND
        && file.starts_with(INTL_MODULE)
        && tokio::fs::try_exists(state.config.pkg_dir.join(INTL_BUILDING))
            .await
            .unwrap_or(false)
    {
        return ApiError::RetryLater {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: INTL_BEING_BUILT.to_owned(),
            retry_after_seconds: 5,
        }
        .into_response();
    }
    response
}

/// The Intl module's files in `pkg/` (`calcsmith_engine_intl.js`, `…_bg.wasm`).
const INTL_MODULE: &str = "calcsmith_engine_intl";

/// The file `scripts/run` keeps in `pkg/` while it builds the Intl module after the server
/// has started: until the module is there, the web worker is told to wait for it (503 with
/// `Retry-After`), not that it is missing.
const INTL_BUILDING: &str = ".intl-building";

/// The answer for the Intl module while it is being built.
pub const INTL_BEING_BUILT: &str = "The Intl module is still being built.";

/// `index.html` as built, without any page data: the app shell the service worker saves
/// and shows for `/calc/{id}` without a network. Never a page's own HTML, which names
/// whoever is signed in.
async fn app_shell(State(state): State<AppState>, request: Request) -> Response {
    serve_file(&state.config.web_dir, "index.html", "no-cache", request).await
}

/// The service worker (`web/src/sw.ts`). Revalidated on every load: a new deployment is
/// a new worker, which replaces the old one at the next visit.
async fn service_worker(State(state): State<AppState>, request: Request) -> Response {
    let mut response = serve_file(&state.config.web_dir, "sw.js", "no-cache", request).await;
    if response.status() == StatusCode::OK {
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/javascript; charset=utf-8"),
        );
    }
    response
}

/// `?calc={id}` of the manifest a published page links.
#[derive(Deserialize)]
struct ManifestQuery {
    calc: Option<String>,
}

/// The web app manifest: installing a page to the home screen. Linked from a published
/// calculator's page with `?calc={id}`, it makes that calculator the installed app.
async fn web_manifest(State(state): State<AppState>, request: Request) -> Response {
    let calc = request
        .uri()
        .query()
        .and_then(|query| serde_urlencoded::from_str::<ManifestQuery>(query).ok())
        .and_then(|query| CalcId::parse(&query.calc?).ok());
    let mut response = match calc {
        Some(id) => {
            let file = state.config.web_dir.join("manifest.webmanifest");
            match tokio::fs::read_to_string(file)
                .await
                .ok()
                .as_deref()
                .and_then(|text| manifest_for_calc(text, &id))
            {
                Some(manifest) => ([(CACHE_CONTROL, "no-cache")], manifest).into_response(),
                None => ApiError::NotFound("Not found.".to_owned()).into_response(),
            }
        }
        None => {
            serve_file(
                &state.config.web_dir,
                "manifest.webmanifest",
                "no-cache",
                request,
            )
            .await
        }
    };
    if response.status() == StatusCode::OK {
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("application/manifest+json"),
        );
    }
    response
}

/// The build's manifest with `/calc/{id}` as the app's identity and start page.
fn manifest_for_calc(text: &str, id: &CalcId) -> Option<String> {
    let mut manifest: Value = serde_json::from_str(text).ok()?;
    let page = Value::String(format!("/calc/{}", id.as_str()));
    let fields = manifest.as_object_mut()?;
    fields.insert("id".to_owned(), page.clone());
    fields.insert("start_url".to_owned(), page);
    Some(manifest.to_string())
}

/// The manifest's icons (`web/public/icons/`).
async fn icon(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.web_dir.join("icons");
    serve_file(&dir, &file, "public, max-age=86400", request).await
}

async fn built_in(request: Request) -> Response {
    let path = request.uri().path().trim_start_matches('/').to_owned();
    serve_file(&static_dir(), &path, "public, max-age=86400", request).await
}

async fn fallback(method: Method, request: Request) -> Response {
    if request.uri().path().starts_with("/api/") {
        return ApiError::NotFound(format!(
            "No such API route: {} {}",
            method,
            request.uri().path()
        ))
        .into_response();
    }
    Redirect::to("/").into_response()
}
