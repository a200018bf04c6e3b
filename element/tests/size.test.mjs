// Issue 32's size budget for @calcsmith/element: at most 90 KB brotli of JS beside the
// engine (scripts/size.mjs says what counts; docs/benchmarks.md has the numbers). Needs the
// build: `npx vite build -c vite.element.config.ts` in web/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BUDGET_BROTLI, measure } from "../scripts/size.mjs";

test("the element's JS beside the engine is at most 90 KB brotli", () => {
  const { files, element } = measure();
  const counted = files.filter((each) => each.kind === "element").map((each) => each.file);
  assert.ok(counted.includes("calcsmith-element.js"), `counted: ${counted.join(", ")}`);
  assert.ok(counted.includes("worker.js"), `counted: ${counted.join(", ")}`);
  assert.ok(
    element.brotli <= BUDGET_BROTLI,
    `${element.brotli} bytes brotli, over the budget of ${BUDGET_BROTLI}`,
  );
});

test("only the engine, the libraries and Chart.js are left out of the budget", () => {
  const { files } = measure();
  const apart = files.filter((each) => each.kind !== "element");
  assert.deepEqual(
    apart.filter((each) => each.kind === "other").map((each) => each.file),
    [],
    "every file is of a known kind",
  );
  const chart = apart.filter((each) => each.kind === "chart");
  assert.equal(chart.length, 1, "Chart.js is one lazy chunk");
  // React and react-dom would be most of the budget alone: the build uses preact/compat.
  const code = files
    .filter((each) => each.kind === "element")
    .map((each) => each.file)
    .join(" ");
  assert.doesNotMatch(code, /react-dom/);
});
