// The V8 reference: what a calculator case should give, computed in Node's V8 with the
// spec's rules (docs/engine.md), independently of the engine's code.
//
//   node engine/tests/v8/reference.mjs CASE.json...
//     prints {"<file name>": {"result": ..., "canonical": "<canonical JSON text>"}, ...}
//
// Each case runs in a fresh `vm` context holding only standard JavaScript and the
// libraries the doc switches on (the same files the engine loads, from pkg/lib/). The
// script is the body of a strict-mode function on the wrapper's first line, so V8's line
// numbers are the author's. `inputs` is built as the engine's harness builds it (values,
// then doc.defaults, then the type's default; dates as UTC `Date`s; reads recorded by
// getters), the returned value is validated with the spec's messages in the spec's order
// and formatted by the rules of docs/engine.md, with Intl for digits, grouping and dates
// (outputs.mjs).
// Deliberate, spec-mandated differences from a browser are listed in README.md here.
import { readFileSync } from "node:fs";
import { Session } from "node:inspector";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

import { Invalid, checkNames, checkOutputs, result } from "./outputs.mjs";

// The engine reads every date in UTC; so does the reference, wherever it runs.
process.env.TZ = "UTC";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
/** The day a case treats as today unless it says otherwise (as the fixture corpus). */
export const DEFAULT_TODAY = "2026-11-25";
const SCRIPT_PATH = "calculator.js";
const TIME_LIMIT_MS = 5000;
const TIMEOUT_MESSAGE = "Calculation did not finish after 5 seconds. Is there an infinite loop?";
const LIBRARIES = { lodash: "_", moment: "moment", mathjs: "math", formulajs: "formulajs", decimal: "Decimal" };

// --- where a thrown value was thrown -------------------------------------------------
// An Error carries its stack; a thrown string or number carries nothing. V8 still knows
// the throw's position (a browser shows it), and the inspector tells it: pause on every
// exception, note the frames, resume at once.
const session = new Session();
session.connect();
const scriptUrls = new Map();
let lastThrow = null;
session.on("Debugger.scriptParsed", ({ params }) => scriptUrls.set(params.scriptId, params.url));
session.on("Debugger.paused", ({ params }) => {
  const frame = params.callFrames.find((f) => scriptUrls.get(f.location.scriptId) === SCRIPT_PATH);
  // Node's vm rethrows what the script threw; only throws seen in the script count.
  if (frame) lastThrow = frame.location.lineNumber + 1;
  session.post("Debugger.resume");
});
session.post("Debugger.enable");
session.post("Debugger.setPauseOnExceptions", { state: "all" });

// --- libraries -----------------------------------------------------------------------
const librarySources = new Map();
function libraryScript(name) {
  if (!librarySources.has(name)) {
    const path = join(root, "pkg/lib", `${name}.js`);
    const source = readFileSync(path, "utf8");
    librarySources.set(name, new vm.Script(source, { filename: `${name}.js` }));
  }
  return librarySources.get(name);
}

/** A fresh context: standard JavaScript, plus the libraries `doc.libraries` switches on. */
function freshContext(doc) {
  const context = vm.createContext({});
  // V8 puts these into every context; the engine's scripts see no host objects.
  vm.runInContext("delete globalThis.console; delete globalThis.WebAssembly;", context);
  for (const [name, global] of Object.entries(LIBRARIES)) {
    if (doc.libraries?.[name] !== true) continue;
    libraryScript(name).runInContext(context);
    if (vm.runInContext(`typeof globalThis[${JSON.stringify(global)}]`, context) === "undefined") {
      throw new Error(`${name}.js did not define ${global}`);
    }
  }
  return context;
}

// --- inputs (engine/src/doc/inputs.rs, harness.js) ---------------------------------------
const MS_PER_DAY = 86_400_000;

function typeDefault(type) {
  switch (type) {
    case "binary":
      return false;
    case "date":
      return { type: "relative", params: { delta: 0, units: "days" } };
    case "list":
      return [];
    default:
      return null;
  }
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
}

/** A stored number (or numeric text, read as Rust's `f64::from_str` reads it) or null. */
function numberValue(stored) {
  if (typeof stored === "number") return stored;
  if (typeof stored !== "string") return null;
  const text = stored.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Epoch ms of 00:00 UTC of a stored date's day, or null. */
function dateMs(stored, today) {
  if (!isObject(stored) || !isObject(stored.params)) return null;
  const params = stored.params;
  if (stored.type === "absolute") {
    const [day, month, year] = [params.day, params.month, params.year];
    if (![day, month, year].every((n) => typeof n === "number")) return null;
    const ms = Date.UTC(year, month, day);
    if (Number.isNaN(ms)) return null;
    const y = new Date(ms).getUTCFullYear();
    return y >= -9999 && y <= 9999 ? ms : null;
  }
  if (stored.type === "relative") {
    const delta = params.delta ?? 0;
    const units = params.units ?? "days";
    if (typeof delta !== "number" || !["days", "months", "years"].includes(units)) return null;
    const n = Math.trunc(delta);
    const [y, m, d] = today.split("-").map(Number);
    if (units === "days") return Date.UTC(y, m - 1, d) + n * MS_PER_DAY;
    const months = units === "months" ? n : n * 12;
    const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
    return Date.UTC(y, m - 1 + months, Math.min(d, lastDay));
  }
  return null;
}

function plainValue(input, stored) {
  switch (input.type) {
    case "number":
      return numberValue(stored);
    case "string":
      if (typeof stored === "string") return stored;
      return typeof stored === "number" || typeof stored === "boolean" ? String(stored) : null;
    case "binary":
      return stored === true;
    case "choice":
      return stored !== null && (input.choices ?? []).some((c) => deepEqual(c.value ?? null, stored)) ? stored : null;
    default:
      return null;
  }
}

/** `[name, kind, value]` per input, as inputs.rs describes them to the harness. */
function fields(inputs, storedOf, today) {
  return inputs.map((input) => {
    const stored = storedOf(input);
    if (input.type === "date") return [input.name, "d", dateMs(stored, today)];
    if (input.type === "list") {
      const subs = (input.metaInputs ?? []).filter((sub) => sub.type !== "list");
      const items = Array.isArray(stored) ? stored : [];
      const value = items.map((item) =>
        fields(subs, (sub) => (isObject(item) && String(sub.id) in item ? item[sub.id] : typeDefault(sub.type)), today),
      );
      return [input.name, "l", value];
    }
    return [input.name, "v", plainValue(input, stored)];
  });
}

// Builds `inputs` inside the case's context (its Arrays and Dates are the script's own),
// with a getter per property that records the read, as harness.js does.
const MAKE_INPUTS = `(function (fieldsJson, used) {
  function tracked(target, name, value, path) {
    Object.defineProperty(target, name, {
      enumerable: true, configurable: true,
      get: function () { used.push(path); return value; },
      set: function (next) { value = next; },
    });
  }
  function scalar(kind, value) { return kind === 'd' && value !== null ? new Date(value) : value; }
  var fields = JSON.parse(fieldsJson), inputs = {};
  for (var i = 0; i < fields.length; i++) {
    var name = fields[i][0], kind = fields[i][1], value = fields[i][2];
    if (kind === 'l') {
      var items = [];
      for (var j = 0; j < value.length; j++) {
        var item = {};
        for (var k = 0; k < value[j].length; k++) {
          var sub = value[j][k];
          tracked(item, sub[0], scalar(sub[1], sub[2]), name + '.' + sub[0]);
        }
        items.push(item);
      }
      tracked(inputs, name, items, name);
    } else {
      tracked(inputs, name, scalar(kind, value), name);
    }
  }
  return inputs;
})`;

/** The inputs read, in declaration order, each once (list sub-inputs as `list.sub`). */
function usedInOrder(doc, read) {
  const used = [];
  for (const input of doc.metaInputs ?? []) {
    if (read.includes(input.name)) used.push(input.name);
    if (input.type === "list") {
      for (const sub of input.metaInputs ?? []) {
        const path = `${input.name}.${sub.name}`;
        if (read.includes(path)) used.push(path);
      }
    }
  }
  return used;
}

// --- script errors ---------------------------------------------------------------------
const isError = (value) => Object.prototype.toString.call(value) === "[object Error]";

/** The first frame of the author's script in an Error's stack. */
function stackLine(error) {
  const stack = String(error.stack ?? "");
  const header = `${error.name}: ${error.message}`;
  const frames = stack.startsWith(header) ? stack.slice(header.length) : stack;
  const match = /\n\s+at (?:.*?\()?calculator\.js:(\d+):\d+/.exec(frames);
  return match ? Number(match[1]) : null;
}

function withLine(text, line) {
  return line === null ? text : `${text} (line ${line})`;
}

function scriptError(thrown, thrownLine) {
  if (isError(thrown)) return withLine(`${thrown.name}: ${thrown.message}`, stackLine(thrown));
  return withLine(String(thrown), thrownLine);
}

// --- a case ------------------------------------------------------------------------------
const failed = (error, used) => ({ outputs: null, display: null, usedInputs: used, error });

/**
 * The V8 result of a case `{doc, values, locale, today}`: `{outputs, display, usedInputs,
 * error, hiddenInputs, hiddenOutputs}`, the engine's result shape (the corpus has no
 * show-when rules, so nothing is hidden).
 */
export function reference(testCase) {
  return { ...scriptResult(testCase), hiddenInputs: [], hiddenOutputs: [] };
}

function scriptResult({ doc, values = {}, locale = "en", today = DEFAULT_TODAY }) {
  const duplicate = checkNames(doc);
  if (duplicate) return failed(duplicate, []);
  const context = freshContext(doc);
  const storedOf = (input) => (String(input.id) in values ? values[input.id] : String(input.id) in (doc.defaults ?? {}) ? doc.defaults[input.id] : typeDefault(input.type));
  const read = [];
  const inputs = vm.runInContext(MAKE_INPUTS, context)(JSON.stringify(fields(doc.metaInputs ?? [], storedOf, today)), read);
  const script = doc.script ?? "'use strict';\n\nreturn {};\n";
  let run;
  try {
    run = new vm.Script(`(function (inputs) {'use strict';${script}\n})(globalThis.__calcsmith_take())`, { filename: SCRIPT_PATH });
  } catch (error) {
    const line = /^calculator\.js:(\d+)/.exec(String(error.stack));
    return failed(withLine(`${error.name}: ${error.message}`, line ? Number(line[1]) : null), []);
  }
  // A one-shot global hands `inputs` over, gone before the author's first statement.
  context.__calcsmith_take = () => {
    delete context.__calcsmith_take;
    return inputs;
  };
  vm.runInContext("Error.stackTraceLimit = 200;", context);
  lastThrow = null;
  let returned;
  try {
    returned = run.runInContext(context, { timeout: TIME_LIMIT_MS });
  } catch (error) {
    if (error?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return failed(TIMEOUT_MESSAGE, usedInOrder(doc, read));
    return failed(scriptError(error, lastThrow), usedInOrder(doc, read));
  }
  try {
    // A Decimal is an instance of the context's `Decimal` (decimal.js on).
    const decimal = vm.runInContext("typeof Decimal === 'function' ? Decimal : null", context);
    const isDecimal = (value) => decimal !== null && value instanceof decimal;
    return result(doc, checkOutputs(doc, returned, isDecimal), usedInOrder(doc, read), locale);
  } catch (error) {
    if (error instanceof Invalid) return failed(error.message, usedInOrder(doc, read));
    // A getter on the returned object threw while it was read.
    return failed(scriptError(error, lastThrow), usedInOrder(doc, read));
  }
}

/**
 * A JSON text with object keys sorted: two results are equal when their texts are.
 * (engine/tests/v8.rs writes the same text for the native engine's results.)
 */
export function canonical(value) {
  return JSON.stringify(value, (_, v) =>
    isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

/** Reads a case file. */
export function readCase(path) {
  return { name: basename(path), ...JSON.parse(readFileSync(path, "utf8")) };
}

// From the command line: `{"NAME.json": {"result": ..., "canonical": "..."}}`. The
// canonical text lets a reader compare without parsing V8's numbers again (a JSON parser
// without exact float reading would change their last bits).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = {};
  for (const path of process.argv.slice(2)) {
    const result = reference(readCase(path));
    results[basename(path)] = { result, canonical: canonical(result) };
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}
