// The default module's types: `Engine` has the glue's shape (recovering.js wraps it).
export * from "./calcsmith_engine.js";
export { default } from "./calcsmith_engine.js";
