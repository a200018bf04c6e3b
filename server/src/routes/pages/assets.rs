//! The files the app is made of: the web build's (hashed assets, screens, the worker, the
//! service worker, the manifest, icons), the engine package's (`pkg/`, with the Intl
//! module's wait while `scripts/run` builds it) and the built-in ones, each with its cache
//! policy and its compressed copies.

use std::path::{Path, PathBuf};

use axum::extract::{Path as UrlPath, Request, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};

use serde::Deserialize;
use serde_json::Value;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::domain::CalcId;

use crate::error::ApiError;

use crate::state::AppState;

/// Built-in assets that are not part of the web build.
fn static_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("static")
}

/// Serves one file from `dir`, with `cache` as its Cache-Control, or a 404. A browser that
/// accepts brotli or gzip gets the file's `.br` or `.gz` copy when the build made one
/// (scripts/build-wasm for the engine and the libraries, web/vite.config.ts for the web
/// build): the default wasm module is about 4 MB raw, 1.3 MB gzipped and 0.9 MB in brotli.
pub(super) async fn serve_file(
    dir: &Path,
    file: &str,
    cache: &'static str,
    request: Request,
) -> Response {
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

pub(super) async fn partial(
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

pub(super) async fn library(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.pkg_dir.join("lib");
    serve_file(&dir, &file, "public, max-age=86400", request).await
}

/// `/js/worker.js` has no hash in its name, so it is revalidated on every load.
pub(super) async fn web_js(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.web_dir.join("js");
    serve_file(&dir, &file, "no-cache", request).await
}

pub(super) async fn hashed_asset(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.web_dir.join("assets");
    serve_file(&dir, &file, "public, max-age=31536000, immutable", request).await
}

pub(super) async fn package_file(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let response = serve_file(&state.config.pkg_dir, &file, "no-cache", request).await;
    if response.status() == StatusCode::NOT_FOUND
        && (file.starts_with(INTL_MODULE) || file.starts_with(INTL_DATA))
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

/// The Intl module's locale data in `pkg/` (`intl/core.postcard`, `intl/en.postcard`, …),
/// which scripts/build-wasm writes with the module.
const INTL_DATA: &str = "intl/";

/// The file `scripts/run` keeps in `pkg/` while it builds the Intl module after the server
/// has started: until the module is there, the web worker is told to wait for it (503 with
/// `Retry-After`), not that it is missing.
const INTL_BUILDING: &str = ".intl-building";

/// The answer for the Intl module while it is being built.
pub const INTL_BEING_BUILT: &str = "The Intl module is still being built.";

/// `index.html` as built, without any page data: the app shell the service worker saves
/// and shows for `/calc/{id}` without a network. Never a page's own HTML, which names
/// whoever is signed in.
pub(super) async fn app_shell(State(state): State<AppState>, request: Request) -> Response {
    serve_file(&state.config.web_dir, "index.html", "no-cache", request).await
}

/// The service worker (`web/src/sw.ts`). Revalidated on every load: a new deployment is
/// a new worker, which replaces the old one at the next visit.
pub(super) async fn service_worker(State(state): State<AppState>, request: Request) -> Response {
    let mut response = serve_file(&state.config.web_dir, "sw.js", "no-cache", request).await;
    if response.status() == StatusCode::OK {
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/javascript; charset=utf-8"),
        );
    }
    response
}

/// Other sites load the one-line embed (`web/src/lib/embed-host/embed.ts`) from a fixed
/// address in the snippet they pasted: an hour's cache, then revalidated, so a new
/// deployment reaches them the same day without each page view asking again.
const EMBED_CACHE: &str = "public, max-age=3600";

/// `/embed.js`, the one-line embed's script (docs/embed.md).
pub(super) async fn embed_script(State(state): State<AppState>, request: Request) -> Response {
    let mut response = serve_file(&state.config.web_dir, "embed.js", EMBED_CACHE, request).await;
    if response.status() == StatusCode::OK {
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/javascript; charset=utf-8"),
        );
    }
    response
}

/// `/embed.d.ts`, the TypeScript types of `window.Calcsmith` (`web/public/embed.d.ts`), as
/// text (a `.ts` file would otherwise be sent as an MPEG transport stream).
pub(super) async fn embed_types(State(state): State<AppState>, request: Request) -> Response {
    let mut response = serve_file(&state.config.web_dir, "embed.d.ts", EMBED_CACHE, request).await;
    if response.status() == StatusCode::OK {
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
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
pub(super) async fn web_manifest(State(state): State<AppState>, request: Request) -> Response {
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
pub(super) fn manifest_for_calc(text: &str, id: &CalcId) -> Option<String> {
    let mut manifest: Value = serde_json::from_str(text).ok()?;
    let page = Value::String(format!("/calc/{}", id.as_str()));
    let fields = manifest.as_object_mut()?;
    fields.insert("id".to_owned(), page.clone());
    fields.insert("start_url".to_owned(), page);
    Some(manifest.to_string())
}

/// The manifest's icons (`web/public/icons/`).
pub(super) async fn icon(
    State(state): State<AppState>,
    UrlPath(file): UrlPath<String>,
    request: Request,
) -> Response {
    let dir = state.config.web_dir.join("icons");
    serve_file(&dir, &file, "public, max-age=86400", request).await
}

pub(super) async fn built_in(request: Request) -> Response {
    let path = request.uri().path().trim_start_matches('/').to_owned();
    serve_file(&static_dir(), &path, "public, max-age=86400", request).await
}

pub(super) async fn fallback(method: Method, request: Request) -> Response {
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
