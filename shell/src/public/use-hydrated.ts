import { useEffect, useState } from "react";

/**
 * False in the prerendered HTML and during hydration, true once the component's script runs: a
 * control that needs the script is disabled until then, so a tap does not vanish and a form is
 * never submitted the old way (with the password in the address).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
