// Intl and the locale methods, compared with Node's own ICU (`TZ=UTC node`, default locale
// en-US): every expression below is evaluated by the `calc` CLI and by the Intl wasm module
// (pkg/calcsmith_engine_intl_bg.wasm), and each result must be the very text Node gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installIntlData, withIntlData } from "./intl-data.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const calc = join(root, "target/debug/calc");
const intlWasm = join(root, "pkg/calcsmith_engine_intl_bg.wasm");
const intlGlue = join(root, "pkg/calcsmith_engine_intl.js");

// `d` is Thursday 26 November 2026, 15:04:05.678 UTC; `m` is its midnight hour, 00:04:05.
const EXPRESSIONS = [
  // NumberFormat: decimal, grouping, fraction digits
  "(1234567.891).toLocaleString()",
  "(1234567.891).toLocaleString('en-US')",
  "(1234567.891).toLocaleString('en-GB')",
  "(1234567.891).toLocaleString('de-DE')",
  "(1234567.891).toLocaleString('ru-RU')",
  "(1234).toLocaleString('ru-RU')",
  "(-1234.5).toLocaleString('ru-RU')",
  "(1234567).toLocaleString('en-US', { useGrouping: false })",
  "(1.5).toLocaleString('en-US', { minimumFractionDigits: 2 })",
  "(3.14159).toLocaleString('de-DE', { maximumFractionDigits: 2 })",
  "(1234.5).toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })",
  "(0.000123).toLocaleString('en-US')",
  "new Intl.NumberFormat('en-US').format(42)",
  "new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(2.5)",
  "(NaN).toLocaleString('en-US')",
  "(Infinity).toLocaleString()",
  "(-Infinity).toLocaleString('de-DE')",
  // NumberFormat: currency
  "(11600).toLocaleString('en-US', { style: 'currency', currency: 'USD' })",
  "(-5).toLocaleString('en-US', { style: 'currency', currency: 'USD' })",
  "(1234.5).toLocaleString('en-GB', { style: 'currency', currency: 'USD' })",
  "(1234.5).toLocaleString('en-GB', { style: 'currency', currency: 'EUR' })",
  "(1234.5).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' })",
  "(-1234.5).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' })",
  "(1234.5).toLocaleString('ru-RU', { style: 'currency', currency: 'RUB' })",
  "(1234.5).toLocaleString('ru-RU', { style: 'currency', currency: 'USD' })",
  "(1234.5).toLocaleString('en-US', { style: 'currency', currency: 'RUB' })",
  "(11600.4).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })",
  "(2.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 3 })",
  "(1234.5).toLocaleString('en-US', { style: 'currency', currency: 'JPY' })",
  "(5).toLocaleString('en-US', { style: 'currency', currency: 'EUR', currencyDisplay: 'code' })",
  "new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(1234567)",
  "new Intl.NumberFormat('en-US', { style: 'currency', currency: 'usd' }).resolvedOptions().currency",
  "new Intl.NumberFormat('en-US', { style: 'currency' }).format(1)",
  // NumberFormat: percent
  "new Intl.NumberFormat('en-US', { style: 'percent' }).format(0.256)",
  "new Intl.NumberFormat('en-US', { style: 'percent' }).format(0.145)",
  "new Intl.NumberFormat('ru-RU', { style: 'percent' }).format(0.256)",
  "new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 }).format(0.12345)",
  "(-0.5).toLocaleString('en-GB', { style: 'percent' })",
  "(12.34).toLocaleString('en-US', { style: 'percent' })",
  // NumberFormat: formatToParts, scientific, engineering and compact notation, currency
  // names, accounting, signDisplay (issue 28)
  "JSON.stringify(new Intl.NumberFormat('en-US').formatToParts(-1234567.891))",
  "JSON.stringify(new Intl.NumberFormat('ru-RU').formatToParts(1234567.5))",
  "JSON.stringify(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).formatToParts(-1234.5))",
  "JSON.stringify(new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).formatToParts(1234.5))",
  "JSON.stringify(new Intl.NumberFormat('ru-RU', { style: 'percent' }).formatToParts(0.256))",
  "JSON.stringify(new Intl.NumberFormat('en-US', { notation: 'scientific' }).formatToParts(-0.000123))",
  "JSON.stringify(new Intl.NumberFormat('en-US', { notation: 'compact' }).formatToParts(1500))",
  "(123456).toLocaleString('en-US', { notation: 'scientific' })",
  "(123456).toLocaleString('ru-RU', { notation: 'scientific' })",
  "(0.000123).toLocaleString('en-US', { notation: 'scientific' })",
  "(-9.9996).toLocaleString('en-US', { notation: 'scientific' })",
  "(0).toLocaleString('en-US', { notation: 'scientific' })",
  "(123456).toLocaleString('en-US', { notation: 'engineering' })",
  "(0.000123).toLocaleString('en-US', { notation: 'engineering' })",
  "(6.02214076e23).toLocaleString('en-US', { notation: 'scientific', maximumFractionDigits: 2 })",
  "(1234.5).toLocaleString('en-US', { notation: 'engineering', style: 'currency', currency: 'USD' })",
  "(1500).toLocaleString('en-US', { notation: 'compact' })",
  "(1234567).toLocaleString('en-US', { notation: 'compact', compactDisplay: 'long' })",
  "(1234567).toLocaleString('ru-RU', { notation: 'compact' })",
  "(1234.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', currencyDisplay: 'name' })",
  "(1).toLocaleString('en-US', { style: 'currency', currency: 'JPY', currencyDisplay: 'name' })",
  "(1234.5).toLocaleString('ru-RU', { style: 'currency', currency: 'RUB', currencyDisplay: 'name' })",
  "(1234.5).toLocaleString('ru-RU', { style: 'currency', currency: 'USD', currencyDisplay: 'name' })",
  "(5).toLocaleString('en-US', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' })",
  "(-5).toLocaleString('en-US', { style: 'currency', currency: 'EUR', currencyDisplay: 'code' })",
  "(-1234.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', currencySign: 'accounting' })",
  "(1234.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', currencySign: 'accounting' })",
  "(-1234.5).toLocaleString('ru-RU', { style: 'currency', currency: 'RUB', currencySign: 'accounting' })",
  "(-1234.5).toLocaleString('de-DE', { style: 'currency', currency: 'EUR', currencySign: 'accounting' })",
  "(12.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', signDisplay: 'always' })",
  "(-12.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', signDisplay: 'always', currencySign: 'accounting' })",
  "(0).toLocaleString('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' })",
  "(-0.001).toLocaleString('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' })",
  "(-12.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', signDisplay: 'never' })",
  "(-12.5).toLocaleString('en-US', { style: 'currency', currency: 'USD', signDisplay: 'negative' })",
  "(0.032).toLocaleString('en-US', { style: 'percent', signDisplay: 'always' })",
  "(-0.032).toLocaleString('ru-RU', { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 })",
  "(0).toLocaleString('ru-RU', { style: 'percent', signDisplay: 'exceptZero' })",
  "(0.032).toLocaleString('ru-RU', { style: 'percent', signDisplay: 'always' })",
  "(5).toLocaleString('en-US', { signDisplay: 'always' })",
  // NumberFormat: currency and percent in locales whose digits are their own (the pattern
  // was cut at ASCII digits only: `₹७.००१,२३४.५०`)
  "(0.256).toLocaleString('bn', { style: 'percent' })",
  "(1234.5).toLocaleString('mr', { style: 'currency', currency: 'INR' })",
  "(1234.5).toLocaleString('ar-EG', { style: 'currency', currency: 'EGP' })",
  "(-1234.5).toLocaleString('fa', { style: 'currency', currency: 'IRR' })",
  // NumberFormat: the unit style
  "(12.5).toLocaleString('en-US', { style: 'unit', unit: 'kilometer' })",
  "(12.5).toLocaleString('en-US', { style: 'unit', unit: 'kilometer', unitDisplay: 'long' })",
  "(1).toLocaleString('en-US', { style: 'unit', unit: 'kilogram', unitDisplay: 'long' })",
  "(12.5).toLocaleString('en-US', { style: 'unit', unit: 'liter', unitDisplay: 'narrow' })",
  "(12.5).toLocaleString('ru-RU', { style: 'unit', unit: 'kilometer', unitDisplay: 'long' })",
  "(3).toLocaleString('ru-RU', { style: 'unit', unit: 'hour', unitDisplay: 'long' })",
  "(90).toLocaleString('en-US', { style: 'unit', unit: 'kilometer-per-hour' })",
  "(90).toLocaleString('ru-RU', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' })",
  "(21.5).toLocaleString('en-US', { style: 'unit', unit: 'celsius' })",
  "(512).toLocaleString('en-US', { style: 'unit', unit: 'megabyte', unitDisplay: 'narrow' })",
  "new Intl.NumberFormat('en-US', { style: 'unit' }).format(1)",
  "new Intl.NumberFormat('en-US', { style: 'unit', unit: 'furlong' }).format(1)",
  "JSON.stringify(new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilometer-per-hour' }).formatToParts(90))",
  "(2.5).toLocaleString('ja', { style: 'unit', unit: 'celsius', unitDisplay: 'long' })",
  "JSON.stringify(new Intl.NumberFormat('ja', { style: 'unit', unit: 'celsius', unitDisplay: 'long' }).formatToParts(-12))",
  "(1).toLocaleString('ar', { style: 'unit', unit: 'meter-per-hour' })",
  "(5).toLocaleString('ar', { style: 'unit', unit: 'meter-per-hour', unitDisplay: 'long' })",
  "(2.5).toLocaleString('en-US', { style: 'unit', unit: 'gigabyte-per-second', unitDisplay: 'long' })",
  "(5).toLocaleString('ru-RU', { style: 'unit', unit: 'gigabyte-per-second', unitDisplay: 'long' })",
  "(2.5).toLocaleString('ru-RU', { style: 'unit', unit: 'hour-per-day', unitDisplay: 'narrow' })",
  "(1).toLocaleString('ja', { style: 'unit', unit: 'kilogram-per-liter', unitDisplay: 'long' })",
  "(1).toLocaleString('en-GB', { style: 'unit', unit: 'mile-per-gallon', unitDisplay: 'long' })",
  "(1).toLocaleString('en-GB', { style: 'unit', unit: 'liter', unitDisplay: 'long' })",
  "(3).toLocaleString('zh-TW', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' })",
  "(3).toLocaleString('zh', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' })",
  "(5).toLocaleString('de-DE', { style: 'unit', unit: 'byte', unitDisplay: 'long' })",
  "(21).toLocaleString('de-DE', { style: 'unit', unit: 'percent' })",
  "(-5).toLocaleString('ru-RU', { style: 'unit', unit: 'percent', unitDisplay: 'narrow' })",
  "(5).toLocaleString('ru-RU', { style: 'unit', unit: 'percent', unitDisplay: 'long' })",
  "(5).toLocaleString('es', { style: 'unit', unit: 'percent', signDisplay: 'always' })",
  "(5).toLocaleString('ar', { style: 'unit', unit: 'percent' })",
  "JSON.stringify(new Intl.NumberFormat('de-DE', { style: 'unit', unit: 'percent' }).formatToParts(-21))",
  "(21).toLocaleString('fr', { style: 'unit', unit: 'celsius', unitDisplay: 'narrow' })",
  "(1).toLocaleString('en-US', { style: 'unit', unit: 'hour', unitDisplay: 'long', minimumFractionDigits: 1 })",
  "(1.2).toLocaleString('en-US', { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 0 })",
  "(-3).toLocaleString('en-US', { style: 'unit', unit: 'kilometer-per-hour', signDisplay: 'always' })",
  "(3).toLocaleString('en-US', { style: 'unit', unit: 'foot-per-second', signDisplay: 'always', unitDisplay: 'narrow' })",
  "(1234.5).toLocaleString('ru-RU', { style: 'unit', unit: 'kilogram', unitDisplay: 'long' })",
  "(21000).toLocaleString('en-US', { style: 'unit', unit: 'kilobyte', notation: 'compact' })",
  "(1200).toLocaleString('en-US', { style: 'unit', unit: 'liter', unitDisplay: 'long', notation: 'scientific' })",
  "(NaN).toLocaleString('en-US', { style: 'unit', unit: 'byte', unitDisplay: 'long' })",
  "(12).toLocaleString('ar-EG', { style: 'unit', unit: 'liter', unitDisplay: 'long' })",
  "JSON.stringify(new Intl.NumberFormat('en-US', { style: 'unit', unit: 'percent' }).formatToParts(21))",
  "JSON.stringify(new Intl.NumberFormat('ru-RU', { style: 'unit', unit: 'celsius', unitDisplay: 'long' }).formatToParts(-1.5))",
  "(o => [o.style, o.unit, o.unitDisplay].join())(new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' }).resolvedOptions())",
  "new Intl.NumberFormat('en-US', { style: 'unit', unit: 'METER' }).format(1)",
  "new Intl.NumberFormat('en-US', { style: 'unit', unit: 'meter', unitDisplay: 'wide' }).format(1)",
  "new Intl.NumberFormat('en-US', { unit: 'furlong' }).format(1)",
  "new Intl.NumberFormat('en-US', { unit: 'meter' }).format(1)",
  // RelativeTimeFormat
  "new Intl.RelativeTimeFormat('en').format(-3, 'day')",
  "new Intl.RelativeTimeFormat('en').format(1, 'days')",
  "new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')",
  "new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(0, 'year')",
  "new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(2, 'week')",
  "new Intl.RelativeTimeFormat('en', { style: 'short' }).format(-5, 'minute')",
  "new Intl.RelativeTimeFormat('en', { style: 'narrow' }).format(3, 'hour')",
  "new Intl.RelativeTimeFormat('en').format(-1.5, 'month')",
  "new Intl.RelativeTimeFormat('en').format(-1234, 'second')",
  "new Intl.RelativeTimeFormat('en').format(-0, 'quarter')",
  "new Intl.RelativeTimeFormat('ru').format(-3, 'day')",
  "new Intl.RelativeTimeFormat('ru').format(5, 'year')",
  "new Intl.RelativeTimeFormat('ru', { numeric: 'auto' }).format(-2, 'day')",
  "new Intl.RelativeTimeFormat('ru', { numeric: 'auto' }).format(1, 'week')",
  "new Intl.RelativeTimeFormat('ru', { style: 'short' }).format(-21, 'minute')",
  "new Intl.RelativeTimeFormat('ru', { style: 'narrow' }).format(2, 'month')",
  "new Intl.RelativeTimeFormat().format(10, 'second')",
  "JSON.stringify(new Intl.RelativeTimeFormat('en').formatToParts(-1234.5, 'day'))",
  "JSON.stringify(new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).formatToParts(1, 'day'))",
  "JSON.stringify(new Intl.RelativeTimeFormat('ru', { numeric: 'auto' }).resolvedOptions())",
  "new Intl.RelativeTimeFormat('en').format(1, 'fortnight')",
  "new Intl.RelativeTimeFormat('en').format(Infinity, 'day')",
  "new Intl.RelativeTimeFormat('en', { style: 'wide' }).format(1, 'day')",
  // DisplayNames
  "new Intl.DisplayNames('en', { type: 'region' }).of('DE')",
  "new Intl.DisplayNames('ru', { type: 'region' }).of('US')",
  "new Intl.DisplayNames('en', { type: 'region', style: 'short' }).of('GB')",
  "new Intl.DisplayNames('en', { type: 'region' }).of('XX')",
  "new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of('XX')",
  "new Intl.DisplayNames('en', { type: 'region' }).of('ZZZ')",
  "new Intl.DisplayNames('en', { type: 'language' }).of('en-GB')",
  "new Intl.DisplayNames('en', { type: 'language', languageDisplay: 'standard' }).of('en-GB')",
  "new Intl.DisplayNames('ru', { type: 'language' }).of('de')",
  "new Intl.DisplayNames('en', { type: 'language' }).of('zh-Hant-TW')",
  "new Intl.DisplayNames('en', { type: 'script' }).of('Cyrl')",
  "new Intl.DisplayNames('en', { type: 'currency' }).of('EUR')",
  "new Intl.DisplayNames('en', { type: 'currency' }).of('usd')",
  "new Intl.DisplayNames('ru', { type: 'currency' }).of('RUB')",
  "JSON.stringify(new Intl.DisplayNames('ru', { type: 'language' }).resolvedOptions())",
  "new Intl.DisplayNames('en')",
  "new Intl.DisplayNames('en', { type: 'calendar' }).of('gregory')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('month')",
  "new Intl.DisplayNames('ru', { type: 'calendar' }).of('gregory')",
  "new Intl.DisplayNames('de-AT', { type: 'calendar' }).of('islamic-umalqura')",
  "new Intl.DisplayNames('zh-Hant', { type: 'calendar' }).of('gregory')",
  "new Intl.DisplayNames('ja', { type: 'calendar' }).of('japanese')",
  "new Intl.DisplayNames('en', { type: 'calendar' }).of('ethioaa')",
  "new Intl.DisplayNames('en', { type: 'calendar' }).of('ethiopic-amete-alem')",
  "new Intl.DisplayNames('en', { type: 'calendar', style: 'short' }).of('iso8601')",
  "new Intl.DisplayNames('fr', { type: 'calendar' }).of('roc')",
  "new Intl.DisplayNames('en', { type: 'calendar' }).of('GREGORY')",
  "new Intl.DisplayNames('en', { type: 'calendar', fallback: 'none' }).of('islamicc')",
  "new Intl.DisplayNames('en', { type: 'calendar', fallback: 'none' }).of('core')",
  "new Intl.DisplayNames('en', { type: 'calendar' }).of('gregorian')",
  "new Intl.DisplayNames('en', { type: 'calendar' }).of('gregory-x')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField', style: 'short' }).of('year')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField', style: 'narrow' }).of('weekday')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('weekOfYear')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('dayPeriod')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('timeZoneName')",
  "new Intl.DisplayNames('en-GB', { type: 'dateTimeField', style: 'narrow' }).of('dayPeriod')",
  "new Intl.DisplayNames('ru', { type: 'dateTimeField' }).of('quarter')",
  "new Intl.DisplayNames('ru', { type: 'dateTimeField', style: 'narrow' }).of('second')",
  "new Intl.DisplayNames('de', { type: 'dateTimeField', style: 'narrow' }).of('era')",
  "new Intl.DisplayNames('fr', { type: 'dateTimeField', style: 'short' }).of('weekday')",
  "new Intl.DisplayNames('es-419', { type: 'dateTimeField', style: 'narrow' }).of('dayPeriod')",
  "new Intl.DisplayNames('zh-Hant', { type: 'dateTimeField' }).of('dayPeriod')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField', fallback: 'none' }).of('hour')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('week')",
  "new Intl.DisplayNames('en', { type: 'dateTimeField' }).of('Year')",
  // DateTimeFormat
  "new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('ru-RU', { dateStyle: 'full', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('en-US').format(d)",
  "d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru-RU', { weekday: 'long', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru-RU', { weekday: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru-RU', { month: 'long', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru-RU', { month: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru-RU', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })",
  // DateTimeFormat: 2-digit fields, narrow weekdays, eras, day periods, time zones
  "new Date(Date.UTC(2026, 0, 5, 8, 5)).toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' })",
  "new Date(Date.UTC(2026, 0, 5, 8, 5)).toLocaleDateString('ru-RU', { month: '2-digit', day: '2-digit' })",
  "new Date(Date.UTC(2026, 0, 5, 8, 5)).toLocaleString('en-US', { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })",
  "new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date(Date.UTC(2026, 0, 5)))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit' }).resolvedOptions())",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.UTC(2026, 0, 5))))",
  "new Date(Date.UTC(2026, 0, 5, 8, 5)).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })",
  "d.toLocaleDateString('en-US', { weekday: 'narrow', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru-RU', { weekday: 'narrow', timeZone: 'UTC' })",
  "d.toLocaleString('ru-RU', { weekday: 'narrow', timeZone: 'Asia/Tokyo' })",
  "new Intl.DateTimeFormat('en-US', { weekday: 'narrow' }).format(d)",
  "JSON.stringify(new Intl.DateTimeFormat('de', { weekday: 'narrow' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { weekday: 'narrow', timeZone: 'Asia/Tokyo' }).resolvedOptions())",
  "d.toLocaleDateString('en-US', { year: 'numeric', era: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', era: 'long', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru', { year: 'numeric', era: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('de', { year: 'numeric', month: 'short', day: 'numeric', era: 'narrow', timeZone: 'UTC' })",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { year: 'numeric', era: 'long', timeZone: 'UTC' }).formatToParts(d))",
  // A narrow weekday beside other fields; months named at every width
  "d.toLocaleDateString('en-US', { weekday: 'narrow', month: 'short', day: 'numeric', timeZone: 'UTC' })",
  "new Intl.DateTimeFormat('en-US', { weekday: 'narrow', day: 'numeric', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('ru', { weekday: 'narrow', day: 'numeric', timeZone: 'UTC' }).format(d)",
  "d.toLocaleDateString('de', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleDateString('de', { month: 'short', year: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleDateString('es', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleDateString('ja', { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('ja', { weekday: 'long', day: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleDateString('en-US', { month: 'narrow', timeZone: 'UTC' })",
  "d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })",
  "d.toLocaleString('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })",
  "d.toLocaleString('en-US', { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('ru', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).resolvedOptions())",
  "d.toLocaleDateString('th', { weekday: 'narrow', timeZone: 'UTC' })",
  "d.toLocaleDateString('th', { month: 'long', year: 'numeric', timeZone: 'UTC' })",
  // 2-digit years and fractions of a second
  "d.toLocaleDateString('en-US', { year: '2-digit', month: '2-digit', day: '2-digit', timeZone: 'UTC' })",
  "d.toLocaleDateString('de', { year: '2-digit', month: 'short', day: 'numeric', timeZone: 'UTC' })",
  "d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, timeZone: 'UTC' })",
  "JSON.stringify(new Intl.DateTimeFormat('de', { hour: 'numeric', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 2, timeZone: 'UTC' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 1, timeZone: 'UTC' }).resolvedOptions())",
  // Minutes and seconds without the hour (a lap time)
  "d.toLocaleTimeString('en-US', { minute: '2-digit', second: '2-digit', timeZone: 'UTC' })",
  "d.toLocaleTimeString('de', { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 2, timeZone: 'UTC' })",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, timeZone: 'UTC' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('ru', { minute: 'numeric', second: 'numeric', timeZone: 'UTC' }).resolvedOptions())",
  // Time styles with the zone's name; a date and a zone glued as a date and a time
  "d.toLocaleTimeString('en-US', { timeStyle: 'long', timeZone: 'America/New_York' })",
  "d.toLocaleTimeString('en-US', { timeStyle: 'full', timeZone: 'Asia/Kolkata' })",
  "d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'Asia/Kolkata' })",
  "d.toLocaleString('ru', { dateStyle: 'long', timeStyle: 'long', timeZone: 'Europe/Moscow' })",
  "d.toLocaleString('de', { dateStyle: 'full', timeStyle: 'full', timeZone: 'Europe/Berlin' })",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'long', timeZone: 'UTC' }).resolvedOptions())",
  "JSON.stringify(new Intl.DateTimeFormat('en-GB', { timeStyle: 'full', timeZone: 'Europe/London' }).formatToParts(d))",
  "d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZoneName: 'short', timeZone: 'UTC' })",
  "d.toLocaleDateString('ru', { month: 'long', day: 'numeric', timeZoneName: 'short', timeZone: 'Europe/Moscow' })",
  "d.toLocaleDateString('fr', { month: 'long', day: 'numeric', timeZoneName: 'short', timeZone: 'Europe/Paris' })",
  "d.toLocaleDateString('en-US', { weekday: 'long', timeZoneName: 'short', timeZone: 'America/New_York' })",
  "d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZoneName: 'long', timeZone: 'UTC' })",
  "new Intl.DateTimeFormat('en-US', { month: 'long', timeZoneName: 'short', timeZone: 'UTC' }).format(d)",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { month: 'long', timeZoneName: 'short', timeZone: 'UTC' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { month: 'long', timeZoneName: 'short', timeZone: 'UTC' }).resolvedOptions())",
  "d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZoneName: 'shortOffset', timeZone: 'Asia/Kolkata' })",
  // A style beside a field, or the other style, is refused with V8's message
  "(() => { try { return d.toLocaleTimeString('en-US', { dateStyle: 'short' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "(() => { try { return d.toLocaleDateString('en-US', { dateStyle: 'short', timeStyle: 'short' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "(() => { try { return new Intl.DateTimeFormat('en-US', { dateStyle: 'short', second: 'numeric', year: 'numeric' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "(() => { try { return d.toLocaleString('en-US', { timeStyle: 'long', timeZoneName: 'short' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "d.toLocaleTimeString('en-US', { hour: 'numeric', dayPeriod: 'short', timeZone: 'UTC' })",
  "d.toLocaleTimeString('en-US', { hour: 'numeric', dayPeriod: 'long', timeZone: 'UTC' })",
  "d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', dayPeriod: 'narrow', timeZone: 'America/New_York' })",
  "new Date(Date.UTC(2026, 10, 26, 12, 30)).toLocaleTimeString('en-US', { hour: 'numeric', dayPeriod: 'short', timeZone: 'UTC' })",
  "new Date(Date.UTC(2026, 10, 26, 12, 30)).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', dayPeriod: 'short', timeZone: 'UTC' })",
  "d.toLocaleTimeString('ru', { dayPeriod: 'long', timeZone: 'Europe/Moscow' })",
  "d.toLocaleTimeString('ru', { hour: 'numeric', dayPeriod: 'long', timeZone: 'UTC' })",
  "new Intl.DateTimeFormat('de', { dayPeriod: 'long', timeZone: 'UTC' }).format(d)",
  "new Intl.DateTimeFormat('zh', { hour: 'numeric', dayPeriod: 'short', hour12: true, timeZone: 'UTC' }).format(d)",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', dayPeriod: 'long', timeZone: 'UTC' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hour: 'numeric', dayPeriod: 'narrow', timeZone: 'UTC' }).resolvedOptions())",
  "d.toLocaleString('en-US', { timeZone: 'America/New_York' })",
  "d.toLocaleString('en-US', { timeZone: 'Asia/Kolkata', timeZoneName: 'short' })",
  "d.toLocaleString('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })",
  "new Date(Date.UTC(2026, 6, 1, 12)).toLocaleString('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })",
  "d.toLocaleTimeString('en-US', { timeZone: 'Asia/Kolkata', timeZoneName: 'shortOffset' })",
  "d.toLocaleTimeString('en-US', { timeZone: 'Asia/Kolkata', timeZoneName: 'longOffset' })",
  "d.toLocaleTimeString('en-US', { timeZone: 'Europe/Moscow', timeZoneName: 'long' })",
  "d.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })",
  "d.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', timeZoneName: 'short' })",
  "d.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', timeZoneName: 'long' })",
  "d.toLocaleString('ru-RU', { timeZone: 'America/New_York', timeZoneName: 'longOffset' })",
  "d.toLocaleString('en-US', { timeZone: 'America/New_York', timeZoneName: 'long' })",
  "d.toLocaleString('en-US', { timeZone: 'Australia/Sydney', timeZoneName: 'shortOffset' })",
  "d.toLocaleString('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'shortGeneric' })",
  "d.toLocaleString('en-US', { timeZoneName: 'short' })",
  "d.toLocaleString('en-US', { timeZone: 'UTC', timeZoneName: 'long' })",
  "d.toLocaleString('ru-RU', { timeZone: 'UTC', timeZoneName: 'long' })",
  "d.toLocaleDateString('en-US', { timeZone: 'Pacific/Auckland' })",
  "new Date(Date.UTC(2026, 11, 31, 20)).toLocaleDateString('en-US', { timeZone: 'Asia/Tokyo' })",
  "new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(d)",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Moscow', timeZoneName: 'longOffset' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { timeZone: 'america/new_york', timeZoneName: 'short' }).resolvedOptions())",
  // toLocaleString / toLocaleDateString / toLocaleTimeString with and without arguments
  "d.toLocaleString()",
  "d.toLocaleDateString()",
  "d.toLocaleTimeString()",
  "d.toLocaleString('en-US')",
  "d.toLocaleString('ru-RU')",
  "d.toLocaleDateString('ru-RU')",
  "d.toLocaleTimeString('ru-RU')",
  "d.toLocaleDateString('en-GB')",
  "d.toLocaleDateString('de-DE')",
  "d.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })",
  "d.toLocaleString('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' })",
  "d.toLocaleString('ru-RU', { hourCycle: 'h12' })",
  "d.toLocaleString('en-US', { hour12: false })",
  "d.toLocaleTimeString('ru-RU', { hour12: true })",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hour12: false }).resolvedOptions())",
  // hourCycle h24 (midnight is 24), a zone V8 refuses, UTC's other names, a minute or a
  // second alone
  "m.toLocaleTimeString('en-US', { hourCycle: 'h24' })",
  "m.toLocaleString('ja', { hourCycle: 'h24', hour: 'numeric', minute: 'numeric' })",
  "d.toLocaleString('es-MX', { hourCycle: 'h24', dateStyle: 'short', timeStyle: 'short' })",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hourCycle: 'h24', hour: 'numeric' }).resolvedOptions())",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hourCycle: 'h24', hour: 'numeric', minute: 'numeric' }).formatToParts(m))",
  "(() => { try { return d.toLocaleString('en-US', { timeZone: '+05:30' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "(() => { try { return new Intl.DateTimeFormat('en-US', { timeZone: 'Mars/Olympus' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "(() => { try { return d.toLocaleDateString('de', { timeZone: 'Z' }); } catch (e) { return e.name + ': ' + e.message; } })()",
  "new Intl.DateTimeFormat('en', { timeZone: 'Etc/GMT' }).resolvedOptions().timeZone",
  "d.toLocaleString('en-GB', { timeZone: 'GMT', timeZoneName: 'short' })",
  "d.toLocaleTimeString('en-US', { minute: '2-digit' })",
  "d.toLocaleTimeString('bn', { second: '2-digit' })",
  "d.toLocaleTimeString('ru', { second: 'numeric', fractionalSecondDigits: 2 })",
  "JSON.stringify(new Intl.DateTimeFormat('fa', { second: 'numeric', fractionalSecondDigits: 3 }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en', { minute: '2-digit', hour12: false }).resolvedOptions())",
  // A numeric hour beside a 2-digit minute loses a 24-hour pattern's zero, as in V8 (`0:04`),
  // except beside a zone or a weekday alone, in a style or in another cycle
  "m.toLocaleTimeString('de', { hour: 'numeric', minute: '2-digit' })",
  "m.toLocaleString('pt-BR', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' })",
  "m.toLocaleString('ru', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })",
  "JSON.stringify(new Intl.DateTimeFormat('ru', { hour: 'numeric', minute: '2-digit' }).formatToParts(m))",
  "JSON.stringify(new Intl.DateTimeFormat('de', { hour: 'numeric', minute: '2-digit' }).resolvedOptions())",
  "m.toLocaleTimeString('fr', { hour: 'numeric', minute: '2-digit', second: 'numeric' })",
  "m.toLocaleString('de', { weekday: 'short', hour: 'numeric', minute: '2-digit' })",
  "m.toLocaleTimeString('de', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })",
  "m.toLocaleTimeString('en-US', { hourCycle: 'h23', hour: 'numeric', minute: '2-digit' })",
  "m.toLocaleTimeString('en-GB', { hour12: false, hour: 'numeric', minute: '2-digit' })",
  // AM/PM as CLDR 48 names it, where ICU4X's older data differs (Korean, Pashto)
  "d.toLocaleTimeString('ko')",
  "m.toLocaleString('ko', { dateStyle: 'medium', timeStyle: 'short' })",
  "JSON.stringify(new Intl.DateTimeFormat('ko', { hour: 'numeric', minute: '2-digit' }).formatToParts(d))",
  "d.toLocaleTimeString('ps', { hour: 'numeric', minute: '2-digit', hour12: true })",
  "d.toLocaleTimeString('zh', { hour: 'numeric', minute: '2-digit', hour12: true })",
  "new Intl.DateTimeFormat().format(d)",
  "new Intl.DateTimeFormat('ru-RU', { hour: 'numeric', minute: 'numeric' }).format(d)",
  "JSON.stringify(new Intl.DateTimeFormat('en-US').formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: 'numeric' }).formatToParts(d))",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions())",
  "JSON.stringify(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).resolvedOptions())",
  "(() => { const f = new Intl.DateTimeFormat('en-US'); return f.format === f.format && f.format.length; })()",
  "[1234.5, d].toLocaleString()",
  "[1234.5, 0.25, null, 'x', [2000, undefined]].toLocaleString('de-DE')",
  // Intl.supportedValuesOf: the engine's own lists (docs/engine.md names where they differ
  // from V8's), V8's error for another key
  "Intl.supportedValuesOf('unit').join()",
  "Intl.supportedValuesOf('calendar').includes('gregory') && Intl.supportedValuesOf('calendar').includes('hebrew')",
  "['USD', 'EUR', 'RUB', 'INR', 'JPY'].every((c) => Intl.supportedValuesOf('currency').includes(c))",
  "['latn', 'arab', 'deva', 'thai'].every((n) => Intl.supportedValuesOf('numberingSystem').includes(n))",
  "['America/New_York', 'Europe/Moscow', 'Asia/Tokyo', 'Australia/Sydney'].every((z) => Intl.supportedValuesOf('timeZone').includes(z))",
  "Intl.supportedValuesOf('collation').includes('phonebk')",
  "['calendar', 'collation', 'currency', 'numberingSystem', 'timeZone', 'unit'].every((k) => { const v = Intl.supportedValuesOf(k); return v.every((x, i) => i === 0 || v[i - 1] < x); })",
  "(() => { try { return Intl.supportedValuesOf('colour'); } catch (e) { return e.name + ': ' + e.message; } })()",
  "(() => { try { return Intl.supportedValuesOf(); } catch (e) { return e.name + ': ' + e.message; } })()",
  "Intl.supportedValuesOf.length + ' ' + Intl.supportedValuesOf.name",
  // Collator and localeCompare
  "['Zoë', 'Émile', 'Ana', 'Åsa', 'Ölaf', 'zack', 'Eve', 'Øystein', 'adam'].sort((a, b) => a.localeCompare(b)).join(' ')",
  "['Яков', 'Алексей', 'ёжик', 'Ёлка', 'Борис', 'елена', 'Жанна', 'Zed'].sort((a, b) => a.localeCompare(b, 'ru')).join(' ')",
  "['Яков', 'Алексей', 'ёжик', 'Ёлка', 'Борис', 'елена'].sort(new Intl.Collator('ru-RU').compare).join(' ')",
  "'a'.localeCompare('B')",
  "'résumé'.localeCompare('RESUME', 'en', { sensitivity: 'base' })",
  "'résumé'.localeCompare('resume', 'en', { sensitivity: 'accent' })",
  "['item10', 'item2', 'item1'].sort(new Intl.Collator('en', { numeric: true }).compare).join()",
  "new Intl.Collator('de').compare('ä', 'z')",
  "new Intl.Collator('sv').compare('ä', 'z')",
  // PluralRules
  "[0, 1, 2, 5, 21, 1.5].map((n) => new Intl.PluralRules('en-US').select(n)).join()",
  "[0, 1, 2, 5, 11, 21, 22, 25, 111, 1.5].map((n) => new Intl.PluralRules('ru').select(n)).join()",
  "[1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map((n) => new Intl.PluralRules('en-US', { type: 'ordinal' }).select(n)).join()",
  "typeof Intl",
];

// Where the engine still differs from Node, and why. A marked expression must still
// differ (the test fails once it is fixed, so the mark is removed).
const KNOWN = {
  "new Intl.DisplayNames('en', { type: 'language' }).of('zh-Hant-TW')":
    "CLDR data: ICU4X's display name is 'Traditional Mandarin Chinese (Taiwan)'",
  "d.toLocaleDateString('ja', { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' })":
    "ICU4X's patterns: ja has no medium one with a named month, so the long one is narrowed ('11月26日木' for ICU's '11月26日(木)')",
};

function script(expressions) {
  const runs = expressions.map((expression) => `  run(() => ${expression}),`).join("\n");
  return `'use strict';
const d = new Date(Date.UTC(2026, 10, 26, 15, 4, 5, 678));
const m = new Date(Date.UTC(2026, 10, 26, 0, 4, 5));
const run = (f) => { try { return String(f()); } catch (e) { return 'throws ' + e.name; } };
return { r: JSON.stringify([
${runs}
]) };
`;
}

const doc = {
  name: "intl",
  script: script(EXPRESSIONS),
  metaInputs: [],
  metaOutputs: [{ id: 1, name: "r", type: "value" }],
};

function nodeResults() {
  const program = `const f = new Function('inputs', ${JSON.stringify(doc.script)});
process.stdout.write(f({}).r);`;
  const out = execFileSync(process.execPath, ["-e", program], {
    encoding: "utf8",
    env: { ...process.env, TZ: "UTC", LC_ALL: "en_US.UTF-8", LANG: "en_US.UTF-8" },
  });
  return JSON.parse(out);
}

function cliResults() {
  const dir = mkdtempSync(join(tmpdir(), "calc-intl-"));
  try {
    const docPath = join(dir, "doc.json");
    writeFileSync(docPath, JSON.stringify(doc));
    const result = JSON.parse(execFileSync(calc, ["eval", docPath], { encoding: "utf8" }));
    assert.equal(result.error, null);
    return JSON.parse(result.outputs.r);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function wasmResults() {
  const glue = await import(intlGlue);
  await glue.default({ module_or_path: readFileSync(intlWasm) });
  // As the web worker gives it: the core and the page's language, then the rest as asked.
  installIntlData(glue, ["en"]);
  const engine = new glue.Engine();
  const { value: result, added } = withIntlData(glue, () => engine.evaluate(doc));
  assert.equal(result.error, null);
  // The expressions ask for de, ru, fr, …: each was fetched after the first run, once.
  assert.ok(added.includes("de") && added.includes("ru"), `added ${added}`);
  // CLDR's names of units (and calendars and date fields) are parts of their own, fetched
  // only for the languages that the unit style wrote.
  for (const part of ["en.names", "ru.names", "ja.names", "zh-Hant.names"]) {
    assert.ok(added.includes(part), `${part} not added: ${added}`);
  }
  assert.ok(!added.includes("fi.names"), `added ${added}`);
  assert.deepEqual(glue.missingIntlData(), []);
  return JSON.parse(result.outputs.r);
}

const expected = nodeResults();

// Every mismatch at once, so one run shows all that is left.
function compare(face, results) {
  const wrong = [];
  for (const [i, expression] of EXPRESSIONS.entries()) {
    const same = results[i] === expected[i];
    if (KNOWN[expression] && same) wrong.push(`${expression}\n  now equals Node: remove its KNOWN mark`);
    if (!KNOWN[expression] && !same) {
      wrong.push(`${expression}\n  Node:   ${JSON.stringify(expected[i])}\n  ${face}: ${JSON.stringify(results[i])}`);
    }
  }
  assert.deepEqual(wrong, [], `${face}:\n${wrong.join("\n")}`);
}

test("Node's ICU is the full one (the reference must know ru and de)", () => {
  assert.equal(expected[EXPRESSIONS.indexOf("(1234567.891).toLocaleString('de-DE')")], "1.234.567,891");
});

// Natively Intl is always on (the engine's default `intl` feature); in the browser it is the
// package's Intl module, which scripts/build-wasm builds beside the default one.
test("cli: every Intl expression gives Node's text", () => {
  compare("cli", cliResults());
});

test("wasm (Intl module): every Intl expression gives Node's text", async () => {
  assert.ok(existsSync(intlWasm) && existsSync(intlGlue), "pkg/calcsmith_engine_intl* is not built (scripts/build-wasm)");
  compare("wasm", await wasmResults());
});
