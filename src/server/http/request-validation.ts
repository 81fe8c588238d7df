import type { z } from '@hono/zod-openapi';
import { withinEditDistance } from '../search/edit-distance.js';
import { invalidField } from './api-error.js';

/** The dotted path of a zod issue (`base64Images.2`), or `body` for the object itself. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'body' : path.map((part) => String(part)).join('.');
}

/** What `input` holds at `path`, or undefined where it holds nothing. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.hasOwn(value, part) ? (value as Record<PropertyKey, unknown>)[part] : undefined;
  }
  return value;
}

/**
 * The body without its optional fields sent as null: a client written from the spec in a language
 * whose unset fields are written as null (pydantic, Jackson, System.Text.Json) means them absent.
 * A required field sent as null is still told.
 */
function withoutNullOptionals(schema: z.ZodType, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || !('shape' in schema))
    return input;
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(shape, key)) continue;
    const field = shape[key]!;
    if (value === null) {
      if (!field.safeParse(undefined).success) continue;
      copy ??= { ...input };
      delete copy[key];
      continue;
    }
    if (typeof value !== 'object') continue;
    // An object field's own optional fields (meta.title), as the same clients write them.
    let inner: z.ZodType = field;
    while ('unwrap' in inner && typeof inner.unwrap === 'function') inner = inner.unwrap() as z.ZodType;
    const stripped = withoutNullOptionals(inner, value);
    if (stripped !== value) (copy ??= { ...input })[key] = stripped;
  }
  return copy ?? input;
}

/** A name as a client may have meant a field's: its case, `_` and `-` aside. */
const looseName = (name: string): string => name.replace(/[_-]/g, '').toLowerCase();

/** Each schema's fields by their loose names, made once: a body may hold thousands of unknown keys. */
const fieldsByLooseName = new WeakMap<object, Map<string, string>>();

/** The fields of `shape` (a schema's, or a config object's) by their loose names. */
function looseFieldsOf(shape: Record<string, unknown>): Map<string, string> {
  let fields = fieldsByLooseName.get(shape);
  if (fields === undefined) {
    fields = new Map(Object.keys(shape).map((field) => [looseName(field), field]));
    fieldsByLooseName.set(shape, fields);
  }
  return fields;
}

/**
 * The field of `shape` that `key` was meant as: the same name in another case or with `_` or `-`
 * (`keepdays`, `api_key`), else the one field a typo away, an `s` left out among them (`project`,
 * `agent`, `allowedOrigin`), for a name of four letters or more.
 */
function fieldMeantBy(shape: Record<string, unknown>, key: string): string | undefined {
  const fields = looseFieldsOf(shape);
  const loose = looseName(key);
  const same = fields.get(loose);
  if (same !== undefined || loose.length < 4) return same;
  const near = [...fields].filter(([name]) => withinEditDistance(loose, name, 1));
  return near.length === 1 ? near[0]![1] : undefined;
}

/** How a value the field did not expect is named in a message: `a string`, `an array`, `null`, `nothing`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  const kind = typeof value;
  return kind === 'object' ? 'an object' : `a ${kind}`;
}

/** 1000 as 1,000: the limits read as a person writes them. */
const plainNumber = (value: number | bigint): string => value.toLocaleString('en-US');

/**
 * Zod's words where they mislead or read as code to the one who reads them: 2.5 for a whole number
 * was "expected int, received number", though 2.5 is a number; a limit was "Too big: expected
 * string to have <=1000 characters". A field's own message, where it has one, comes first (zod
 * keeps a schema's messages over this map). Used for request bodies and the config file alike.
 */
export const plainIssueMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'int') return `must be a whole number, got ${String(issue.input)}`;
    // JSON.parse reads a number beyond a double's range (1e400) as Infinity, which is a number
    // to typeof: "must be a number, got a number" told nothing.
    if (typeof issue.input === 'number' && !Number.isFinite(issue.input))
      return `must be a finite number, got ${String(issue.input)}`;
    const expected =
      issue.expected === 'array' || issue.expected === 'object'
        ? `an ${issue.expected}`
        : `a ${issue.expected}`;
    return `must be ${expected}, got ${kindOf(issue.input)}`;
  }
  if (issue.code === 'unrecognized_keys') {
    // A key that is a field written otherwise (`keepdays`, `api_key`): which one, said.
    const shape = (issue.inst as { shape?: Record<string, unknown> } | undefined)?.shape;
    const key = issue.keys[0];
    const field = key !== undefined && shape && fieldMeantBy(shape, key);
    if (field) return `"${key}" is no field: write it ${field}`;
    return undefined;
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const limit = issue.code === 'too_big' ? issue.maximum : issue.minimum;
    if (typeof limit !== 'number' && typeof limit !== 'bigint') return undefined;
    const most = issue.code === 'too_big';
    if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
      if (issue.inclusive === false) return `must be ${most ? 'less' : 'more'} than ${plainNumber(limit)}`;
      return `must be at ${most ? 'most' : 'least'} ${plainNumber(limit)}`;
    }
    const unit = issue.origin === 'string' ? 'character' : issue.origin === 'array' ? 'item' : undefined;
    if (unit === undefined) return undefined;
    if (!most && limit === 1) return 'must not be empty';
    return `must have at ${most ? 'most' : 'least'} ${plainNumber(limit)} ${unit}${limit === 1 ? '' : 's'}`;
  }
  return undefined;
};

/**
 * What `body` wrote for the field `field` in another case or with `_` or `-` (`numdocs`,
 * `conversation_id`, `api_key`), when it has no `field` itself. Such a name is no field: ignored
 * as unknown, `conversation_id` started a new conversation at each question without a word.
 */
export function nameWrittenFor(body: object, field: string): string | undefined {
  return fieldWrittenOtherwise({ [field]: true }, body)?.written;
}

/** How a field written otherwise is told: `sent as "numdocs", which is no field: write it numDocs`. */
export const writtenOtherwise = (field: string, written: string): string =>
  `sent as "${written}", which is no field: write it ${field}`;

/** The first field of `shape` that `input` wrote otherwise (see nameWrittenFor), with what it wrote. */
function fieldWrittenOtherwise(
  shape: Record<string, unknown>,
  input: object,
): { field: string; written: string } | undefined {
  const fields = looseFieldsOf(shape);
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(shape, key)) continue;
    const field = fields.get(looseName(key));
    if (field !== undefined && !Object.hasOwn(input, field)) return { field, written: key };
  }
  return undefined;
}

/**
 * Parses `input` with a wire schema. The first failing field (in the schema's field order)
 * becomes a 400 naming it, so a client can point at the one thing to fix. Optional fields sent as
 * null count as absent; a field written in another case or with `_` or `-` is told how it is
 * written, before any other.
 */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input !== null && typeof input === 'object' && 'shape' in schema) {
    const otherwise = fieldWrittenOtherwise(schema.shape as Record<string, unknown>, input);
    if (otherwise !== undefined)
      throw invalidField(
        otherwise.field,
        `${otherwise.field}: ${writtenOtherwise(otherwise.field, otherwise.written)}`,
      );
  }
  const value = withoutNullOptionals(schema, input);
  // Parsed without the messages first: zod copies the parameters into its context at each parse,
  // which took a valid search 2 µs (4 times the parse), and the messages are only read on failure.
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = schema.safeParse(value, { error: plainIssueMessages }).error!.issues[0]!;
  const field = issuePath(issue.path);
  // Whatever the check that failed (a union's own message too, as feedback's "1 or -1"), a field
  // that isn't there is told to be required.
  const missing = issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  const message = missing ? `${field} is required` : `${field}: ${issue.message}`;
  throw invalidField(field, message);
}
