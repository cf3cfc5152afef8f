/**
 * /admin/tags (issue 45 item 8, decision 0221): the site's tags and their names in one language, each edited in
 * place. A translator sees the languages they translate; editors and admins every language. The language and
 * the search are in the URL (?lang=&q=), chosen with a plain GET form. Saving an empty name removes it.
 */
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { TagNameRow } from "#core/admin/tags/schema.ts";
import { may } from "#core/auth/roles.ts";
import { TAG_NAME_MAX_LENGTH } from "#core/tags.ts";
import { listTagNames } from "#server/admin/tags/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { servicesContext } from "#server/content/context.ts";
import { writtenFrom } from "#app/components/admin/conflict-notice.tsx";
import { failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import type { Route } from "./+types/tags";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const all = await services.database.db
    .selectFrom("languages")
    .select(["code", "label", "dir", "favorite"])
    .orderBy("id")
    .execute();
  const languages = all.filter((language) => may(user, "translate", language.code));
  const asked = new URL(request.url).searchParams;
  const q = (asked.get("q") ?? "").trim().slice(0, 100);
  const language =
    languages.find((candidate) => candidate.code === asked.get("lang")) ??
    languages.find((candidate) => candidate.favorite !== 1) ??
    languages[0] ??
    null;
  const list = language ? await listTagNames(services, language.code, q) : null;
  return { languages, language, q, list };
}

function TagNameForm({
  row,
  language,
  onSaved,
}: {
  row: TagNameRow;
  language: { code: string; label: string; dir: string };
  onSaved: (message: string) => Promise<void>;
}) {
  const { t } = useAdminText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = `tag-name-${row.tag}`;
  const path = `/api/admin/tags/${encodeURIComponent(row.tag)}/names/${encodeURIComponent(language.code)}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = new FormData(event.currentTarget).get("name");
    const name = typeof field === "string" ? field.trim() : "";
    if (name === (row.name ?? "")) return;
    setBusy(true);
    setError(null);
    try {
      if (name === "") await api.delete(path, writtenFrom(row.etag));
      else await api.put(path, { name }, writtenFrom(row.etag));
      await onSaved(
        name === "" ? t("admin.tags.removed", { tag: row.written }) : t("admin.tags.saved", { tag: row.written, name }),
      );
    } catch (failure) {
      setError(t("admin.tags.failed", { tag: row.written, reason: failureMessage(failure, row.written, t) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tag-names__form" onSubmit={save} key={row.etag ?? "none"}>
      <label htmlFor={fieldId} className="visually-hidden">
        {t("admin.tags.name_of", { tag: row.written, language: language.label })}
      </label>
      <input
        id={fieldId}
        name="name"
        type="text"
        lang={language.code}
        dir={language.dir}
        defaultValue={row.name ?? ""}
        placeholder={row.written}
        maxLength={TAG_NAME_MAX_LENGTH}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />{" "}
      <button type="submit" className="button button--secondary" disabled={busy}>
        {busy ? t("admin.common.saving") : t("admin.tags.save_button")}
      </button>
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="admin-field__error">
          {error}
        </p>
      )}
    </form>
  );
}

function Chooser({ languages, language, q }: Pick<Route.ComponentProps["loaderData"], "languages" | "language" | "q">) {
  const { t } = useAdminText();
  return (
    <form method="get" role="search" className="admin-form" aria-label={t("admin.tags.search")}>
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="tags-lang">{t("admin.tags.language")}</label>
          <select id="tags-lang" name="lang" defaultValue={language?.code}>
            {languages.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="tags-q">{t("admin.tags.search")}</label>
          <input id="tags-q" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" />
        </div>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button button--secondary">
          {t("admin.tags.show_button")}
        </button>
      </div>
    </form>
  );
}

export default function AdminTags({ loaderData }: Route.ComponentProps) {
  const { language, list } = loaderData;
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const saved = async (message: string) => {
    feedback.success(message);
    await revalidator.revalidate();
  };
  return (
    <div className="admin-page tag-names">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.tags") })}</title>
      <h1>{t("admin.tags.title")}</h1>
      <p className="admin-page__intro">{t("admin.tags.intro")}</p>
      <Chooser {...loaderData} />
      <SaveStatus feedback={feedback} />
      {language && list && (
        <TableRegion captionId="tag-names-caption">
          <table className="admin-table">
            <caption id="tag-names-caption">{t("admin.tags.caption", { language: language.label })}</caption>
            <TableHead columns={[t("admin.tags.tag"), t("admin.tags.articles"), t("admin.tags.name")]} />
            <tbody>
              {list.tags.length === 0 && (
                <tr>
                  <td colSpan={3}>{t("admin.tags.none")}</td>
                </tr>
              )}
              {list.tags.map((row) => (
                <tr key={row.tag}>
                  <th scope="row">
                    <bdi>{row.written}</bdi>
                  </th>
                  <td>{row.articles}</td>
                  <td>
                    <TagNameForm row={row} language={language} onSaved={saved} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list?.more && <p className="admin-page__intro">{t("admin.tags.more")}</p>}
    </div>
  );
}
