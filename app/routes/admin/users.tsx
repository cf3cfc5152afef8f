/**
 * /admin/users (PRODUCT.md §6–§7): everyone who signed in, searchable by
 * email or name, with a confirmed Grant/Revoke of admin rights. The server
 * refuses to remove the last admin; that refusal is shown as it is.
 */
import { useState } from "react";
import { data, Form, useNavigation, useRevalidator } from "react-router";
import { listUsersQuery, type AdminUser } from "#core/admin/users/schema.ts";
import { listUsers } from "#server/admin/users/service.ts";
import { requireAdmin } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { TableRegion } from "#app/components/admin/table-region.tsx";
import { requestContext, servicesContext } from "#server/context.ts";
import { api } from "#app/lib/api-client.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-users.css";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireAdmin(context.get(requestContext).user);
  const parsed = parseQuery(listUsersQuery, new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const { users, total } = await listUsers(context.get(servicesContext), parsed.value.q);
  return { users, total, query: parsed.value.q, myUid: me.uid };
}

/** Dates and times in UTC, so the server and the browser render the same text. */
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatUtc = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

const nameOf = (user: AdminUser) => user.displayName || user.email || user.uid;

interface PendingChange {
  user: AdminUser;
  isAdmin: boolean;
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, query, myUid } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const feedback = useSaveFeedback();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";

  async function confirmChange() {
    if (!pending) return;
    const { user, isAdmin } = pending;
    setBusy(true);
    setError(null);
    try {
      await api.post(`/api/admin/users/${encodeURIComponent(user.uid)}/admin`, { isAdmin });
      setPending(null);
      if (!isAdmin && user.uid === myUid) {
        // Without admin rights this page is closed to us now.
        window.location.assign("/");
        return;
      }
      feedback.success(isAdmin ? `${nameOf(user)} is now an administrator.` : `${nameOf(user)} is no longer an administrator.`);
      await revalidator.revalidate();
    } catch (failure) {
      setPending(null);
      setError(failureMessage(failure, isAdmin ? "grant admin rights" : "revoke admin rights"));
    } finally {
      setBusy(false);
    }
  }

  const caption =
    total > users.length
      ? `Showing the ${users.length} newest of ${total.toLocaleString("en-US")} users${query ? ` matching “${query}”` : ""}; refine the search to see others.`
      : `${total.toLocaleString("en-US")} ${total === 1 ? "user" : "users"}${query ? ` matching “${query}”` : ""}`;

  return (
    <div className="admin-page users-page">
      <title>Users · Admin · Polyglot Press</title>
      <h1>Users</h1>
      <p className="admin-page__intro">Everyone who has signed in. Administrators can use this admin area; the site always keeps at least one.</p>

      <Form method="get" className="users-search" role="search" aria-label="Users">
        <div className="admin-field">
          <label htmlFor="users-q">Search by email or name</label>
          <input id="users-q" type="search" name="q" defaultValue={query} maxLength={200} autoComplete="off" spellCheck={false} />
        </div>
        <button type="submit" className="button" disabled={searching}>
          Search
        </button>
        {query && (
          <a className="users-search__clear" href="/admin/users">
            Show everyone
          </a>
        )}
      </Form>

      <SaveStatus feedback={feedback} />
      <ErrorAlert message={error} />

      <TableRegion captionId="users-caption">
        <table className="admin-table users-table" aria-busy={searching || undefined}>
          <caption id="users-caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Joined</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.length === 0 && (
              <tr>
                <td colSpan={5} className="users-table__empty">
                  No user matches “{query}”.
                </td>
              </tr>
            )}
            {users.map((user) => (
              <tr key={user.uid}>
                <th scope="row">
                  <div className="users-table__person">
                    {user.photoURL ? (
                      <img className="users-table__avatar" src={user.photoURL} alt="" width="36" height="36" loading="lazy" referrerPolicy="no-referrer" />
                    ) : (
                      <span className="users-table__avatar users-table__avatar--initial" aria-hidden="true">
                        {nameOf(user).charAt(0).toUpperCase()}
                      </span>
                    )}
                    <span>
                      <span className="users-table__name" dir="auto">
                        {user.displayName || "(no name)"}
                        {user.uid === myUid && <span className="users-table__you"> (you)</span>}
                      </span>
                      <span className="users-table__email" dir="ltr">
                        {user.email ?? "no email"}
                        {user.email && !user.emailVerified && <span className="users-table__unverified"> · not verified</span>}
                      </span>
                    </span>
                  </div>
                </th>
                <td>
                  <time dateTime={user.createdAt}>{formatUtc(user.createdAt)}</time>
                </td>
                <td>{user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatUtc(user.lastSignInAt)}</time> : <span className="users-table__never">Never</span>}</td>
                <td>{user.isAdmin ? <span className="admin-badge">Admin</span> : <span className="users-table__role">User</span>}</td>
                <td className="users-table__action">
                  <button
                    type="button"
                    className={user.isAdmin ? "button button--small button--danger" : "button button--small button--secondary"}
                    onClick={() => setPending({ user, isAdmin: !user.isAdmin })}
                  >
                    {user.isAdmin ? "Revoke admin" : "Grant admin"}
                    <span className="visually-hidden"> for {nameOf(user)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>

      <ConfirmDialog
        open={pending !== null}
        title={
          pending === null
            ? ""
            : pending.isAdmin
              ? `Grant admin rights to ${nameOf(pending.user)}?`
              : pending.user.uid === myUid
                ? "Revoke your own admin rights?"
                : `Revoke admin rights from ${nameOf(pending.user)}?`
        }
        confirmLabel={pending?.isAdmin ? "Grant admin rights" : "Revoke admin rights"}
        tone={pending?.isAdmin ? "normal" : "danger"}
        busy={busy}
        onConfirm={() => void confirmChange()}
        onCancel={() => setPending(null)}
      >
        {pending?.isAdmin && <p>They will be able to change languages, translations, articles, users and jobs.</p>}
        {pending && !pending.isAdmin && pending.user.uid === myUid && <p>You will leave the admin area at once and need another admin to give them back.</p>}
        {pending && !pending.isAdmin && pending.user.uid !== myUid && <p>They keep their account but can no longer use the admin area.</p>}
      </ConfirmDialog>
    </div>
  );
}
