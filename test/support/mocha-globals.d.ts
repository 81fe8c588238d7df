// The globals of mocha, which @web/test-runner runs browser tests with (its types are not a
// dependency). Only what the browser tests use.
declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: (this: { timeout(ms: number): void }) => Promise<void> | void): void;
declare function before(body: () => unknown): void;
declare function after(body: () => unknown): void;
declare function beforeEach(body: () => unknown): void;
declare function afterEach(body: () => unknown): void;
