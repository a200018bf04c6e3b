//! The WebAssembly face (`@calcsmith/engine`): translates JS values to and from JSON
//! data and calls the core. No logic lives here; only host faults throw.

use std::borrow::Cow;

use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

use crate::limits::CountingAllocator;
use crate::whatif::seek::{GoalSeek, SeekAnswer};
use crate::whatif::sweep::{Sweep, SweepAnswer};
use crate::{CalcDoc, EngineOptions, Library};

mod editing;
#[cfg(all(feature = "intl", not(feature = "intl_data")))]
mod intl_data;
mod js_values;

use js_values::{from_js, to_js};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** Options of a new engine; both optional. */
export interface EngineOptionsInit { locale?: "en" | "ru"; today?: string }
/** A calculator doc (spec §3), with the spec's field names. */
export interface CalcDoc { name?: string; description?: string; script?: string;
  libraries?: { lodash?: boolean; moment?: boolean; mathjs?: boolean; formulajs?: boolean;
    decimal?: boolean };
  tabSize?: number; defaults?: Record<string, unknown>; metaInputs?: InputDef[];
  metaOutputs?: OutputDef[]; inputs_label?: string; outputs_label?: string; tests?: TestCase[];
  sections?: Section[]; steps?: Step[]; stepOutputs?: "last" | "every"; presets?: Preset[];
  [key: string]: unknown }
/** A valid-when rule: the input is valid while `rule` (a JavaScript expression over `inputs`)
 * is truthy; else `message` (at most 200 characters) shows. */
export interface ValidRule { rule: string; message: string }
/** A group of inputs and outputs (those whose `section` is its id), with a heading and a small
 * Markdown description; one or two columns; hidden when `visibleWhen` is falsy. */
export interface Section { id: string; title?: string; description?: string; columns?: 1 | 2;
  collapsed?: boolean; visibleWhen?: string }
/** One step of a stepped form: the ids of its inputs (inputs in no step show on the first). */
export interface Step { id?: string; title: string; description?: string; inputs?: number[] }
/** Named input values keyed like `defaults`. */
export interface Preset { name: string; values?: Record<string, unknown> }
/** A test case stored with a calculator: input values keyed like `defaults`, the expected raw
 * outputs by output name (a table's rows as objects keyed by column name), the relative
 * tolerance for numbers (default 1e-9), the day (`YYYY-MM-DD`) relative dates count from
 * (default: the day it runs), and a goal seek it pins (`seek`: from these values, the value
 * of `input` that gives `target` must be `value`, within `tolerance`, default 1e-6). */
export interface TestCase { name: string; values?: Record<string, unknown>;
  expected?: Record<string, unknown>; tolerance?: number; today?: string;
  seek?: { output: string; target: number; input: string; value: number; tolerance?: number;
    min?: number; max?: number }; hidden?: string[]; shown?: string[];
  invalid?: Record<string, string>; [key: string]: unknown }
/** One output, table cell (row from 0, column name) or table size (no row or column) that is
 * not what a test expected. A value whose JSON text is over 200 characters is elided: it is then
 * a string to show as it is (its first 200 characters, then `… (1,048,578 characters)`) and
 * `expectedElided`/`actualElided` is true. */
export interface Difference { output: string; row?: number; column?: string; expected: unknown;
  actual: unknown; expectedElided?: boolean; actualElided?: boolean }
/** One test's result: differences or error only when it failed. At most 20 differences are
 * listed, `moreDifferences` counts the rest; `detailsDropped` is true when a failed test's
 * differences and error were left out to keep the report within 64 KB. */
export interface TestOutcome { name: string; passed: boolean; differences?: Difference[];
  moreDifferences?: number; error?: string; detailsDropped?: boolean }
/** What running a calculator's tests gave, one outcome per test in order. */
export interface TestReport { passed: number; failed: number; tests: TestOutcome[] }
export type InputType = "number" | "string" | "binary" | "date" | "choice" | "list";
export interface InputDef { id: number; name: string; type: InputType; presentationType?: string;
  choices?: { id: unknown; label: string; value: unknown }[]; autohide?: boolean;
  metaInputs?: InputDef[]; itemPrototype?: Record<string, unknown>; prefix?: string;
  suffix?: string; placeholder?: string; help?: string; required?: boolean; min?: number;
  max?: number; step?: number; visibleWhen?: string; validWhen?: ValidRule[]; section?: string;
  [key: string]: unknown }
/** How a number between two shown values is rounded: Intl's `roundingMode` names; `halfExpand`
 * (half away from zero) when unset. `roundingStep` rounds to a multiple of it first. */
export type RoundingMode = "halfExpand" | "halfEven" | "halfTrunc" | "ceil" | "floor" | "expand"
  | "trunc";
export interface OutputDef { id: number; name: string; type: "value" | "table"; percent?: boolean;
  currencySign?: string; decimalPlaces?: number; roundingMode?: RoundingMode;
  roundingStep?: number; prefix?: string; suffix?: string;
  metaOutputs?: OutputDef[]; visibleWhen?: string; section?: string; [key: string]: unknown }
/** Goal seek: the value of number input `input` that makes value output `output` equal
 * `target`. Bounds are optional (else the input's own min and max, else searched outward from
 * its current value); `tolerance` is absolute, on the output (default 1e-9 × max(1, |target|)). */
export interface GoalSeekSpec { output: string; target: number; input: string; min?: number;
  max?: number; tolerance?: number }
/** The value found (the input's), the output's raw value and display text there, and how many
 * calculations it took; or why there is none, with the input value a calculation failed at. */
export type GoalSeekResult =
  | { value: number; output: number; display: string; evaluations: number; tolerance: number }
  | { error: string; at?: number; evaluations: number };
/** A sensitivity table: `input` varies down the rows, `input2` (optional) across the columns.
 * Each side is from/to/steps (steps values, ends included, at most 50) or a list of `values`
 * (1 to 50). `rowStart`/`rowCount` calculate only some rows. */
export interface SweepSpec { output: string; input: string; from?: number; to?: number;
  steps?: number; values?: number[]; input2?: string; from2?: number; to2?: number;
  steps2?: number; values2?: number[]; rowStart?: number; rowCount?: number }
/** One cell: the output's raw value and display text (and, when the output rounds, the
 * number as a CSV writes it: as shown, in plain digits), or the calculation's error. */
export type SweepCell = { value: unknown; display: string; csv?: string } | { error: string };
/** Every row's and column's input value, and the cells of the rows calculated (from
 * `rowStart`; one cell a row when one input varies); or why the table cannot be made. */
export type SweepResult =
  | { output: string; input: string; input2?: string; rows: number[]; columns?: number[];
      rowStart: number; cells: SweepCell[][] }
  | { error: string };
/** Display text of one output: text, rows of text for a table, or null when hidden. */
export type OutputDisplay = string | Record<string, string>[] | null;
/** One line the script printed with console.log and friends. */
export interface ConsoleEntry { level: "log" | "info" | "warn" | "error" | "debug"; text: string }
/** What one evaluation produced; outputs and display are null when error is set, and when
 * `invalid` (the failing valid-when messages by input name) is present; console is absent when
 * the script printed nothing. `hiddenInputs`/`hiddenOutputs` are the names show-when rules hid
 * (a hidden output is null), `hiddenSections` the hidden sections' ids (absent when none).
 * `csv`: per table whose columns round, each row's number cells of those columns rounded as
 * shown, in plain digits, for its CSV file (absent when no table rounds). */
export interface EvalResult { outputs: Record<string, unknown> | null;
  display: Record<string, OutputDisplay> | null; usedInputs: string[]; error: string | null;
  console?: ConsoleEntry[]; hiddenInputs: string[]; hiddenOutputs: string[];
  hiddenSections?: string[]; invalid?: Record<string, string>;
  csv?: Record<string, Record<string, string>[]> }
"#;

fn options(init: JsValue) -> Result<EngineOptions, JsError> {
    if init.is_undefined() || init.is_null() {
        return Ok(EngineOptions::default());
    }
    let init: Map<String, Value> = from_js(init, "engine options")?;
    let text = |key: &str| init.get(key).and_then(Value::as_str);
    EngineOptions::parse(text("locale"), text("today")).map_err(|e| JsError::new(&e))
}

/// A warm calculation engine (one boa context).
#[wasm_bindgen]
pub struct Engine {
    inner: crate::Engine,
    /// The last doc's `JSON.stringify` text (a JS string, never copied into wasm) and
    /// its translation. Hosts send the same doc with new values again and again (a
    /// worker receives a structured clone each time, so the object is new): when its JSON
    /// text is the same, the translation is reused (about 13 % of a small recalculation).
    last_doc: Option<(JsValue, CalcDoc)>,
}

/// `doc` translated into Rust, reusing the last translation in `last` when `doc` has
/// the same JSON text.
///
/// The doc is read as its `JSON.stringify` text, as the server receives it, so the
/// text decides the translation and equal texts can share one. A doc that
/// `JSON.stringify` refuses (a cycle, a BigInt) or turns into nothing (a function) is
/// translated directly, every time.
fn translate_doc(
    last: &mut Option<(JsValue, CalcDoc)>,
    doc: JsValue,
) -> Result<Cow<'_, CalcDoc>, JsError> {
    let not_a_calculator =
        |e: serde_json::Error| JsError::new(&format!("doc is not a calculator: {e}"));
    let Some(key) = js_sys::JSON::stringify(&doc)
        .ok()
        .map(JsValue::from)
        .filter(JsValue::is_string)
    else {
        let translated =
            CalcDoc::from_json_value(from_js(doc, "doc")?).map_err(not_a_calculator)?;
        return Ok(Cow::Owned(translated));
    };
    if !matches!(&*last, Some((last_key, _)) if *last_key == key) {
        let text = key.as_string().unwrap_or_default();
        let value: Value =
            crate::js_text::parse_json(&text).map_err(|e| JsError::new(&format!("doc: {e}")))?;
        let translated = CalcDoc::from_json_value(value).map_err(not_a_calculator)?;
        *last = Some((key, translated));
    }
    last.as_ref()
        .map(|(_, doc)| Cow::Borrowed(doc))
        .ok_or_else(|| JsError::new("the doc cache is empty"))
}

#[wasm_bindgen]
impl Engine {
    /// `new Engine({ locale: "en", today: "2026-11-25" })`; both optional.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "EngineOptionsInit | undefined")] init: JsValue,
    ) -> Result<Engine, JsError> {
        let inner = crate::Engine::new(options(init)?).map_err(|e| JsError::new(&e.0))?;
        Ok(Engine {
            inner,
            last_doc: None,
        })
    }

    /// Changes locale and "today" for later evaluations.
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "EngineOptionsInit | undefined")] init: JsValue,
    ) -> Result<(), JsError> {
        self.inner.set_options(options(init)?);
        Ok(())
    }

    /// Loads `"lodash"`, `"moment"`, `"mathjs"`, `"formulajs"` or `"decimal"` from its
    /// source text.
    #[wasm_bindgen(js_name = loadLibrary)]
    pub fn load_library(&mut self, name: &str, source: &str) -> Result<(), JsError> {
        let library = Library::parse(name)
            .ok_or_else(|| JsError::new(&format!("unknown library \"{name}\"")))?;
        self.inner
            .load_library(library, source)
            .map_err(|e| JsError::new(&e.0))
    }

    /// Gets the next calculation ready — a fresh realm with the last script parsed, and
    /// the libraries loaded again if a calculation changed them — so that it does not
    /// wait for that, and replays a quick last calculation in its old realm to warm the
    /// CPU's caches (`Engine::prepare_and_replay`). Call it while idle, after posting a
    /// result; `evaluate` does what is missing itself otherwise.
    pub fn prepare(&mut self) -> Result<(), JsError> {
        self.inner
            .prepare_and_replay()
            .map_err(|e| JsError::new(&e.0))
    }

    /// Whether a library has been loaded.
    #[wasm_bindgen(js_name = hasLibrary)]
    pub fn has_library(&self, name: &str) -> bool {
        Library::parse(name).is_some_and(|library| self.inner.has_library(library))
    }

    /// Runs a calculator; `values` (optional) are keyed like `doc.defaults`. The doc is
    /// read as its `JSON.stringify` text; calling again with a doc of the same text (a
    /// copy is fine) and new values reuses its translation and its parsed script.
    #[wasm_bindgen(unchecked_return_type = "EvalResult")]
    pub fn evaluate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CalcDoc")] doc: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | undefined")]
        values: JsValue,
    ) -> Result<JsValue, JsError> {
        let doc = translate_doc(&mut self.last_doc, doc)?;
        let values = values_of(values)?;
        to_js(&self.inner.evaluate(&doc, &values))
    }

    /// Runs the calculator's test cases (`doc.tests`), each like `evaluate` with its
    /// values, and reports which pass and, for a failure, what differs.
    #[wasm_bindgen(js_name = runTests, unchecked_return_type = "TestReport")]
    pub fn run_tests(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CalcDoc")] doc: JsValue,
    ) -> Result<JsValue, JsError> {
        let doc = translate_doc(&mut self.last_doc, doc)?;
        to_js(&self.inner.run_tests(&doc))
    }
}

#[wasm_bindgen]
impl Engine {
    /// Finds the value of a number input that makes a value output equal a target
    /// (`engine.goalSeek(doc, values, {output, target, input, min?, max?})`); never throws
    /// for an author's script or a spec it cannot run: the answer's `error` says why.
    #[wasm_bindgen(js_name = goalSeek, unchecked_return_type = "GoalSeekResult")]
    pub fn goal_seek(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CalcDoc")] doc: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | undefined")]
        values: JsValue,
        #[wasm_bindgen(unchecked_param_type = "GoalSeekSpec")] spec: JsValue,
    ) -> Result<JsValue, JsError> {
        let spec: Value = from_js(spec, "spec")?;
        let values = values_of(values)?;
        let doc = translate_doc(&mut self.last_doc, doc)?;
        match GoalSeek::from_json(&spec) {
            Ok(spec) => to_js(&self.inner.goal_seek(&doc, &values, &spec)),
            Err(error) => to_js(&SeekAnswer::NotFound {
                error,
                at: None,
                evaluations: 0,
            }),
        }
    }

    /// A sensitivity table of a value output over one or two number inputs
    /// (`engine.sweep(doc, values, spec)`); a spec it cannot run gives `{error}`.
    #[wasm_bindgen(unchecked_return_type = "SweepResult")]
    pub fn sweep(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CalcDoc")] doc: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown> | undefined")]
        values: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SweepSpec")] spec: JsValue,
    ) -> Result<JsValue, JsError> {
        let spec: Value = from_js(spec, "spec")?;
        let values = values_of(values)?;
        let doc = translate_doc(&mut self.last_doc, doc)?;
        match Sweep::from_json(&spec) {
            Ok(spec) => to_js(&self.inner.sweep(&doc, &values, &spec)),
            Err(error) => to_js(&SweepAnswer::Refused { error }),
        }
    }
}

/// Values keyed like `doc.defaults`; none when null or undefined.
fn values_of(values: JsValue) -> Result<Map<String, Value>, JsError> {
    if values.is_undefined() || values.is_null() {
        Ok(Map::new())
    } else {
        from_js(values, "values")
    }
}

/// How many allocations the engine has refused at its hard memory limit so far. After
/// `evaluate` traps, a higher count than before says the calculation ran out of memory.
#[wasm_bindgen(js_name = refusedAllocations)]
pub fn refused_allocations() -> usize {
    crate::limits::refused_allocations()
}

/// Lowers (`true`) or restores (`false`) the recursion limit of this instance's later
/// calculations. A calculation that recurses through getters or built-ins' callbacks can
/// run out of the browser's own stack before the engine's limit: `evaluate` then throws
/// V8's `RangeError` and the instance is unusable. The host makes a new instance
/// (`__wbg_reset_state`), calls `setShallowRecursion(true)`, evaluates the same
/// calculation again — which now ends in the engine's `RangeError: Maximum call stack
/// size exceeded (line N)`, as on the server and in the CLI — and calls
/// `setShallowRecursion(false)` (`limits::set_recursion_limit`).
#[wasm_bindgen(js_name = setShallowRecursion)]
pub fn set_shallow_recursion(shallow: bool) {
    use crate::limits::{RECURSION_LIMIT, SHALLOW_RECURSION_LIMIT, set_recursion_limit};
    set_recursion_limit(if shallow {
        SHALLOW_RECURSION_LIMIT
    } else {
        RECURSION_LIMIT
    });
}

/// Whether `script` may use Intl, so needs the Intl module (the web worker loads it for such
/// a script; src/doc/intl_usage.rs).
#[wasm_bindgen(js_name = usesIntl)]
pub fn uses_intl(script: &str) -> bool {
    crate::intl_usage::uses_intl(script)
}
