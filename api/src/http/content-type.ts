/** The media type of the request body without parameters, as sent; "" when not declared. */
export function mediaTypeOf(request: Request): string {
  return request.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
}

/**
 * Exactly `application/json`, as Elysia sees it: it parses no other spelling (`Application/JSON`)
 * and no other JSON type (`application/*+json`), so those must not count as JSON here either.
 */
export function isJsonMediaType(type: string): boolean {
  return type === "application/json";
}
