import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { clientAddressOf, peerAddressOf } from "../../http/client-address.ts";
import { changePasswordRoute, loginRoute, logoutRoute, registerRoute, sessionRoute } from "./model.ts";
import { announceOwnerSetup } from "./owner-setup.ts";
import { authService } from "./service.ts";

const noContent = () => new Response(null, { status: 204 });

/**
 * Registration, login and the signed-in user's own session (the flows are service.ts's):
 * - `POST /api/register` → 201 `{ access }` (no login), the same for a new and a taken address;
 * - `POST /api/login` → `{ user, token }`; 401 wrong credentials, 403 pending or disabled;
 * - `GET /api/session` (bearer) → `{ user }`;
 * - `POST /api/logout` (bearer) → 204, the token is refused from then on;
 * - `POST /api/password` (bearer) `{ currentPassword, newPassword }` → 204, every other session
 *   of the account ends, and every other known browser (this one gets a new device cookie).
 */
export function authModule(deps: Pick<Deps, "sql" | "auth" | "config" | "rateLimits" | "now" | "outbox">) {
  const { sql, auth, config } = deps;
  const service = authService(deps);
  const callerOf = (request: Request, server: Parameters<typeof clientAddressOf>[1]) => ({
    address: clientAddressOf(request, server, config.trustedProxies),
    request,
    peerAddress: peerAddressOf(request, server, config.trustedProxies),
  });
  let stopSweep: (() => void) | null = null;

  return new Elysia({ name: "auth-routes", prefix: "/api" })
    .use(auth.guard)
    .onStart(async () => {
      stopSweep ??= auth.sessions.scheduleSweep();
      await announceOwnerSetup(sql, config).catch((error: unknown) => {
        console.error("[api] could not look for an owner:", error instanceof Error ? error.message : error);
      });
    })
    .onStop(() => {
      stopSweep?.();
      stopSweep = null;
    })
    .post(
      "/register",
      async ({ body, request, server, status }) => status(201, await service.register(body, callerOf(request, server))),
      registerRoute.options(),
    )
    .post(
      "/login",
      async ({ body, request, server, set }) => {
        const { answer, deviceCookie } = await service.login(body, callerOf(request, server));
        set.headers["set-cookie"] = deviceCookie;
        return answer;
      },
      loginRoute.options(),
    )
    .get("/session", ({ user }) => ({ user }), { auth: true, ...sessionRoute.options() })
    .post(
      "/logout",
      async ({ sessionId, actor }) => {
        await auth.sessions.end(sessionId, actor);
        return noContent();
      },
      { auth: true, ...logoutRoute.options() },
    )
    .post(
      "/password",
      async ({ body, user, sessionId, actor, request }) => {
        const { deviceCookie } = await service.changeOwnPassword(body, { user, sessionId, actor, request });
        const response = noContent();
        if (deviceCookie !== null) response.headers.set("set-cookie", deviceCookie);
        return response;
      },
      { auth: true, ...changePasswordRoute.options() },
    );
}
