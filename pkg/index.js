// @calcsmith/engine: the default module's glue (calcsmith_engine.js), with the `Engine` and
// `__wbg_reset_state` of recovering.js: `evaluate` never throws for an author's script.
import * as glue from "./calcsmith_engine.js";
import { recovering } from "./recovering.js";

export * from "./calcsmith_engine.js";
export { default } from "./calcsmith_engine.js";

const recovered = recovering(glue);
export const Engine = recovered.Engine;
export const __wbg_reset_state = recovered.__wbg_reset_state;
