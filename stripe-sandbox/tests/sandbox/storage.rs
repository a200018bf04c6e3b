//! Cards nobody attached are forgotten after an hour (issue 25, item 4).

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use crate::{fresh_state_file, spawn_with};

/// Adds `count` unattached cards made at `created`, each with `padding` bytes of billing
/// name, straight into the state file (the sandbox is not running).
fn add_cards(path: &Path, count: usize, padding: usize, created: i64) -> Vec<String> {
    let mut state: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let name = "n".repeat(padding);
    let mut ids = Vec::new();
    for i in 0..count {
        let id = format!("pm_filler{created}x{i:06}");
        state["payment_methods"][&id] = json!({
            "id": id, "created": created, "customer": null, "brand": "visa",
            "last4": "4242", "exp_month": 12, "exp_year": 2034, "fingerprint": "f",
            "behaviour": "succeeds",
            "billing_details": { "address": null, "email": null, "name": name,
                                 "phone": null, "tax_id": null },
            "metadata": {},
        });
        ids.push(id);
    }
    std::fs::write(path, serde_json::to_vec(&state).unwrap()).unwrap();
    ids
}

/// Makes the state file (keys, plans) without keeping a sandbox open on it.
async fn new_state_file() -> std::path::PathBuf {
    let path = fresh_state_file();
    drop(spawn_with(path.clone(), 0).await);
    path
}

#[tokio::test]
async fn cards_left_unattached_for_an_hour_are_forgotten() {
    let path = new_state_file().await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let old = add_cards(&path, 1, 10, now - 3601).remove(0);
    let recent = add_cards(&path, 1, 10, now - 60).remove(0);
    let app = spawn_with(path, 0).await;
    let key = app.sandbox.secret_key();
    // The real-time task looks at once on start, then every 30 s.
    let mut status = 0;
    for _ in 0..100 {
        status = app
            .raw("GET", &format!("/v1/payment_methods/{old}"), Some(&key), "")
            .await
            .0;
        if status == 404 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, 404, "an abandoned card was kept");
    app.get(&format!("/v1/payment_methods/{recent}")).await;
}
