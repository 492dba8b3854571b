// Who is signed in. The app asks /api/auth/me once at start; a request that finds the session gone (refresh
// failed) sends the user to the sign-in page, which brings them back to where they were.
import { writable } from "svelte/store";
import * as api from "./api";
import { navigate } from "./router";

export type Me = api.User & { mustChangePassword?: boolean };

export const user = writable<Me | null>(null);
export const expired = writable(false);

export function returnPath(): string {
  const here = location.pathname + location.search;
  return here === "/" || here.startsWith("/login") || here.startsWith("/setup") ? "/files" : here;
}

export function toLogin(sessionEnded: boolean): void {
  expired.set(sessionEnded);
  user.set(null);
  // several requests of one page can find the session gone at once: the first already sent the user to sign in
  // with the way back, which a later one must not replace with the sign-in page's own default
  if (location.pathname === "/login") return;
  navigate(`/login?next=${encodeURIComponent(returnPath())}`, true);
}

api.onSessionExpired(() => toLogin(true));

/** Restores the session from its cookies; null when nobody is signed in. */
export async function restore(): Promise<Me | null> {
  try {
    const me = await api.me();
    user.set(me);
    return me;
  } catch (e) {
    if (e instanceof api.ApiError && e.status === 401) return null;
    throw e;
  }
}

export async function signOut(): Promise<void> {
  await api.logout();
  expired.set(false);
  user.set(null);
  navigate("/login", true);
}
