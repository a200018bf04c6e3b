// Scenarios (issue 33): named sets of input values, up to 4 a calculator, kept on the device
// (localStorage, per calculator) and carried by a link's hash (`#scenarios=…`, which the
// published page's values hash — a JSON object — never looks like).

/** A named set of input values, keyed by input id like `doc.defaults`. */
export interface Scenario {
  name: string;
  values: Record<string, unknown>;
}

export const MAX_SCENARIOS = 4;

const HASH_PREFIX = '#scenarios=';

const storageKey = (calcKey: string) => `calcsmith:scenarios:${calcKey}`;

/** Scenarios as read from untrusted JSON: at most 4, each a name and an object of values. */
export function readScenarios(data: unknown): Scenario[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter(
      (item): item is Scenario =>
        !!item &&
        typeof item === 'object' &&
        typeof (item as Scenario).name === 'string' &&
        !!(item as Scenario).values &&
        typeof (item as Scenario).values === 'object' &&
        !Array.isArray((item as Scenario).values),
    )
    .slice(0, MAX_SCENARIOS)
    .map((item) => ({ name: item.name.slice(0, 100), values: item.values }));
}

/** The scenarios kept on this device for a calculator (none when storage is unavailable). */
export function loadScenarios(calcKey: string): Scenario[] {
  try {
    const text = localStorage.getItem(storageKey(calcKey));
    return text ? readScenarios(JSON.parse(text)) : [];
  } catch {
    return [];
  }
}

/** Keeps a calculator's scenarios on this device (an empty list removes the entry). */
export function storeScenarios(calcKey: string, scenarios: Scenario[]): void {
  try {
    if (scenarios.length === 0) localStorage.removeItem(storageKey(calcKey));
    else localStorage.setItem(storageKey(calcKey), JSON.stringify(scenarios));
  } catch {
    // Private mode or full: the scenarios stay for this visit only.
  }
}

/** The hash of a link that opens the calculator showing `scenarios`. */
export function scenariosHash(scenarios: Scenario[]): string {
  return HASH_PREFIX + encodeURIComponent(JSON.stringify(scenarios));
}

/** The scenarios a link's hash carries, or null when it carries none. */
export function hashScenarios(hash: string): Scenario[] | null {
  if (!hash.startsWith(HASH_PREFIX)) return null;
  try {
    const scenarios = readScenarios(JSON.parse(decodeURIComponent(hash.slice(HASH_PREFIX.length))));
    return scenarios.length ? scenarios : null;
  } catch {
    return null;
  }
}
