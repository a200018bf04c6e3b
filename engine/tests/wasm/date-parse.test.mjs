// Date.parse and new Date(text) read every string of date-strings.mjs as this Node does
// in UTC (the engine's only time zone), through the wasm package and through the CLI.
import { test } from "node:test";
import assert from "node:assert/strict";

import { DATE_STRINGS } from "./date-strings.mjs";
import { FACES, textDoc } from "./faces.mjs";

// Node reads the zone from TZ whenever it changes; the engine's local time is UTC.
process.env.TZ = "UTC";

const doc = textDoc(`'use strict';
var strings = ${JSON.stringify(DATE_STRINGS)};
return { out: JSON.stringify(strings.map(function (s) {
  return [String(Date.parse(s)), String(new Date(s).getTime())];
})) };`);

for (const [face, evaluate] of Object.entries(FACES)) {
  test(`${face}: ${DATE_STRINGS.length} date strings parse as in V8`, () => {
    const result = evaluate(doc);
    assert.equal(result.error, null);
    const got = JSON.parse(result.outputs.out);
    const wrong = [];
    DATE_STRINGS.forEach((s, i) => {
      const expected = String(Date.parse(s));
      if (got[i][0] !== expected) wrong.push(`Date.parse(${JSON.stringify(s)}) = ${got[i][0]}, V8: ${expected}`);
      if (got[i][1] !== expected) wrong.push(`new Date(${JSON.stringify(s)}) = ${got[i][1]}, V8: ${expected}`);
    });
    assert.ok(DATE_STRINGS.filter((s) => !Number.isNaN(Date.parse(s))).length > 300, "most strings are dates");
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} differ`);
  });
}

test("Date keeps working as a constructor, a function, a class to extend and a namespace", () => {
  const script = `'use strict';
class Day extends Date { label() { return this.toISOString().slice(0, 10); } }
var d = new Date('July 4, 2025');
var checks = [
  d instanceof Date, Object.prototype.toString.call(d), Date.prototype.constructor === Date,
  Object.getPrototypeOf(d) === Date.prototype, typeof Date(), Date.length, Date.name, Date.parse.length,
  new Day('12/25/2025').label(), new Day('12/25/2025') instanceof Date, new Date(2024, 1, 29).getTime(),
  new Date(Date.UTC(2024, 1, 29)).toISOString(), new Date(d).getTime() === d.getTime(),
  new Date({ valueOf: function () { return 86400000; } }).getTime(),
  new Date({ toString: function () { return 'Mar 15 2024'; }, valueOf: null }).getTime(),
  new Date(0).getTime(), isNaN(new Date('nope')), String(new Date(NaN)), typeof Date.now(),
  Object.keys(Date).length, Object.getOwnPropertyDescriptor(Date, 'prototype').writable,
  Object.getOwnPropertyDescriptor(globalThis, 'Date').enumerable
];
return { out: JSON.stringify(checks) };`;
  // Computed by this Node in UTC, except the subclass line, which runs the same here.
  const expected = JSON.stringify([
    true, "[object Date]", true, true, "string", 7, "Date", 1, "2025-12-25", true, Date.UTC(2024, 1, 29),
    "2024-02-29T00:00:00.000Z", true, 86400000, Date.parse("Mar 15 2024"), 0, true, "Invalid Date", "number",
    0, false, false,
  ]);
  for (const [face, evaluate] of Object.entries(FACES)) {
    const result = evaluate(textDoc(script));
    assert.equal(result.error, null, face);
    assert.equal(result.outputs.out, expected, face);
  }
});
