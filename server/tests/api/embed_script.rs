//! The one-line embed's files (docs/embed.md): `/embed.js`, which other sites load with a
//! plain `<script>`, and its types `/embed.d.ts`, each with its content type and cache.

use std::path::PathBuf;

use calcsmith_server::config::Config;

use crate::both_databases;
use crate::helpers::*;

const SCRIPT: &[u8] = b"(function(){window.Calcsmith={version:1};})();";

/// A stand-in web build with the embed's files (and a brotli copy of the script).
fn stand_in_web_build(label: &str) -> PathBuf {
    let web = std::env::temp_dir().join(format!("calcsmith-embed-{}-{label}", std::process::id()));
    for (path, bytes) in [
        ("index.html", &b"<html><head></head></html>"[..]),
        ("embed.js", SCRIPT),
        ("embed.js.br", b"brotli embed"),
        (
            "embed.d.ts",
            b"export interface CalcsmithApi { version: 1 }",
        ),
    ] {
        let file = web.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, bytes).unwrap();
    }
    web
}

both_databases!(
    embed_js_and_its_types_are_served_for_other_sites_with_an_hours_cache,
    configure = |config: &mut Config| config.web_dir = stand_in_web_build("served"),
    |app: TestApp| async move {
        let client = app.browser();
        let script = client
            .get(app.url("/embed.js"))
            .header("sec-fetch-site", "cross-site")
            .header("sec-fetch-dest", "script")
            .send()
            .await
            .unwrap();
        assert_eq!(script.status(), 200);
        assert_eq!(
            header(&script, "content-type"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(header(&script, "cache-control"), "public, max-age=3600");
        // Nothing keeps another site from running it.
        assert_eq!(header(&script, "cross-origin-resource-policy"), "");
        assert_eq!(&script.bytes().await.unwrap()[..], SCRIPT);

        let packed = client
            .get(app.url("/embed.js"))
            .header("accept-encoding", "gzip, br")
            .send()
            .await
            .unwrap();
        assert_eq!(header(&packed, "content-encoding"), "br");
        assert_eq!(
            header(&packed, "content-type"),
            "text/javascript; charset=utf-8"
        );

        let types = client.get(app.url("/embed.d.ts")).send().await.unwrap();
        assert_eq!(types.status(), 200);
        assert_eq!(header(&types, "content-type"), "text/plain; charset=utf-8");
        assert_eq!(header(&types, "cache-control"), "public, max-age=3600");
        assert!(types.text().await.unwrap().contains("CalcsmithApi"));
    }
);

both_databases!(
    a_deployment_without_the_embed_build_answers_404,
    configure = |config: &mut Config| config.web_dir =
        std::env::temp_dir().join("calcsmith-no-embed-build"),
    |app: TestApp| async move {
        let client = app.browser();
        for path in ["/embed.js", "/embed.d.ts"] {
            let response = client.get(app.url(path)).send().await.unwrap();
            assert_eq!(response.status(), 404, "{path}");
        }
    }
);
