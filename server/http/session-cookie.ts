/** The session cookie's name, shared by the session code and the anonymous page cache. */
import { parse } from "hono/utils/cookie";

export const SESSION_COOKIE = "pp_session";

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return parse(cookieHeader ?? "", SESSION_COOKIE)[SESSION_COOKIE] !== undefined;
}
