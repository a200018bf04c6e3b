// The page's what-if worker client, made on first use (the panel's first request).
import { WhatIfClient } from '../../lib/engine/what-if-client';

let shared: WhatIfClient | null = null;

export function whatIfClient(): WhatIfClient {
  shared ??= new WhatIfClient();
  return shared;
}

/** Replaces the client (tests: one over a fake worker; null resets). */
export function setWhatIfClientForTests(client: WhatIfClient | null): void {
  shared = client;
}
