/**
 * Custom agent parameters (SPEC 2.6): what a custom agent's endpoint takes besides the visitor's
 * question, `llm_query`, which every custom agent has without defining it. Each parameter has the
 * fields of the Add/Edit Parameter dialog: a name, a data type, where it travels in the request to
 * the endpoint (the query string, a `{placeholder}` of the URL's path, or the JSON body), a
 * description, an optional list of acceptable values, an optional default and whether it is
 * required. They are written in the config file (see demo/content/service/custom-agents.md).
 *
 * The values of a question: the visitor's reply to a value asked for in the last turn first, then
 * the page's `attributes` (a signed-in customer's id), then what the question itself says (see
 * `valuesInText`; the order is `answerWithCustomAgent`'s). Then the dialog's rules: a default is used
 * whenever no value is given; a parameter neither given, nor required, nor defaulted is null; a
 * required one without a default is asked of the visitor.
 */
import { z } from '@hono/zod-openapi';

export const PARAMETER_TYPES = ['String', 'Integer', 'Number', 'Boolean', 'Array'] as const;
export type ParameterDataType = (typeof PARAMETER_TYPES)[number];
export const PARAMETER_PLACES = ['Query', 'Path', 'Body'] as const;
export type ParameterPlace = (typeof PARAMETER_PLACES)[number];

/** A parameter's value: by its type, or null when it has none (rule 1). */
export type ParameterValue = string | number | boolean | string[] | null;

/** The parameter every custom agent has: the visitor's question. */
export const LLM_QUERY = 'llm_query';

export interface AgentParameter {
  name: string;
  type: ParameterDataType;
  parameterType: ParameterPlace;
  description: string;
  /** The acceptable values, parsed by type (each item's, for an Array). */
  enum: (string | number | boolean)[] | undefined;
  default: ParameterValue | undefined;
  required: boolean;
}

/** A dropdown's value as the dialog shows it, in any case: `string`, `STRING` and `String` alike. */
function oneOf<T extends string>(values: readonly T[]) {
  return z.string().transform((written, ctx) => {
    const found = values.find((value) => value.toLowerCase() === written.trim().toLowerCase());
    if (found === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` });
      return z.NEVER;
    }
    return found;
  });
}

/**
 * A decimal number. The digits after the point come only after a point: `\d+\.?\d*` split a run
 * of digits between its two quantifiers every way there is before failing, and a page's
 * `attributes` may give a Number parameter 16,000 digits and a letter (1.3 s of the one thread).
 */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const INTEGER = /^[+-]?\d+$/;
const TRUE_WORDS = new Set(['true', 'yes']);
const FALSE_WORDS = new Set(['false', 'no']);

/** One value of a type (an Array's item is a String), or undefined when it is not one. */
function parseScalar(
  type: Exclude<ParameterDataType, 'Array'>,
  raw: unknown,
): string | number | boolean | undefined {
  const written = typeof raw === 'string' ? raw.trim() : raw;
  switch (type) {
    case 'String':
      if (typeof written === 'string') return written === '' ? undefined : written;
      return typeof written === 'number' && Number.isFinite(written) ? String(written) : undefined;
    case 'Integer': {
      const value = typeof written === 'string' && INTEGER.test(written) ? Number(written) : written;
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
    }
    case 'Number': {
      const value = typeof written === 'string' && NUMBER.test(written) ? Number(written) : written;
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    }
    case 'Boolean':
      if (typeof written === 'boolean') return written;
      if (typeof written !== 'string') return undefined;
      if (TRUE_WORDS.has(written.toLowerCase())) return true;
      return FALSE_WORDS.has(written.toLowerCase()) ? false : undefined;
  }
}

/**
 * A value of a parameter's type, in its enum's spelling when it has one, or undefined when it is
 * not one: `"42"` is the Integer 42, `"a, b"` the Array `["a", "b"]`, `"Shipped"` the enum's
 * `shipped`.
 */
export function parseValue(
  parameter: Pick<AgentParameter, 'type' | 'enum'>,
  raw: unknown,
): ParameterValue | undefined {
  const accepted = (value: string | number | boolean) => {
    if (parameter.enum === undefined) return value;
    return parameter.enum.find(
      (allowed) => allowed === value || String(allowed).toLowerCase() === String(value).toLowerCase(),
    );
  };
  if (parameter.type !== 'Array') {
    const value = parseScalar(parameter.type, raw);
    return value === undefined ? undefined : accepted(value);
  }
  const items = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : undefined;
  if (items === undefined) return undefined;
  const values: string[] = [];
  for (const item of items) {
    if (typeof item === 'string' && item.trim() === '') continue;
    const value = parseScalar('String', item);
    const allowed = value === undefined ? undefined : accepted(value);
    if (allowed === undefined) return undefined;
    values.push(String(allowed));
  }
  return values.length > 0 ? values : undefined;
}

const scalarInput = z.union([z.string(), z.number(), z.boolean()]);

/** A parameter as the config file writes it, the dialog's fields by name. */
export const agentParameterSchema = z
  .object({
    name: z
      .string()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/,
        'must be 1–64 letters, digits, "_", "." or "-", starting with a letter or "_"',
      )
      .refine(
        (name) => name !== LLM_QUERY,
        `${LLM_QUERY} is present on every custom agent and is not defined`,
      ),
    type: oneOf(PARAMETER_TYPES),
    parameterType: oneOf(PARAMETER_PLACES),
    description: z.string().max(1000).default(''),
    /** Comma-separated, as the dialog takes it, or a list. */
    enum: z.union([z.string(), z.array(scalarInput)]).optional(),
    default: z.union([scalarInput, z.array(scalarInput)]).optional(),
    /** `true`/`false`, or the dialog's "True"/"False". */
    required: z
      .union([z.boolean(), oneOf(['True', 'False'] as const).transform((value) => value === 'True')])
      .default(false),
  })
  .strict()
  .transform((written, ctx): AgentParameter => {
    const parameter: AgentParameter = {
      name: written.name,
      type: written.type,
      parameterType: written.parameterType,
      description: written.description,
      enum: undefined,
      default: undefined,
      required: written.required,
    };
    if (written.enum !== undefined) {
      const items = typeof written.enum === 'string' ? written.enum.split(',') : written.enum;
      const itemType = parameter.type === 'Array' ? 'String' : parameter.type;
      const values: (string | number | boolean)[] = [];
      items.forEach((item, i) => {
        if (typeof item === 'string' && item.trim() === '' && typeof written.enum === 'string') return;
        const value = parseScalar(itemType, item);
        if (value === undefined)
          ctx.addIssue({ code: 'custom', path: ['enum', i], message: `must be a value of type ${itemType}` });
        else if (!values.includes(value)) values.push(value);
      });
      if (values.length === 0) ctx.addIssue({ code: 'custom', path: ['enum'], message: 'lists no value' });
      parameter.enum = values;
    }
    if (written.default !== undefined) {
      const value = parseValue(parameter, written.default);
      if (value === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['default'],
          message: parameter.enum
            ? `must be one of the enum's values (${parameter.enum.join(', ')})`
            : `must be a value of type ${parameter.type}`,
        });
      }
      parameter.default = value;
    }
    if (parameter.parameterType === 'Path' && isDotSegment(parameter.default)) {
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'a Path value cannot be "." or ".."' });
    }
    if (parameter.parameterType === 'Path' && !parameter.required && parameter.default === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['required'],
        message: "a Path parameter must be required or have a default: the URL can't be built without it",
      });
    }
    return parameter;
  });

/** The values of a question's parameters so far, by name; a name absent has no value yet. */
export type ParameterValues = Record<string, ParameterValue>;

/** Words of a name as a visitor writes them: `orderId`, `order_id` and `order-id` are "order id". */
function spokenName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` writes `word` as a word of its own (`ups` in "sent by UPS", not in "groups"), in any case. */
export function writesWord(text: string, word: ParameterValue): boolean {
  return new RegExp(`(?<![\\w-])${escapeRegExp(String(word))}(?![\\w-])`, 'i').test(text);
}

/** Numbers written in a text, as written. */
const NUMBERS_IN_TEXT = /(?<![\w.#-])[+-]?\d+(?:\.\d+)?(?![\w-])/g;
/** A code-like word: letters, digits and `-`/`_`, with at least one digit (`A-1234`, `INV_0042`). */
const CODES_IN_TEXT = /(?<![\w-])#?(?=[\w-]*\d)[A-Za-z0-9][\w-]*(?![\w-])/g;

/**
 * The values a text gives for the parameters still without one, by these rules, in order:
 * 1. written by name: `orderId: A-1234`, `order id = A-1234`, `status is shipped`, "quoted
 *    values" for spaces;
 * 2. an enum's value written as a word (`shipped`), when exactly one of its values is;
 * 3. a number (not `#1042`, an id), when the text has exactly one not yet taken and one Integer
 *    or Number parameter without a default is left: the one that would be asked for (required),
 *    else the only one;
 * 4. a code-like word (`A-1234`, `#1042`), when the text has exactly one not yet taken and one
 *    String parameter without a default is left, chosen the same way.
 * With `wordsOnly`, only the first two: a value written by name or an enum's word.
 * A value that doesn't parse as its parameter's type (or enum) is not taken.
 */
export function valuesInText(
  parameters: readonly AgentParameter[],
  text: string,
  { wordsOnly = false }: { wordsOnly?: boolean } = {},
): ParameterValues {
  const values: ParameterValues = {};
  const taken = new Set<string>();
  const open = () => parameters.filter((parameter) => !(parameter.name in values));
  for (const parameter of open()) {
    const names = [...new Set([parameter.name, spokenName(parameter.name)])].map(escapeRegExp);
    const written = new RegExp(
      `(?<![\\w-])(?:${names.join('|')})\\s*(?:[:=]|\\bis\\b)\\s*("[^"]*"|'[^']*'|[^\\s,;?!]+)`,
      'i',
    ).exec(text);
    const raw = written?.[1]?.replace(/^["']|["']$/g, '').replace(/[.)]+$/, '');
    const value = raw === undefined ? undefined : parseValue(parameter, raw);
    if (value !== undefined && raw !== undefined) {
      values[parameter.name] = value;
      taken.add(raw.toLowerCase());
    }
  }
  for (const parameter of open()) {
    if (parameter.enum === undefined || parameter.type === 'Array') continue;
    const named = parameter.enum.filter((value) => writesWord(text, value));
    if (named.length === 1) {
      values[parameter.name] = named[0] as string | number | boolean;
      taken.add(String(named[0]).toLowerCase());
    }
  }
  if (wordsOnly) return values;
  const lone = (types: ParameterDataType[], pattern: RegExp) => {
    // A parameter with a default has its value unless it is written by name or as an enum's word.
    const left = open().filter(
      (parameter) =>
        types.includes(parameter.type) && parameter.enum === undefined && parameter.default === undefined,
    );
    // The one that would be asked for, else the only one left.
    const needed = left.filter((parameter) => parameter.required);
    const candidates = needed.length > 0 ? needed : left;
    const found = [...text.matchAll(pattern)].map((match) => match[0].replace(/^#/, ''));
    const fresh = [...new Set(found.filter((word) => !taken.has(word.toLowerCase())))];
    const [parameter] = candidates;
    if (candidates.length !== 1 || fresh.length !== 1 || parameter === undefined) return;
    const value = parseValue(parameter, fresh[0]);
    if (value === undefined) return;
    values[parameter.name] = value;
    taken.add((fresh[0] as string).toLowerCase());
  };
  lone(['Integer', 'Number'], NUMBERS_IN_TEXT);
  lone(['String'], CODES_IN_TEXT);
  return values;
}

/**
 * The values of the parameters the page's `attributes` give by name, each parsed by its type;
 * one that isn't of its type is left out, for the question to give.
 */
export function valuesInAttributes(
  parameters: readonly AgentParameter[],
  attributes: Record<string, unknown> | undefined,
): ParameterValues {
  const values: ParameterValues = {};
  if (!attributes) return values;
  for (const parameter of parameters) {
    if (!Object.hasOwn(attributes, parameter.name)) continue;
    const value = parseValue(parameter, attributes[parameter.name]);
    if (value !== undefined) values[parameter.name] = value;
  }
  return values;
}

/**
 * The dialog's rules over what was found: a default where no value was given (rule 2), null for
 * a parameter neither required nor defaulted (rule 1); what is left is the required parameters
 * to ask the visitor for (rule 3), in the order they are defined.
 */
export function completeValues(
  parameters: readonly AgentParameter[],
  found: ParameterValues,
): { values: ParameterValues; missing: AgentParameter[] } {
  const values: ParameterValues = {};
  const missing: AgentParameter[] = [];
  for (const parameter of parameters) {
    if (parameter.name in found) values[parameter.name] = found[parameter.name] as ParameterValue;
    else if (parameter.default !== undefined) values[parameter.name] = parameter.default;
    else if (!parameter.required) values[parameter.name] = null;
    else missing.push(parameter);
  }
  return { values, missing };
}

/**
 * A Path value the URL would read as a step up or nowhere (`..`, `.`, written plain or encoded):
 * URL parsing resolves such a segment whatever its encoding, so it is never a value.
 */
export function isDotSegment(value: ParameterValue | undefined): boolean {
  const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
  return /^(\.|%2e){1,2}$/i.test(text.trim());
}
