import type { HealthResponse } from '../../wire/index.js';
import type { SearchIndex } from '../search/search-index.js';
import type { Store } from '../store/store.js';

/** A check that has not answered in this long counts as failed: a hung database is not healthy. */
const CHECK_TIMEOUT_MS = 2000;

async function answers(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `GET|POST /api/healthz`: ok when both the database and the index answer. */
export async function checkHealth(store: Store, index: SearchIndex): Promise<HealthResponse> {
  const [storeOk, indexOk] = await Promise.all([
    answers(() => store.healthy()),
    answers(() => index.healthy()),
  ]);
  return { status: storeOk && indexOk ? 'ok' : 'error' };
}
