import * as z from 'zod/mini';

/*
 * The platform does not document the payloads of its data and AI APIs. These open contracts are this
 * project's decision, shared by the server client and the emulator: Cube-style JSON queries, a SQL text
 * query, metadata as a list of cubes, and an AI chat streamed as newline-delimited JSON chunks.
 */

/** A Cube-style JSON query (`POST /v1/load`). A project decision: the platform does not document it. */
export const loadQuerySchema = z.looseObject({
  measures: z.optional(z.array(z.string())),
  dimensions: z.optional(z.array(z.string())),
  filters: z.optional(
    z.array(z.looseObject({ member: z.string(), operator: z.string(), values: z.optional(z.array(z.unknown())) })),
  ),
  order: z.optional(z.record(z.string(), z.enum(['asc', 'desc']))),
  limit: z.optional(z.int().check(z.positive())),
});

/** The body of `POST /v1/load`: `{ query }`. A project decision. */
export const loadRequestSchema = z.object({ query: loadQuerySchema });

/** Rows answered by a query: `{ data: rows }`, open to extra fields. A project decision. */
export const queryResultSchema = z.looseObject({ data: z.array(z.record(z.string(), z.unknown())) });

/** The body of `POST /v1/cubesql`: `{ query: sqlText }`. A project decision. */
export const sqlRequestSchema = z.object({ query: z.string().check(z.minLength(1)) });

/** `GET /v1/meta`: the data model as a list of cubes with their measures and dimensions. A project decision. */
export const metaSchema = z.looseObject({
  cubes: z.array(
    z.looseObject({
      name: z.string(),
      measures: z.array(z.looseObject({ name: z.string(), type: z.optional(z.string()) })),
      dimensions: z.array(z.looseObject({ name: z.string(), type: z.optional(z.string()) })),
    }),
  ),
});

/** The body of `POST /chat/stream-chat-state`: `{ chatId?, messages }`. A project decision. */
export const chatRequestSchema = z.looseObject({
  chatId: z.optional(z.string()),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant', 'system']), content: z.string() }))
    .check(z.minLength(1)),
});

/**
 * One chunk of the streamed chat state; the answer is newline-delimited JSON, one chunk a line. A project
 * decision: the platform does not document the stream.
 */
export const chatChunkSchema = z.looseObject({
  chatId: z.string(),
  /** `delta`: more answer text; `done`: the answer is complete; `error`: the agent failed. */
  type: z.enum(['delta', 'done', 'error']),
  content: z.optional(z.string()),
});

/** A JSON query. */
export type LoadQuery = z.input<typeof loadQuerySchema>;
/** The body of `POST /v1/load`. */
export type LoadRequest = z.input<typeof loadRequestSchema>;
/** The body of `POST /v1/cubesql`. */
export type SqlRequest = z.input<typeof sqlRequestSchema>;
/** Rows answered by a query. */
export type QueryResult = z.infer<typeof queryResultSchema>;
/** The data model. */
export type DataMeta = z.infer<typeof metaSchema>;
/** The body of a chat request. */
export type ChatRequest = z.input<typeof chatRequestSchema>;
/** One chunk of a streamed chat. */
export type ChatChunk = z.infer<typeof chatChunkSchema>;
