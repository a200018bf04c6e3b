// @calcsmith/engine/intl.js: the Intl module's glue (calcsmith_engine_intl.js), with the
// `Engine` and `__wbg_reset_state` of recovering.js, and `addIntlCore`/`addIntlData` kept to
// be given to a new instance again.
import * as glue from "./calcsmith_engine_intl.js";
import { recovering } from "./recovering.js";

export * from "./calcsmith_engine_intl.js";
export { default } from "./calcsmith_engine_intl.js";

const recovered = recovering(glue);
export const Engine = recovered.Engine;
export const __wbg_reset_state = recovered.__wbg_reset_state;
export const addIntlCore = recovered.addIntlCore;
export const addIntlData = recovered.addIntlData;
