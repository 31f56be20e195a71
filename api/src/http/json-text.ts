/**
 * An answer whose JSON text is ready (built by the database, or serialised once and kept): sent
 * as it is, not parsed and serialised again per call. Elysia's answer schema is not applied to a
 * Response; the text's producer keeps to the route's answer type (its tests read it back).
 */
export function jsonTextAnswer(text: string): Response {
  return new Response(text, { headers: { "content-type": "application/json; charset=utf-8" } });
}
