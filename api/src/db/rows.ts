/**
 * A row as postgres.js reads it for an answer type of the kit: the timestamp is a `Date`, which
 * the JSON answer writes as the kit's ISO 8601 string.
 */
export type Row<Answer extends { created_at: string }> = Omit<Answer, "created_at"> & { created_at: Date };
