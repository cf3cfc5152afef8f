/**
 * /admin/users (docs/product.md §6–§7, decision 0072): everyone who signed in,
 * searchable by email or name, with a confirmed change of role (user,
 * translator for chosen languages with or without the publish right, editor,
 * admin). The server refuses to remove the last admin; that refusal is shown
 * as it is.
 */
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { listUsersQuery, type AdminUser } from "#core/admin/users/schema.ts";
import { listLanguages } from "#server/admin/languages/service.ts";
import { listUsers } from "#server/admin/users/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { ErrorAlert, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { nameOf, RoleDialog, roleText, useRoleChange } from "#app/components/admin/users/role-dialog.tsx";
import { servicesContext } from "#server/content/context.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-users.css";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireScreen(context);
  const parsed = parseQuery(listUsersQuery, new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const services = context.get(servicesContext);
  const [{ users, total }, languages] = await Promise.all([
    listUsers(services, parsed.value.q),
    listLanguages(services),
  ]);
  return {
    users,
    total,
    query: parsed.value.q,
    myUid: me.uid,
    languages: languages.map(({ code, label }) => ({ code, label })),
  };
}

/** A person: name, email, when they joined and last signed in, their role, and the button that changes it. */
function UserRow({
  user,
  myUid,
  onChangeRole,
}: {
  user: AdminUser;
  myUid: string;
  onChangeRole: (user: AdminUser) => void;
}) {
  const { t, dateTime } = useAdminText();
  return (
    <tr>
      <th scope="row">
        <div className="users-table__person">
          {user.photoURL ? (
            <img
              className="users-table__avatar"
              src={user.photoURL}
              alt=""
              width="36"
              height="36"
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          ) : (
            <span className="users-table__avatar users-table__avatar--initial" aria-hidden="true">
              {nameOf(user).charAt(0).toUpperCase()}
            </span>
          )}
          <span>
            <span className="users-table__name" dir="auto">
              {user.displayName || t("admin.users.no_name")}
              {user.uid === myUid && <span className="users-table__you"> {t("admin.users.you")}</span>}
            </span>
            <span className="users-table__email" dir="ltr">
              {user.email ?? <span dir="auto">{t("admin.users.no_email")}</span>}
              {user.email && !user.emailVerified && (
                <span className="users-table__unverified" dir="auto">
                  {" "}
                  · {t("admin.users.not_verified")}
                </span>
              )}
            </span>
          </span>
        </div>
      </th>
      <td>
        <time dateTime={user.createdAt}>{dateTime(user.createdAt)}</time>
      </td>
      <td>
        {user.lastSignInAt ? (
          <time dateTime={user.lastSignInAt}>{dateTime(user.lastSignInAt)}</time>
        ) : (
          <span className="users-table__never">{t("admin.common.never")}</span>
        )}
      </td>
      <td>
        {user.role === "user" ? (
          <span className="users-table__role">{roleText(user, t)}</span>
        ) : (
          <span className="admin-badge">{roleText(user, t)}</span>
        )}
      </td>
      <td className="users-table__action">
        <button type="button" className="button button--small button--secondary" onClick={() => onChangeRole(user)}>
          {t("admin.users.change_role")}
          <span className="visually-hidden"> {t("admin.users.for", { name: nameOf(user) })}</span>
        </button>
      </td>
    </tr>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, query, myUid, languages } = loaderData;
  const { t } = useAdminText();
  const navigation = useNavigation();
  const feedback = useSaveFeedback();
  const [error, setError] = useState<string | null>(null);
  const roleChange = useRoleChange({ myUid, onChanged: feedback.success, onFailed: setError });
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";

  const caption =
    total > users.length
      ? t(query ? "admin.users.caption_some_matching" : "admin.users.caption_some", {
          shown: users.length,
          total,
          query,
        })
      : t(query ? "admin.users.caption_matching" : "admin.users.caption", { total, query });

  return (
    <div className="admin-page users-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.users") })}</title>
      <h1>{t("admin.nav.users")}</h1>
      <p className="admin-page__intro">{t("admin.users.intro")}</p>

      <Form method="get" className="users-search" role="search" aria-label={t("admin.nav.users")}>
        <div className="admin-field">
          <label htmlFor="users-q">{t("admin.users.search_label")}</label>
          <input
            id="users-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <button type="submit" className="button" disabled={searching}>
          {t("admin.common.search")}
        </button>
        {query && (
          <a className="users-search__clear" href="/admin/users">
            {t("admin.users.show_everyone")}
          </a>
        )}
      </Form>

      <SaveStatus feedback={feedback} />
      <ErrorAlert message={error} />

      <TableRegion captionId="users-caption">
        <table className="admin-table users-table" aria-busy={searching || undefined}>
          <caption id="users-caption">{caption}</caption>
          <TableHead
            columns={[
              t("admin.users.col_user"),
              t("admin.users.col_joined"),
              t("admin.users.col_last_sign_in"),
              t("admin.users.col_role"),
            ]}
            actions
          />
          <tbody>
            {users.length === 0 && (
              <tr>
                <td colSpan={5} className="users-table__empty">
                  {t("admin.users.none_matching", { query })}
                </td>
              </tr>
            )}
            {users.map((user) => (
              <UserRow key={user.uid} user={user} myUid={myUid} onChangeRole={roleChange.open} />
            ))}
          </tbody>
        </table>
      </TableRegion>

      <RoleDialog {...roleChange.dialog} languages={languages} />
    </div>
  );
}
