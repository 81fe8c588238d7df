/**
 * Seeded random values for tests that throw whatever a network may carry at the code (the
 * service's API, the elements' handling of the service's answers): the same seed gives the same
 * values, so a failure repeats.
 */
/** mulberry32: a small seeded generator, so that every run sends the same requests. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const STRINGS = [
  '',
  ' ',
  'install',
  'How do I change the theme?',
  '<img src=x onerror="window.__fuzzed=1">',
  '__proto__',
  'constructor',
  '\u0000\u0001',
  'مرحبا بالعالم',
  '👩‍💻🚀',
  'x'.repeat(1001),
  'data:image/png;base64,iVBORw0KGgo=',
  'data:text/html;base64,PHNjcmlwdD4=',
  '1',
  '-1',
  'true',
  'null',
  '2025-01-01',
  '1700000000000',
];
export const NUMBERS = [0, -0, 1, -1, 0.5, 0.99, 1.5, 100, 101, 1e308, -1e308, 2 ** 53];

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** Any JSON value, nested at most `depth` deep. */
export function anyValue(random: Random, depth = 2): unknown {
  const kind = Math.floor(random() * (depth > 0 ? 7 : 5));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, NUMBERS);
    case 3:
    case 4:
      return pick(random, STRINGS);
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => anyValue(random, depth - 1));
    default: {
      const object: Record<string, unknown> = {};
      // Defined, not assigned: `object.__proto__ = …` would set its prototype, not add the key a
      // hostile JSON body holds.
      for (let i = Math.floor(random() * 3); i > 0; i--)
        Object.defineProperty(object, pick(random, ['a', '__proto__', 'constructor', 'query', 'polluted']), {
          value: anyValue(random, depth - 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return object;
    }
  }
}
