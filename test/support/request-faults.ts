/**
 * The page's side of request-faults-plugin.mjs: the test server drops or holds the page's requests
 * for some of its files, as a lost or stalled connection does, until the connection is back.
 */
import { executeServerCommand } from '@web/test-runner-commands';

/** The requests for files whose path holds `part` fail, as when the train enters a tunnel. */
export const failRequests = (part: string) => executeServerCommand('fail-requests', part);

/** The requests for files whose path holds `part` get no answer yet, as on a stalled connection. */
export const holdRequests = (part: string) => executeServerCommand('hold-requests', part);

/** The connection is back: no request fails, and those held are answered. */
export const networkBack = () => executeServerCommand('fail-requests', null);

/** How many requests the test server has failed so far (the browser may resend one by itself). */
export const failedRequests = () => executeServerCommand('failed-requests');
