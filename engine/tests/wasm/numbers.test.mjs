// Numbers cross JSON between the faces (the CLI and the server talk to a `calc worker`
// process in JSON lines) and must come back with every bit: a few thousand doubles in
// as input values and out as outputs, through the CLI and the wasm package.
import { test } from "node:test";
import assert from "node:assert/strict";

import { FACES, seededRandom } from "./faces.mjs";

const random = seededRandom(1836);
const DOUBLES = [1836.5950000000003, 0.1 + 0.2, 1 / 3, 2 ** -1074, Number.MAX_VALUE, 9007199254740993, 1e23, 5e-324];
for (let i = 0; i < 3000; i++) {
  const scale = 10 ** Math.floor(random() * 40 - 20);
  DOUBLES.push((random() - 0.5) * scale, random() * 10000 + random() / 7);
}

const doc = {
  script: `'use strict';
return {
  echoed: inputs.xs.map(function (item) { return { x: item.x }; }),
  computed: inputs.xs.map(function (item) { return { x: item.x * 1 }; }),
  literal: 1836.5950000000003
};`,
  metaInputs: [{ id: 1, name: "xs", type: "list", metaInputs: [{ id: 1, name: "x", type: "number" }], itemPrototype: { 1: 0 } }],
  metaOutputs: [
    { id: 1, name: "echoed", type: "table", metaOutputs: [{ id: 1, name: "x", type: "value" }] },
    { id: 2, name: "computed", type: "table", metaOutputs: [{ id: 1, name: "x", type: "value" }] },
    { id: 3, name: "literal", type: "value" },
  ],
};
const values = { 1: DOUBLES.map((x) => ({ 1: x })) };

for (const [face, evaluate] of Object.entries(FACES)) {
  test(`${face}: ${DOUBLES.length} doubles go in and come out bit for bit`, () => {
    const result = evaluate(doc, values);
    assert.equal(result.error, null);
    assert.equal(result.outputs.literal, 1836.5950000000003);
    for (const table of ["echoed", "computed"]) {
      const wrong = DOUBLES.filter((x, i) => !Object.is(result.outputs[table][i].x, x));
      assert.deepEqual(wrong.slice(0, 10), [], `${table}: ${wrong.length} of ${DOUBLES.length} changed`);
    }
  });
}
