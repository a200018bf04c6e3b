//! `intl-data BOA_DATA_DIR OUT_DIR`: writes the Intl module's locale data as
//! `OUT_DIR/core.postcard` and one `OUT_DIR/<part>.postcard` per other part (a language:
//! `en`; or the root locale's apart: `und-Hans`) (scripts/build-wasm runs it into
//! `pkg/intl/`), then `OUT_DIR/parts.json`, the parts' list the module is given with the
//! core.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [boa_data, out] = args.as_slice() else {
        eprintln!("usage: intl-data BOA_DATA_DIR OUT_DIR (BOA_DATA_DIR: boa_icu_provider's data/)");
        return ExitCode::from(2);
    };
    let written = calcsmith_intl_data::split(boa_data, out).and_then(|parts| {
        let names: Vec<&str> = parts
            .iter()
            .map(String::as_str)
            .filter(|part| *part != calcsmith_intl_data::CORE)
            .collect();
        let list = format!(
            "[{}]\n",
            names
                .iter()
                .map(|l| format!("\"{l}\""))
                .collect::<Vec<_>>()
                .join(",")
        );
        std::fs::write(out.join("parts.json"), list)?;
        Ok(names.len())
    });
    match written {
        Ok(count) => {
            println!("wrote the core and {count} parts into {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("intl-data: {e}");
            ExitCode::FAILURE
        }
    }
}
