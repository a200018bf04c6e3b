// The spec's rules for what a script returned (spec §5 validation, in its order and with
// its messages) and the rules of docs/engine.md for showing it: the V8 reference's second half
// (reference.mjs runs the script). Independent of the engine's code on purpose.

const NOT_OBJECTS = "Outputs and table rows must be objects.";
const unrecognized = (key) => `The outputs object or a table row object has unrecognized key "${key}".`;
const invalidValue = (name) =>
  `Invalid value for "${name}". Values must be numbers, strings, booleans, nulls, or undefined.`;

/** A returned value the spec rejects; its message is the spec's. */
export class Invalid extends Error {}

function firstDuplicate(names) {
  const seen = new Set();
  return names.find((name) => seen.has(name) || !seen.add(name));
}

/** Rules 1 and 2: the first duplicate input, then output, name; null when none. */
export function checkNames(doc) {
  const inputs = doc.metaInputs ?? [];
  for (const list of [inputs, ...inputs.filter((i) => i.metaInputs).map((i) => i.metaInputs)]) {
    const name = firstDuplicate(list.map((i) => i.name));
    if (name !== undefined) return `Multiple inputs have name "${name}".`;
  }
  const outputs = doc.metaOutputs ?? [];
  for (const list of [outputs, ...outputs.filter((o) => o.metaOutputs).map((o) => o.metaOutputs)]) {
    const name = firstDuplicate(list.map((o) => o.name));
    if (name !== undefined) return `Multiple outputs have name "${name}".`;
  }
  return null;
}

const isDate = (value) => Object.prototype.toString.call(value) === "[object Date]";
const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && !isDate(value);

/** A value output or a cell: `{kind: "empty" | "number" | "text" | "bool" | "date" | "decimal",
 * value}`; a decimal's value is its exact digits without an exponent (`toFixed()`). */
function scalar(value, name, isDecimal) {
  if (value === undefined || value === null) return { kind: "empty" };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "string") return { kind: "text", value };
  if (typeof value === "boolean") return { kind: "bool", value };
  if (isDate(value)) return { kind: "date", value: value.getTime() };
  if (isDecimal(value)) return { kind: "decimal", value: value.toFixed() };
  throw new Invalid(invalidValue(name));
}

function tableRows(def, value, isDecimal) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new Invalid(`Output "${def.name}" must be an array, null, or undefined.`);
  const columns = def.metaOutputs ?? [];
  return Array.from(value, (row) => {
    if (!isPlainObject(row)) throw new Invalid(NOT_OBJECTS);
    const cells = new Map();
    for (const key of Object.keys(row)) {
      if (!columns.some((c) => c.name === key)) throw new Invalid(unrecognized(key));
      cells.set(key, scalar(row[key], key, isDecimal));
    }
    return cells;
  });
}

/** Checks the returned value key by key; the validated outputs by name. `isDecimal` tells
 * a decimal.js `Decimal` (valid as a value while the library is on). */
export function checkOutputs(doc, returned, isDecimal = () => false) {
  if (!isPlainObject(returned)) throw new Invalid(NOT_OBJECTS);
  const outputs = new Map();
  for (const key of Object.keys(returned)) {
    const def = (doc.metaOutputs ?? []).find((o) => o.name === key);
    if (!def) throw new Invalid(unrecognized(key));
    outputs.set(key, def.type === "table" || def.type === "Table" ? tableRows(def, returned[key], isDecimal) : scalar(returned[key], key, isDecimal));
  }
  return outputs;
}

// --- showing values (docs/engine.md, "Formatting") -----------------------------------------
/** The shortest decimal form of |n| times 10^shift, as text Intl reads exactly. */
function decimalText(n, shift) {
  const text = String(Math.abs(n));
  const [mantissa, exponent = "0"] = text.split("e");
  return `${mantissa}e${Number(exponent) + shift}`;
}

// Intl's roundingIncrement takes these, times a power of ten no larger than 1.
const INCREMENTS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];

/** Signed decimal text rounded by `mode` to a multiple of `step`, by Intl's roundingIncrement. */
function toStep(text, step, mode) {
  const [whole, fraction = ""] = String(step).split(".");
  const increment = Number(`${whole}${fraction}`);
  if (String(step).includes("e") || !INCREMENTS.includes(increment)) {
    throw new Error(`Intl cannot round to a step of ${step}; such a case is not V8's to answer`);
  }
  const places = fraction.length;
  const options = { minimumFractionDigits: places, maximumFractionDigits: places, roundingIncrement: increment };
  return new Intl.NumberFormat("en", { ...options, roundingMode: mode, useGrouping: false }).format(text);
}

const placesOf = (def) =>
  def.decimalPlaces === undefined || def.decimalPlaces === null || def.decimalPlaces === "" ? null : Number(def.decimalPlaces);

/** `n` (a number, or a Decimal's digits as text) shown as docs/engine.md says. */
function formatNumber(n, def, locale) {
  const { negative, body } = rounded(n, def, locale, true);
  const sign = negative ? "-" : "";
  if (def.percent === true) return `${sign}${body}${locale === "ru" ? "\u00a0%" : "%"}`;
  return `${sign}${def.currencySign ?? ""}${body}`;
}

/** `n` rounded as shown: its sign and its digits (grouped or not) in `locale`. */
function rounded(n, def, locale, useGrouping) {
  const percent = def.percent === true;
  const places = placesOf(def);
  const mode = def.roundingMode ?? "halfExpand";
  const exact = typeof n === "string";
  let negative;
  let body;
  if (exact ? n === "NaN" : Number.isNaN(n)) {
    [negative, body] = [false, "NaN"];
  } else if (exact ? /Infinity/.test(n) : !Number.isFinite(n)) {
    [negative, body] = [exact ? n.startsWith("-") : n < 0, "∞"];
  } else {
    const format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: places ?? 0,
      maximumFractionDigits: places ?? 3,
      roundingMode: mode,
      signDisplay: "never",
      useGrouping,
    });
    // Signed, so that ceil and floor go the way the sign says; the step comes first. Intl
    // reads decimal text exactly: a Decimal's digits never pass through a double.
    const shift = percent ? 2 : 0;
    const magnitude = exact ? `${n.replace("-", "")}e${shift}` : decimalText(n, shift);
    const text = `${(exact ? n.startsWith("-") : n < 0) ? "-" : ""}${magnitude}`;
    const step = def.roundingStep;
    body = format.format(step === undefined || step === null ? text : toStep(text, step, mode));
    // A result that rounds to zero has no minus sign.
    negative = (exact ? n.startsWith("-") : n < 0) && /[1-9]/.test(body);
  }
  return { negative, body };
}

/** Whether an output or column rounds by a rule of its own (its CSV cells are then rounded). */
const rounds = (def) => placesOf(def) !== null || (def.roundingMode ?? null) !== null || (def.roundingStep ?? null) !== null;

/** A number cell as the CSV holds it: rounded as shown, plain digits, a percent as its
 * fraction (the shown digits over 100, trailing zeros dropped); null for NaN and ±∞. */
function csvCell(cell, def) {
  if (cell.kind !== "number" && cell.kind !== "decimal") return null;
  const { negative, body } = rounded(cell.value, def, "en", false);
  if (!/^[0-9.]+$/.test(body)) return null;
  let digits = body;
  if (def.percent === true) {
    const [int, frac = ""] = body.split(".");
    const padded = int.padStart(3, "0");
    const whole = padded.slice(0, -2).replace(/^0+/, "");
    const fraction = (padded.slice(-2) + frac).replace(/0+$/, "");
    digits = `${whole || "0"}${fraction ? `.${fraction}` : ""}`;
  }
  return `${negative ? "-" : ""}${digits}`;
}

function formatDate(ms, locale) {
  if (!Number.isFinite(ms)) return "Invalid Date";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(ms));
}

/** Display text is well formed: a lone surrogate shows as U+FFFD, as a browser draws it. */
function formatText(raw) {
  const text = raw.toWellFormed();
  const head = text.slice(0, 8).toLowerCase();
  const isUrl = (head.startsWith("http://") || head.startsWith("https://")) && !/\s/u.test(text);
  const chars = Array.from(text);
  return isUrl && chars.length > 30 ? `${chars.slice(0, 30).join("")}…` : text;
}

/** A double's shortest digits written out without an exponent (1e-7 → "0.0000001"). */
function plainText(n) {
  const [mantissa, exponent = "0"] = String(n).split("e");
  const [int, frac = ""] = mantissa.replace("-", "").split(".");
  let digits = int + frac;
  let point = int.length + Number(exponent);
  if (point <= 0) [digits, point] = ["0".repeat(1 - point) + digits, 1];
  digits = digits.padEnd(point, "0");
  const text = point < digits.length ? `${digits.slice(0, point)}.${digits.slice(point)}` : digits;
  return (n < 0 ? "-" : "") + text;
}

function raw(cell) {
  switch (cell.kind) {
    case "number":
      return Number.isFinite(cell.value) ? cell.value : null;
    case "date":
      return Number.isFinite(cell.value) ? new Date(cell.value).toISOString() : null;
    case "text":
    case "bool":
      return cell.value;
    case "decimal": {
      // A number when a double keeps the digits, else the digits as text.
      const n = Number(cell.value);
      if (!Number.isFinite(n)) return null;
      return plainText(n) === cell.value ? n : cell.value;
    }
    default:
      return null;
  }
}

function shown(cell, def, locale) {
  switch (cell.kind) {
    case "number":
    case "decimal":
      return formatNumber(cell.value, def, locale);
    case "text":
      return formatText(cell.value);
    case "bool":
      return { en: ["No", "Yes"], ru: ["Нет", "Да"] }[locale][Number(cell.value)];
    case "date":
      return formatDate(cell.value, locale);
    default:
      return null;
  }
}

/** The result of a calculation that passed validation: every declared output, raw and shown. */
export function result(doc, outputs, used, locale) {
  const rawOutputs = {};
  const display = {};
  const csv = {};
  for (const def of doc.metaOutputs ?? []) {
    const value = outputs.get(def.name);
    if (def.type === "table" || def.type === "Table") {
      const columns = def.metaOutputs ?? [];
      const cell = (row, column) => row.get(column.name) ?? { kind: "empty" };
      rawOutputs[def.name] = value ? value.map((row) => Object.fromEntries(columns.map((c) => [c.name, raw(cell(row, c))]))) : null;
      display[def.name] =
        value && value.length > 0
          ? value.map((row) => Object.fromEntries(columns.map((c) => [c.name, shown(cell(row, c), c, locale) ?? ""])))
          : null;
      const rounding = columns.filter(rounds);
      if (value && rounding.length > 0) {
        csv[def.name] = value.map((row) =>
          Object.fromEntries(
            rounding.map((c) => [c.name, csvCell(cell(row, c), c)]).filter(([, text]) => text !== null),
          ),
        );
      }
    } else {
      rawOutputs[def.name] = value ? raw(value) : null;
      display[def.name] = value ? shown(value, def, locale) : null;
    }
  }
  const result = { outputs: rawOutputs, display, usedInputs: used, error: null };
  return Object.keys(csv).length > 0 ? { ...result, csv } : result;
}
