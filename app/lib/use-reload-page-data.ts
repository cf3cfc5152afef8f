/**
 * Reloads every loader of the page in place, after the signed-in user changed.
 * A navigation to the same address rather than revalidate(): React Router's error
 * boundary keeps an error it shows (the admin gate's 401) until it sees the location
 * change or the revalidation state pass through "loading", and a quick revalidation
 * inside a transition can skip that state (remix-run/react-router#11597). The admin
 * signed in at the gate then stayed on "Sign in required" with the header saying
 * "Signed in as…". The address, scroll position and focus stay where they were.
 */
import { useLocation, useNavigate } from "react-router";

export function useReloadPageData(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname, search, hash } = location;
  return () =>
    void navigate(
      { pathname, search, hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
}
