import type { ApiAnswer, ApiRoute, ApiRoutes } from "@klarwerk/kit";
import { type Static, TransformKind, type TSchema, type TTransform, type TUnsafe, Type } from "@sinclair/typebox";
import type { OpenAPIV3 } from "openapi-types";
import { jsonBody } from "./body-policy.ts";
import type { IdParam } from "./ids.ts";
import {
  type ErrorStatus,
  type ErrorsByCode,
  errorResponses,
  jsonBodyErrors,
  jsonResponse,
  ownCopy,
  type Same,
} from "./openapi.ts";

/**
 * One route's whole shape in one definition (a module's `model.ts`): what it takes (a JSON body,
 * Elysia's `t` schema), what it answers (plain TypeBox, see openapi.ts) and its OpenAPI detail.
 * `endpoint("PUT /api/company")({ … })` names the route as the kit's route map (`ApiRoutes`) does,
 * and the compiler refuses the definition unless its answer schema is exactly the route's answer
 * type and the body the kit lets the browser send is one the body schema takes. Routes outside the
 * map (byte answers) name themselves the same way and are not bound.
 *
 * The route gets `...definition.options()`: the body schema with `parse: "json"` and its limit
 * (`jsonBody`), the `:id` macro's option, and a fresh copy of the detail (see `ownCopy`).
 */

type Operation = OpenAPIV3.OperationObject;
type ResponseObject = OpenAPIV3.ResponseObject;

/** The success answer: JSON with its schema, or a 204 without a body. */
export type EndpointAnswer =
  | { status: 200 | 201 | 202; description: string; schema: TSchema }
  | { status: 204; description: string };

export interface EndpointSpec {
  summary: string;
  tags: string[];
  description?: string;
  /** The `:id` path parameter, read by the `idParam` macro (the module's plugin uses `idParams`). */
  idParam?: IdParam;
  /** Who may call it, when the `auth` and `admin` macros do not say so (they add their own). */
  security?: OpenAPIV3.SecurityRequirementObject[];
  /** Query and path parameters the handler reads itself (documented only). */
  parameters?: OpenAPIV3.ParameterObject[];
  /** The JSON body's schema (Elysia's `t`, validated before the handler runs). */
  body?: TSchema;
  /** A body the handler reads itself (a streamed upload, `parse: "none"`): documented only. */
  requestBody?: OpenAPIV3.RequestBodyObject;
  /** A limit below the body policy's, in declared bytes (see `jsonBody`). */
  bodyMaxBytes?: number;
  /** Responses besides the answer and the error answers: bytes, a redirect. */
  responses?: Record<string, ResponseObject>;
  answer?: EndpointAnswer;
  /** Error answers by status and code, each German message an example. */
  errors?: { [S in ErrorStatus]?: ErrorsByCode };
  /** Error answers a shared piece documents once (a query parameter's 400 and 404). */
  sharedErrors?: Record<string, ResponseObject>;
}

type AnswerOf<S extends EndpointSpec> = S["answer"] extends { schema: infer A extends TSchema }
  ? Static<A>
  : S["answer"] extends { status: 204 }
    ? undefined
    : never;

type BodyCheck<R extends ApiRoute, S extends EndpointSpec> = ApiRoutes[R] extends { body: infer B }
  ? S["body"] extends TSchema
    ? [B] extends [Static<S["body"]>]
      ? unknown
      : { bodyTakes: Static<S["body"]>; kitSends: B }
    : S["requestBody"] extends OpenAPIV3.RequestBodyObject
      ? unknown
      : { bodyMissing: B }
  : S["body"] extends TSchema
    ? { bodyNotInTheKit: Static<S["body"]> }
    : unknown;

type AnswerCheck<R extends ApiRoute, S extends EndpointSpec> =
  Same<AnswerOf<S>, ApiAnswer<R>> extends true ? unknown : { answers: AnswerOf<S>; kitExpects: ApiAnswer<R> };

/** `unknown` when the definition fits the kit's route map (or the route is not in it), else a type naming the drift. */
type ContractCheck<R extends string, S extends EndpointSpec> = R extends ApiRoute
  ? BodyCheck<R, S> & AnswerCheck<R, S>
  : unknown;

/**
 * The body schema as the route's options name it. Elysia types a handler's body by what the schema
 * takes (`static`), though it hands over what the schema's rules made of it (`withRules`); this
 * names the decoded type instead, so the handler is typed as what it gets.
 */
type Decoded<B extends TSchema> = B extends TTransform<infer _, infer Out> ? TUnsafe<Out> : B;

type Options<S extends EndpointSpec> = (S["body"] extends TSchema
  ? Omit<ReturnType<typeof jsonBody<S["body"]>>, "body"> & { body: Decoded<S["body"]> }
  : unknown) &
  (S["idParam"] extends IdParam ? { idParam: IdParam } : unknown) & { detail: Operation };

export interface Endpoint<R extends string, S extends EndpointSpec> {
  route: R;
  /** The answer's schema; null for a 204 or a route without a JSON answer. */
  answer: S["answer"] extends { schema: infer A extends TSchema } ? A : null;
  body: S["body"];
  detail: Operation;
  /** The options a route spreads in: body schema, parse and limit, the `:id`, and an own copy of the detail. */
  options(): Options<S>;
}

export function endpoint<const R extends string>(route: R) {
  return <const S extends EndpointSpec>(spec: S & ContractCheck<R, S>): Endpoint<R, S> => {
    const { answer, body, bodyMaxBytes, idParam } = spec;
    const rules = body === undefined ? undefined : rulesOf(body);
    const success: Record<string, ResponseObject> = {};
    if (answer !== undefined)
      success[answer.status] =
        "schema" in answer ? jsonResponse(answer.description, answer.schema) : { description: answer.description };
    const detail: Operation = {
      summary: spec.summary,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      tags: spec.tags,
      ...(spec.security === undefined ? {} : { security: spec.security }),
      ...(spec.parameters === undefined ? {} : { parameters: spec.parameters }),
      ...(spec.requestBody === undefined ? {} : { requestBody: spec.requestBody }),
      responses: {
        ...success,
        ...spec.responses,
        ...spec.sharedErrors,
        ...errorResponses(spec.errors ?? {}),
        ...(body === undefined ? {} : jsonBodyErrors),
      },
    };
    return {
      route,
      answer: (answer !== undefined && "schema" in answer ? answer.schema : null) as Endpoint<R, S>["answer"],
      body: spec.body,
      detail,
      options: () =>
        ({
          ...(body === undefined ? {} : jsonBody(body, bodyMaxBytes)),
          ...(rules === undefined ? {} : { beforeHandle: rulesOfAnEmptyBody(rules) }),
          ...(idParam === undefined ? {} : { idParam }),
          detail: ownCopy(detail),
        }) as Options<S>,
    };
  };
}

/**
 * `schema`, then the rules a shape cannot say (trimming, the kit's form rules, …), as part of the
 * schema: Elysia runs them once the whole body has the shape, before the handler, which gets what
 * `rules` returns. A rule refuses with an `HttpError`, which reaches the error handler as it is. The
 * schema's static type stays what the browser sends (the kit's body is checked against it).
 */
export function withRules<S extends TSchema, Out>(schema: S, rules: (value: Static<S>) => Out): TTransform<S, Out> {
  return Type.Transform(schema)
    .Decode(rules)
    .Encode(() => {
      throw new Error("a request body is only ever decoded");
    });
}

type Rules = (value: unknown) => unknown;

function rulesOf(schema: TSchema): Rules | undefined {
  const transform = (schema as { [TransformKind]?: { Decode: Rules } })[TransformKind];
  return transform?.Decode;
}

/**
 * Elysia decodes a body only when it has a key: `{}` passes the shape and reaches the handler
 * without the rules (a form whose fields are all optional would be stored unchecked). They run
 * here for it instead, after the shape (which `{}` passed) and before the handler. No rule
 * makes `{}` of a body, so a body still empty here is one Elysia did not decode.
 */
function rulesOfAnEmptyBody(rules: Rules) {
  return (context: { body: unknown }) => {
    const { body } = context;
    if (typeof body === "object" && body !== null && Object.keys(body).length === 0) context.body = rules(body);
  };
}
