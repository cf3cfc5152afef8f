/**
 * /admin/users (docs/product.md §6–§7, decision 0072): everyone who signed in,
 * searchable by email or name, with a confirmed change of role (user,
 * translator for chosen languages with or without the publish right, editor,
 * admin). The server refuses to remove the last admin; that refusal is shown
 * as it is.
 */
import { useState } from "react";
import { data, Form, useNavigation, useRevalidator } from "react-router";
import { listUsersQuery, type AdminUser, type SetRoleInput, type UserRole } from "#core/admin/users/schema.ts";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { ROLES } from "#core/auth/roles.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { listLanguages } from "#server/admin/languages/service.ts";
import { listUsers } from "#server/admin/users/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { parseQuery } from "#server/http/query.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { servicesContext } from "#server/content/context.ts";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-users.css";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireScreen(context);
  const parsed = parseQuery(listUsersQuery, new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const services = context.get(servicesContext);
  const [{ users, total }, languages] = await Promise.all([listUsers(services, parsed.value.q), listLanguages(services)]);
  return { users, total, query: parsed.value.q, myUid: me.uid, languages: languages.map(({ code, label }) => ({ code, label })) };
}

const nameOf = (user: AdminUser) => user.displayName || user.email || user.uid;

/** "Translator (fr-FR, ar; may publish)". */
function roleText(user: Pick<AdminUser, "role" | "languages" | "canPublish">, t: Translate): string {
  if (user.role !== "translator") return t(`admin.role.${user.role}`);
  return t(user.canPublish ? "admin.users.role_translator_publishes" : "admin.users.role_translator_for", { languages: user.languages.join(", ") });
}

interface PendingChange {
  user: AdminUser;
  change: SetRoleInput;
  /** The ETag of the role the change is made from: the list's, or the other person's once theirs is taken (decision 0151). */
  from: string;
  /** Someone else changed the role meanwhile: their role, shown until this person chooses. */
  conflict: Conflict<UserRole> | null;
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, query, myUid, languages } = loaderData;
  const { t, dateTime } = useAdminText();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const feedback = useSaveFeedback();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/users";

  const translatorWithoutLanguage = pending !== null && pending.change.role === "translator" && pending.change.languages.length === 0;

  /** Saves the pending change from the role with ETag `from` (the one read, or the other person's: "Save mine anyway"). */
  async function confirmChange(from = pending?.from) {
    if (!pending || translatorWithoutLanguage) return;
    const { user, change } = pending;
    setBusy(true);
    setError(null);
    try {
      const body = change.role === "translator" ? change : { role: change.role };
      const { user: after } = await api.put<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(user.uid)}/role`, body, { ifMatch: from });
      setPending(null);
      if (after.role !== "admin" && user.uid === myUid) {
        // Without the admin role this page is closed to us now.
        window.location.assign(after.role === "user" ? "/" : "/admin");
        return;
      }
      feedback.success(t("admin.users.role_changed", { name: nameOf(user), role: roleText(after, t) }));
      await revalidator.revalidate();
    } catch (failure) {
      const conflict = conflictOf<UserRole>(failure);
      if (conflict?.current) {
        // The dialog stays open with their role beside this person's choice.
        setPending({ ...pending, conflict });
        return;
      }
      setPending(null);
      setError(failureMessage(failure, t("admin.users.role_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  function takeTheirs({ current, etag }: Conflict<UserRole>) {
    if (!pending || current === null || etag === null) return;
    setPending({ ...pending, change: { role: current.role, languages: current.languages, canPublish: current.canPublish }, from: etag, conflict: null });
    document.getElementById(`role-${current.role}`)?.focus();
  }

  const edit = (change: Partial<SetRoleInput>) => setPending((current) => (current ? { ...current, change: { ...current.change, ...change } } : current));

  const caption =
    total > users.length
      ? t(query ? "admin.users.caption_some_matching" : "admin.users.caption_some", { shown: users.length, total, query })
      : t(query ? "admin.users.caption_matching" : "admin.users.caption", { total, query });

  return (
    <div className="admin-page users-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.users") })}</title>
      <h1>{t("admin.nav.users")}</h1>
      <p className="admin-page__intro">{t("admin.users.intro")}</p>

      <Form method="get" className="users-search" role="search" aria-label={t("admin.nav.users")}>
        <div className="admin-field">
          <label htmlFor="users-q">{t("admin.users.search_label")}</label>
          <input id="users-q" type="search" name="q" defaultValue={query} maxLength={200} autoComplete="off" spellCheck={false} />
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
          <TableHead columns={[t("admin.users.col_user"), t("admin.users.col_joined"), t("admin.users.col_last_sign_in"), t("admin.users.col_role")]} actions />
          <tbody>
            {users.length === 0 && (
              <tr>
                <td colSpan={5} className="users-table__empty">
                  {t("admin.users.none_matching", { query })}
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
                <td>{user.role === "user" ? <span className="users-table__role">{roleText(user, t)}</span> : <span className="admin-badge">{roleText(user, t)}</span>}</td>
                <td className="users-table__action">
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() => setPending({ user, change: { role: user.role, languages: user.languages, canPublish: user.canPublish }, from: user.roleEtag, conflict: null })}
                  >
                    {t("admin.users.change_role")}
                    <span className="visually-hidden"> {t("admin.users.for", { name: nameOf(user) })}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>

      <ConfirmDialog
        open={pending !== null}
        title={pending === null ? "" : pending.user.uid === myUid ? t("admin.users.change_own_role") : t("admin.users.change_role_of", { name: nameOf(pending.user) })}
        confirmLabel={t("admin.users.save_role")}
        tone={pending !== null && pending.user.role === "admin" && pending.change.role !== "admin" ? "danger" : "normal"}
        busy={busy}
        onConfirm={() => void confirmChange()}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <div className="role-form">
            <fieldset>
              <legend>{t("admin.users.role")}</legend>
              {ROLES.map((role) => (
                <div className="role-form__choice" key={role}>
                  <input
                    type="radio"
                    id={`role-${role}`}
                    name="role"
                    value={role}
                    checked={pending.change.role === role}
                    onChange={() => edit({ role })}
                    aria-describedby={`role-${role}-help`}
                  />
                  <label htmlFor={`role-${role}`}>{t(`admin.role.${role}`)}</label>
                  <p id={`role-${role}-help`} className="role-form__help">
                    {t(`admin.users.help_${role}`)}
                  </p>
                </div>
              ))}
            </fieldset>
            {pending.change.role === "translator" && (
              <fieldset aria-describedby={translatorWithoutLanguage ? "role-languages-error" : undefined}>
                <legend>{t("admin.users.their_languages")}</legend>
                {languages.map((language) => (
                  <div className="role-form__choice" key={language.code}>
                    <input
                      type="checkbox"
                      id={`role-language-${language.code}`}
                      checked={pending.change.languages.includes(language.code)}
                      onChange={(event) =>
                        edit({ languages: event.target.checked ? [...pending.change.languages, language.code] : pending.change.languages.filter((code) => code !== language.code) })
                      }
                    />
                    <label htmlFor={`role-language-${language.code}`}>
                      <span dir="auto">{language.label}</span> ({language.code})
                    </label>
                  </div>
                ))}
                {translatorWithoutLanguage && (
                  <p id="role-languages-error" className="role-form__error">
                    {t("admin.users.choose_language")}
                  </p>
                )}
                <div className="role-form__choice">
                  <input type="checkbox" id="role-can-publish" checked={pending.change.canPublish} onChange={(event) => edit({ canPublish: event.target.checked })} />
                  <label htmlFor="role-can-publish">{t("admin.users.may_publish")}</label>
                </div>
              </fieldset>
            )}
            {pending.user.uid === myUid && pending.change.role !== "admin" && <p>{t("admin.users.lose_admin")}</p>}
            {pending.conflict?.current && (
              <ConflictNotice
                theirs={<p>{roleText(pending.conflict.current, t)}</p>}
                busy={busy}
                onSaveMine={() => void confirmChange(pending.conflict?.etag ?? undefined)}
                onTakeTheirs={() => pending.conflict && takeTheirs(pending.conflict)}
              />
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
