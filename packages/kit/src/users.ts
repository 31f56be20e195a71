/** A signed-in account as the API returns it with a login and as the browser keeps it. */
export interface User {
  id: number;
  name: string;
  email: string;
}
