/**
 * Accounts of the portal: who may enter and what they may do. `admin` is everything `staff` can
 * do plus the user administration; only `active` accounts may use the portal.
 */
export const userRoles = ["admin", "staff"] as const;
export type UserRole = (typeof userRoles)[number];

export const userStatuses = ["pending", "active", "disabled"] as const;
export type UserStatus = (typeof userStatuses)[number];

/** How screens and the Auskunft name a role and an account's status. */
export const userRoleLabels: Record<UserRole, string> = { admin: "Admin", staff: "Team" };
export const userStatusLabels: Record<UserStatus, string> = {
  pending: "Wartet auf Freigabe",
  active: "Aktiv",
  disabled: "Gesperrt",
};

/** A signed-in account as the API returns it (login, `GET /api/session`) and the browser keeps it. */
export interface User {
  id: number;
  name: string;
  email: string;
  role: UserRole;
}

/** Whether a value is one of the roles (a user stored by an older build has none). */
export function isUserRole(value: unknown): value is UserRole {
  return (userRoles as readonly unknown[]).includes(value);
}

/**
 * `POST /api/register` answers 201 with this whether or not the address was taken: `granted`
 * only when this registration created the owner (who can log in now), else `pending` (the team
 * unlocks the access).
 */
/**
 * The query parameter of `/register` that carries the owner's set-up code: the server
 * logs `<PUBLIC_URL>/register?einrichtung=<code>` while no admin exists; the page sends the code
 * as `setupCode`.
 */
export const ownerSetupParam = "einrichtung";

export interface RegistrationAnswer {
  access: "granted" | "pending";
}

/** `POST /api/login`: the account and the bearer token of its new session. */
export interface LoginAnswer {
  user: User;
  token: string;
}

/** `GET /api/session`: the account of the session as it is now. */
export interface SessionAnswer {
  user: User;
}

/** `POST /api/password-reset` answers this whether or not the address has an account. */
export interface PasswordResetRequestedAnswer {
  status: "accepted";
}

/** An account in the user administration (`GET /api/users`); timestamps are ISO 8601 strings. */
export interface UserAccount {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  created_at: string;
  /** When the account was last unlocked, and by whom (the name is kept after that admin is gone). */
  approved_at: string | null;
  approved_by_name: string | null;
}

/** `GET /api/users`: pending requests first, then by name. */
export interface UserAccountList {
  users: UserAccount[];
}

/** `PATCH /api/users/{id}`: the account as it is now. */
export interface UserAccountAnswer {
  user: UserAccount;
}

/** What an admin may set with `PATCH /api/users/{id}`: approving is `{ status: "active" }`. */
export const settableUserStatuses = ["active", "disabled"] as const satisfies readonly UserStatus[];
export type SettableUserStatus = (typeof settableUserStatuses)[number];

export interface UserAccountChange {
  status?: SettableUserStatus;
  role?: UserRole;
}

/** `POST /api/password` (bearer): the signed-in user's own password. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}
