/**
 * A response body already serialised as JSON, which a bot route answers as it is (with the
 * `application/json` type `c.json` gives): a handler that can serialise its answer more cheaply
 * than `JSON.stringify` of the whole (from parts kept serialised) returns one.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
