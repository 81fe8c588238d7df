/**
 * The ISO 8601 forms in which the service reads an analytics date, besides epoch milliseconds: a
 * date alone is a whole UTC day, a time without an offset is UTC. Shared by the service, which
 * parses them, and the client, which sends such a string as written and any other date as epoch
 * milliseconds. No dependency, so that the client can import it.
 */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
