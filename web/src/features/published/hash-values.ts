/** Input values carried by the hash (`#{"1": 5}`), keyed by input id; bad JSON is ignored. */
export function hashValues(hash: string): Record<string, unknown> | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  for (const text of [raw, safeDecode(raw)]) {
    if (text === null) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Try the decoded form, then give up.
    }
  }
  return null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
