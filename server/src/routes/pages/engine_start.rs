//! What a published calculator's page has the browser start on at once, beside the app's
//! own modules: the early script that starts the calculation worker and has it compile the
//! engine and load the calculator's libraries (`web/src/lib/engine/engine-start.ts`), and
//! `<link rel="preload">` for the engine's wasm module and those libraries. Without them
//! the worker starts after the app's first render, and only then fetches and compiles the
//! engine and fetches Math.js (`docs/benchmarks/2026-11-28-mathjs-load.md`).

use std::path::Path;

use calcsmith_engine::Library;
use serde::Deserialize;
use serde_json::Value;

use super::is_build_file;

/// `engine.json` of the web build (`web/vite.config.ts`): the early script's URL and the
/// engine's wasm module's (its name has a hash), each absent when the build has none.
#[derive(Deserialize)]
struct EngineFiles {
    start: Option<String>,
    wasm: Option<String>,
}

/// The tags for a published page whose calculator is `doc`; nothing when the build lists
/// no `engine.json`, and never a file the build did not write.
pub(super) async fn engine_start_tags(web_dir: &Path, doc: &Value) -> String {
    let Some(files) = tokio::fs::read_to_string(web_dir.join("engine.json"))
        .await
        .ok()
        .and_then(|text| serde_json::from_str::<EngineFiles>(&text).ok())
    else {
        return String::new();
    };
    // The libraries a calculator can switch on (`doc.libraries`), served at
    // `/js/lib/{name}.js`.
    let libraries: Vec<&str> = Library::ALL
        .into_iter()
        .map(Library::name)
        .filter(|name| doc["libraries"][name].as_bool() == Some(true))
        .collect();
    let mut tags = String::new();
    if let Some(start) = files.start.filter(|file| is_build_file(web_dir, file)) {
        tags.push_str(&format!(
            "<script type=\"module\" async fetchpriority=\"high\" src=\"{start}\" \
             data-engine-start data-libraries=\"{}\"></script>\n",
            libraries.join(" ")
        ));
    }
    // Fetched by the worker, not the page: the worker finds them in the HTTP cache (the
    // wasm's name has a hash and is cached for a year, the libraries for a day).
    if let Some(wasm) = files.wasm.filter(|file| is_build_file(web_dir, file)) {
        tags.push_str(&preload(&wasm));
    }
    for name in libraries {
        tags.push_str(&preload(&format!("/js/lib/{name}.js")));
    }
    tags
}

fn preload(file: &str) -> String {
    format!("<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{file}\">\n")
}
