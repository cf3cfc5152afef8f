/** The session cookie's name, shared by the session code and the anonymous page cache. */
export const SESSION_COOKIE = "pp_session";

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}
