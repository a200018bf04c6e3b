# Shared set-up for the scripts in this folder: each step installs what is missing and
# does nothing when it is already there, so every script is safe to run again.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Cargo's own bin (rustup's cargo and rustc), and CARGO_HOME's when it is elsewhere (where
# `cargo install` puts wasm-bindgen-cli).
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"

# Each step's heading carries the minutes and seconds since the outermost script started
# (scripts/test, say; the scripts it calls inherit the start), so a CI log shows where the
# time goes.
export CALCSMITH_STARTED="${CALCSMITH_STARTED:-$(date +%s)}"
say() {
  local elapsed=$(($(date +%s) - CALCSMITH_STARTED))
  printf '\033[1m==> [%d:%02d] %s\033[0m\n' $((elapsed / 60)) $((elapsed % 60)) "$*" >&2
}

ensure_rust() {
  command -v cargo >/dev/null || { echo "cargo is missing: install Rust with rustup" >&2; exit 1; }
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  for component in clippy rustfmt; do
    if ! rustup component list --installed | grep -q "^$component"; then
      say "adding $component"
      rustup component add "$component"
    fi
  done
}

# The wasm-bindgen CLI must be exactly the version of the crate in Cargo.lock.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_wasm_bindgen() {
  local want have
  want="$(wasm_bindgen_version)"
  have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$have" != "$want" ]; then
    say "installing wasm-bindgen-cli $want (have: ${have:-none}; takes a few minutes once)"
    # No --locked: the registry mirror here lacks one of its pinned dependencies.
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

ensure_node() {
  command -v node >/dev/null && command -v npm >/dev/null && return
  say "installing Node.js and npm"
  apt-get update -qq && apt-get install -y -qq nodejs npm
}

# npm ci, but only when package-lock.json changed since the last install.
ensure_npm() {
  ensure_node
  local dir="${1:-$ROOT}"
  local stamp="$dir/node_modules/.calcsmith-installed"
  if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
    say "installing npm packages (${dir})"
    (cd "$dir" && npm ci --no-audit --no-fund)
    touch "$stamp"
  fi
}

# The server's tests need PostgreSQL on 127.0.0.1:5432 (trust auth). This machine kind
# starts it before a session; start it again if it has stopped.
ensure_postgres() {
  if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
    say "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
}

# The browser tests and benchmarks drive Debian's Chromium; Playwright never downloads one
# (there is no internet for `npx playwright install`).
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return
  say "installing Chromium (Debian's package, about a minute)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
}

# The Stripe sandbox's tests read its invoice PDFs with pdftotext (Debian's poppler-utils).
ensure_pdftotext() {
  command -v pdftotext >/dev/null && return
  say "installing poppler-utils (pdftotext, for the invoice PDF tests)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils
}

# zopfli (Debian's package) writes the smallest gzip files, which the server sends to
# browsers in place of the wasm module (scripts/build-wasm).
ensure_zopfli() {
  command -v zopfli >/dev/null && return
  say "installing zopfli (gzip files for the wasm module)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zopfli
}

# patch (Debian's package) applies engine/patches/ for scripts/build-wasm.
ensure_patch() {
  command -v patch >/dev/null && return
  say "installing patch"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq patch
}

# schemathesis (PyPI) in a venv of the project's own, under target/ (never committed).
ensure_schemathesis() {
  local venv="$ROOT/target/tools-venv" want="4.32.5"
  if [ "$("$venv/bin/st" --version 2>/dev/null | awk '{print $NF}')" != "$want" ]; then
    say "installing schemathesis $want into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$want"
  fi
}

# brotli_file FILE OUT: OUT is FILE compressed with brotli at its best (Node's zlib).
brotli_file() {
  node -e '
    const zlib = require("node:zlib"), fs = require("node:fs");
    const bytes = fs.readFileSync(process.argv[1]);
    fs.writeFileSync(process.argv[2], zlib.brotliCompressSync(bytes, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));' "$1" "$2"
}
