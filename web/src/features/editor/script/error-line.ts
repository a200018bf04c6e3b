// The engine's script errors end with "(line N)", N being the line of the author's script
// (docs/engine.md, engine/src/errors/script.rs).

const LINE_SUFFIX = /\(line (\d+)\)\s*$/;

/** The script line an engine error points at, or null when it names none. */
export function errorLine(message: string | null): number | null {
  if (!message) return null;
  const match = LINE_SUFFIX.exec(message);
  if (!match) return null;
  const line = Number(match[1]);
  return Number.isSafeInteger(line) && line >= 1 ? line : null;
}
