/**
 * The HTTP API of SPEC.md as zod schemas: the one source of truth for the wire.
 *
 * The server validates every request with these and publishes /openapi.json from them.
 * Browser code (client, elements) must only `import type` from `src/wire/index.ts`, so that
 * no schema library ever reaches a page.
 */
import { z } from '@hono/zod-openapi';

const tagList = z.array(z.string().min(1).max(100)).max(50);

/** Limits that the service enforces and the elements respect. */
export const LIMITS = {
  queryMaxChars: 1000,
  numDocsMax: 100,
  scoreMax: 0.99,
  imagesMax: 4,
  imageMaxBytes: 5 * 1024 * 1024,
  searchBodyMaxBytes: 64 * 1024,
  feedbackBodyMaxBytes: 64 * 1024,
  askBodyMaxBytes: 32 * 1024 * 1024,
  commentMaxChars: 1000,
  attributesMaxChars: 16 * 1024,
  /** `attributes` itself is level 1; each object or array inside it adds one. */
  attributesMaxDepth: 20,
} as const;

export const SearchRequestSchema = z
  .object({
    apiKey: z.string().optional().openapi({ description: "The agent's API key." }),
    query: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(LIMITS.queryMaxChars)
      .openapi({ description: 'The search query; the last word is also matched as a prefix.' }),
    // The bounds before int(), as the analytics' page: 1e20 is told as over 100, not over int's
    // range ('expected int to be <=9007199254740991').
    numDocs: z
      .number()
      .min(1)
      .max(LIMITS.numDocsMax)
      .int()
      .openapi({ description: 'Number of documents to return (1–100).' }),
    score: z.number().min(0).max(LIMITS.scoreMax).optional().openapi({
      description:
        'Relevance threshold on the 0–1 normalised relevance: 0 keeps every match, 0.99 only near-exact ones.',
    }),
    includeTags: tagList.optional(),
    excludeTags: tagList.optional(),
    returnContent: z.boolean().optional(),
    returnAll: z.boolean().optional(),
  })
  .openapi('SearchRequest');

export const SearchResultItemSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    link: z.string(),
    assetType: z.string(),
    /**
     * The reference service's extension: the section under a heading that matched the query
     * better than the title, with its deep link (`link#anchor`). Absent when the page as a whole
     * matched, and from services that don't send it.
     */
    section: z
      .object({
        heading: z.string(),
        link: z.string(),
        /**
         * The start of the section's first paragraph of prose holding most of the query's words
         * (else of its first), when it has one: why it matched.
         */
        excerpt: z.string().optional(),
      })
      .optional(),
    /** Present only when `returnContent` was true: the document's plain text. */
    content: z.string().optional(),
  })
  .openapi('SearchResultItem');

export const SearchResponseSchema = z.array(SearchResultItemSchema).openapi('SearchResponse');

export const AnswerFormatSchema = z.enum(['html', 'markdown'], {
  error: 'must be "html" or "markdown"',
});

const IMAGE_DATA_URI = /^data:image\/[a-z0-9.+-]+;base64,/i;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded size of a base64 payload, from its length and padding. */
function base64DecodedBytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** One image of `base64Images`: a `data:image/*;base64,` URI of at most 5 MiB decoded. */
export const ImageDataUriSchema = z.string().superRefine((uri, ctx) => {
  const prefix = IMAGE_DATA_URI.exec(uri);
  if (prefix === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a data:image/*;base64, URI' });
    return;
  }
  const payload = uri.slice(prefix[0].length);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64_PAYLOAD.test(payload)) {
    ctx.addIssue({ code: 'custom', message: 'is not valid base64' });
    return;
  }
  if (base64DecodedBytes(payload) > LIMITS.imageMaxBytes) {
    ctx.addIssue({
      code: 'custom',
      message: `image is larger than ${LIMITS.imageMaxBytes} bytes (5 MiB) decoded`,
    });
  }
});

/**
 * What is wrong with `attributes`, if anything: not an object, nested deeper than its limit
 * (itself level 1), or longer than its limit as JSON. Walked with a stack of its own, so that no
 * depth can overflow the call stack, and given up once it holds more entries than its limit's
 * JSON could (each takes two characters at least), so that a body of a million keys costs
 * little more than one of a thousand: a check that visited each took 9.6 s for 1.5 million.
 */
function attributesProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be a JSON object';
  const tooLong = `must serialise to at most ${LIMITS.attributesMaxChars} characters of JSON`;
  const pending: [value: unknown, depth: number][] = [[value, 1]];
  let entries = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth > LIMITS.attributesMaxDepth)
      return `must be nested at most ${LIMITS.attributesMaxDepth} levels deep`;
    const children = Object.values(current);
    entries += children.length;
    if (entries * 2 > LIMITS.attributesMaxChars) return tooLong;
    for (const child of children) pending.push([child, depth + 1]);
  }
  return JSON.stringify(value).length > LIMITS.attributesMaxChars ? tooLong : undefined;
}

export const AskMetaSchema = z
  .object({
    title: z.string().max(1000).optional(),
    origin: z.string().max(2000).optional(),
    language: z.string().max(35).optional(),
    referrer: z.string().max(2000).optional(),
  })
  .openapi('AskMeta');

export const AskRequestSchema = z
  .object({
    apiKey: z.string().optional(),
    query: z.string().trim().min(1, 'must not be empty').max(LIMITS.queryMaxChars),
    format: AnswerFormatSchema.optional().openapi({ description: 'Answer format; html by default.' }),
    conversationId: z.string().max(200).optional().openapi({
      description:
        'Empty or absent starts a conversation; a known id continues it; an unknown id starts a new one.',
    }),
    meta: AskMetaSchema.optional(),
    // Checked by one bounded walk before anything visits its entries (see attributesProblem).
    attributes: z
      .custom<Record<string, unknown>>()
      .superRefine((attributes, ctx) => {
        const problem = attributesProblem(attributes);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .openapi({
        type: 'object',
        additionalProperties: true,
        description: 'Extra data for prompts (e.g. personalisation); stored with the insight.',
      }),
    base64Images: z
      .array(ImageDataUriSchema)
      .max(LIMITS.imagesMax)
      .optional()
      .openapi({ description: 'Up to 4 data:image/*;base64 URIs, each at most 5 MiB decoded.' }),
    includeTags: tagList.optional(),
    excludeTags: tagList.optional(),
  })
  .openapi('AskRequest');

export const PassageSchema = z
  .object({
    documentId: z.string(),
    title: z.string(),
    heading: z.string().optional(),
    link: z.string(),
    text: z.string(),
    score: z.number(),
  })
  .openapi('Passage');

export const AnswerErrorSchema = z.object({ code: z.string(), message: z.string() }).openapi('AnswerError');

export const AnswerRecordSchema = z
  .object({
    answer: z.string(),
    title: z.string(),
    link: z.string(),
    description: z.string(),
    relevanceScore: z.number().min(0).max(100),
    assetType: z.string(),
    didAnswer: z.boolean(),
    context: z
      .object({
        passages: z.array(PassageSchema),
        resolvedQuery: z.string().optional().openapi({
          description: 'The question as answered: a follow-up completed from the earlier turns.',
        }),
      })
      .catchall(z.unknown())
      .openapi({ description: 'The passages the answer was drawn from, and the question as answered.' }),
    insightId: z.string(),
    error: AnswerErrorSchema.nullable(),
    conversationId: z.string(),
  })
  .openapi('AnswerRecord');

export const FeedbackValueSchema = z.union([z.literal(1), z.literal(-1)], {
  error: 'must be 1 or -1',
});

export const FeedbackRequestSchema = z
  .object({
    apiKey: z.string().optional(),
    insightId: z.string().min(1).max(200),
    feedback: FeedbackValueSchema.openapi({ description: '1 for helpful, -1 for not helpful.' }),
    /** Extension of the reference service: why an answer was not helpful. */
    reason: z.string().max(100).optional(),
    /** Extension of the reference service: a short free-text note. */
    comment: z.string().max(LIMITS.commentMaxChars).optional(),
  })
  .openapi('FeedbackRequest');

export const FeedbackResponseSchema = z.object({ success: z.boolean() }).openapi('FeedbackResponse');

export const HealthResponseSchema = z.object({ status: z.enum(['ok', 'error']) }).openapi('HealthResponse');

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
    }),
  })
  .openapi('ErrorBody');

/**
 * A whole number written in decimal digits, as a query string carries it: `0x10`, `1e1` and ` 16`
 * are no page numbers (Number() would read them). One of ten digits or more is one all the same,
 * told as too big by the bounds below, not as no number.
 */
const wholeNumber = z
  .string()
  .regex(/^\d+$/, 'must be a whole number written in digits')
  // Digits beyond a double's range read as the largest one, too big for the bounds, not Infinity.
  .transform((digits) => Math.min(Number(digits), Number.MAX_VALUE));

/** The largest page a report takes (nine digits, as before): far beyond the last of any range. */
const MAX_PAGE = 999_999_999;

/** Query of the analytics endpoints. Dates are epoch milliseconds or ISO 8601 strings. */
export const AnalyticsQuerySchema = z.object({
  startDate: z.string().min(1),
  endDate: z.string().min(1),
  sort: z.string().optional(),
  /** Only this agent's records (every agent of the project when absent). */
  agentId: z.string().min(1).max(64).optional(),
  // The bounds before int(): a number beyond 2^53 is told as over the bound, not over int's range.
  // /openapi.json says what the digits are: the pipe's bounds would not show there.
  page: wholeNumber.pipe(z.number().min(1).max(MAX_PAGE).int()).optional().openapi({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE,
    default: 1,
    description: 'Page number, from 1.',
  }),
  limit: wholeNumber
    .pipe(z.number().min(1).max(100).int())
    .optional()
    .openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Items per page.' }),
});

/**
 * Query of the analytics records: the report's, and filters that keep the records to read of a
 * content gap (the questions not answered, the answers voted down, with their reasons).
 */
export const AnalyticsRecordsQuerySchema = AnalyticsQuerySchema.extend({
  didAnswer: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .openapi({ description: 'Only the questions answered (`true`), or only those not answered (`false`).' }),
  feedback: z.enum(['1', '-1', 'none'], { error: 'must be 1, -1 or none' }).optional().openapi({
    description: 'Only the answers voted up (`1`), voted down (`-1`), or not voted on (`none`).',
  }),
});

export const AnalyticsRecordSchema = z
  .object({
    insightId: z.string(),
    conversationId: z.string(),
    agentId: z.string(),
    query: z.string(),
    answer: z.string(),
    /** What `answer` is written in: the `format` the question asked for. */
    format: z.enum(['html', 'markdown']),
    didAnswer: z.boolean(),
    relevanceScore: z.number(),
    title: z.string(),
    link: z.string(),
    feedback: z.union([z.literal(1), z.literal(-1), z.null()]),
    reason: z.string().nullable(),
    comment: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AnalyticsRecord');

export const TopQuestionSchema = z
  .object({
    question: z.string(),
    count: z.number().int(),
    answered: z.number().int(),
    positive: z.number().int(),
    negative: z.number().int(),
    lastAskedAt: z.string(),
  })
  .openapi('TopQuestion');

export const TopSearchSchema = z
  .object({
    /** The latest wording of the search (searches are grouped as questions are). */
    query: z.string(),
    count: z.number().int(),
    /** How many of them found at least one document: `count - found` found nothing. */
    found: z.number().int(),
    lastSearchedAt: z.string(),
  })
  .openapi('TopSearch');
