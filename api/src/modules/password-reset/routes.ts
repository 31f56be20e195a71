import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { visitorActor } from "../audit/index.ts";
import { confirmResetRoute, requestResetRoute } from "./model.ts";
import { passwordResetService } from "./service.ts";

export { passwordResetRateLimits } from "./service.ts";

const accepted = { status: "accepted" } as const;

/**
 * "Passwort vergessen?" (the flows are service.ts's):
 * - `POST /api/password-reset` `{ email }` → 202 `{ status: "accepted" }`, whether or not the
 *   address has an account; the link leads to `<PUBLIC_URL>/passwort-zuruecksetzen?token=…`;
 * - `POST /api/password-reset/confirm` `{ token, newPassword }` → 204.
 */
export function passwordResetModule(deps: Pick<Deps, "sql" | "auth" | "config" | "now" | "outbox" | "rateLimits">) {
  const service = passwordResetService(deps);
  return new Elysia({ name: "password-reset-routes", prefix: "/api/password-reset" })
    .post(
      "",
      async ({ body, request, server, status }) => {
        await service.requestLink(body, clientAddressOf(request, server, deps.config.trustedProxies), visitorActor);
        return status(202, accepted);
      },
      requestResetRoute.options(),
    )
    .post(
      "/confirm",
      async ({ body }) => {
        await service.setPassword(body, visitorActor);
        return new Response(null, { status: 204 });
      },
      confirmResetRoute.options(),
    );
}
