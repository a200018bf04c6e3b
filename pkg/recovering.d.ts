/** An entry point's replacements for a module's glue (recovering.js). */
export function recovering<Glue extends { Engine: unknown }>(
  glue: Glue,
): {
  Engine: Glue["Engine"];
  __wbg_reset_state(): void;
  addIntlCore?: (...args: unknown[]) => unknown;
  addIntlData?: (...args: unknown[]) => unknown;
};
