/**
 * /admin/glossary (issue 45 item 3, decision 0217): a language pair's glossary — terms, their approved and forbidden
 * translations, notes. Editors and admins add, approve and delete terms and exchange CSV; a translator of the target
 * language proposes terms. The pair is in the URL (?from=&to=), chosen with a plain form.
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { GlossaryTermView } from "#core/admin/glossary/schema.ts";
import { may } from "#core/auth/roles.ts";
import { listTerms, glossaryTag } from "#server/admin/glossary/service.ts";
import { requireScreen } from "#server/auth/guard.ts";
import { servicesContext } from "#server/content/context.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ErrorAlert, failureMessage, SaveStatus, useSaveFeedback } from "#app/components/admin/feedback.tsx";
import { CsvPanel } from "#app/components/admin/glossary/csv-panel.tsx";
import { GLOSSARY_API, TermForm } from "#app/components/admin/glossary/term-form.tsx";
import { TableHead, TableRegion } from "#app/components/admin/table-region.tsx";
import { api } from "#app/lib/api-client.ts";
import { useMay } from "#app/lib/admin-grant.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import "#app/styles/admin-grid.css";
import "#app/styles/admin-glossary.css";
import type { Route } from "./+types/glossary";

type ListedTerm = GlossaryTermView & { etag: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireScreen(context);
  const services = context.get(servicesContext);
  const languages = await services.database.db
    .selectFrom("languages")
    .select(["code", "label", "dir", "favorite"])
    .orderBy("id")
    .execute();
  const asked = new URL(request.url).searchParams;
  const source =
    languages.find((language) => language.code === asked.get("from")) ??
    languages.find((language) => language.favorite === 1) ??
    languages[0]!;
  // A translator's glossaries are those of their languages (the API refuses the others).
  const targets = languages.filter((language) => language.code !== source.code && may(user, "read", language.code));
  const target = targets.find((language) => language.code === asked.get("to")) ?? targets[0] ?? null;
  const terms: ListedTerm[] = target
    ? (await listTerms(services, source.code, target.code)).map((term) => ({ ...term, etag: glossaryTag(term) }))
    : [];
  return { languages, targets, from: source.code, to: target?.code ?? null, terms };
}

function TermRow({
  term,
  manages,
  busy,
  onApprove,
  onDelete,
}: {
  term: ListedTerm;
  manages: boolean;
  busy: boolean;
  onApprove: () => void;
  onDelete: () => void;
}) {
  const { t } = useAdminText();
  return (
    <tr>
      <td dir="auto">{term.term}</td>
      <td dir="auto">{term.translation}</td>
      <td>
        <ul className="glossary-page__forbidden">
          {term.forbidden.map((forbidden) => (
            <li key={forbidden} dir="auto">
              {forbidden}
            </li>
          ))}
        </ul>
      </td>
      <td dir="auto">{term.note}</td>
      <td>{t(`admin.glossary.status.${term.status}`)}</td>
      <td className="glossary-page__actions">
        {manages && term.status === "proposed" && (
          <button type="button" className="button button--small" disabled={busy} onClick={onApprove}>
            {t("admin.glossary.approve_button", { term: term.term })}
          </button>
        )}
        {manages && (
          <button type="button" className="button button--small button--danger" disabled={busy} onClick={onDelete}>
            {t("admin.glossary.delete_button", { term: term.term })}
          </button>
        )}
      </td>
    </tr>
  );
}

function PairChooser({
  languages,
  targets,
  from,
  to,
}: Pick<Route.ComponentProps["loaderData"], "languages" | "targets" | "from" | "to">) {
  const { t } = useAdminText();
  return (
    <form method="get" className="admin-form glossary-page__pair" aria-labelledby="glossary-pair-title">
      <h2 id="glossary-pair-title">{t("admin.glossary.pair_title")}</h2>
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="glossary-from">{t("admin.glossary.from")}</label>
          <select id="glossary-from" name="from" defaultValue={from}>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="glossary-to">{t("admin.glossary.to")}</label>
          <select id="glossary-to" name="to" defaultValue={to ?? undefined}>
            {targets.map((language) => (
              <option key={language.code} value={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button button--secondary">
          {t("admin.glossary.show_button")}
        </button>
      </div>
    </form>
  );
}

interface TableProps {
  terms: ListedTerm[];
  manages: boolean;
  busy: boolean;
  onApprove: (term: ListedTerm) => void;
  onDelete: (term: ListedTerm) => void;
}

function TermsTable({ terms, manages, busy, onApprove, onDelete }: TableProps) {
  const { t } = useAdminText();
  return (
    <TableRegion captionId="glossary-caption">
      <table className="admin-table">
        <caption id="glossary-caption">{t("admin.glossary.caption")}</caption>
        <TableHead
          columns={[
            t("admin.glossary.term"),
            t("admin.glossary.translation"),
            t("admin.glossary.forbidden"),
            t("admin.glossary.note"),
            t("admin.glossary.status"),
          ]}
          actions
        />
        <tbody>
          {terms.length === 0 && (
            <tr>
              <td colSpan={6}>{t("admin.glossary.none")}</td>
            </tr>
          )}
          {terms.map((term) => (
            <TermRow
              key={term.id}
              term={term}
              manages={manages}
              busy={busy}
              onApprove={() => onApprove(term)}
              onDelete={() => onDelete(term)}
            />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export default function AdminGlossary({ loaderData }: Route.ComponentProps) {
  const { languages, from, to, terms } = loaderData;
  const { t } = useAdminText();
  const may = useMay();
  const manages = may("content.manage");
  const revalidator = useRevalidator();
  const feedback = useSaveFeedback();
  const [deleting, setDeleting] = useState<ListedTerm | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const targetDir = languages.find((language) => language.code === to)?.dir ?? "ltr";

  async function change(write: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await write();
      feedback.success(t("admin.glossary.added"));
      await revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, t("admin.glossary.change_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  const approve = (term: ListedTerm) =>
    void change(() => api.patch(`${GLOSSARY_API}/${term.id}`, { status: "approved" }, { ifMatch: term.etag }));

  return (
    <div className="admin-page glossary-page">
      <title>{t("admin.layout.page_title", { screen: t("admin.nav.glossary") })}</title>
      <h1>{t("admin.nav.glossary")}</h1>
      <p className="admin-page__intro">{t("admin.glossary.intro")}</p>
      <PairChooser {...loaderData} />
      {to !== null && (
        <>
          <TermForm
            key={`${from}>${to}`}
            from={from}
            to={to}
            targetDir={targetDir}
            approves={manages}
            onAdded={() => {
              feedback.success(t("admin.glossary.added"));
              void revalidator.revalidate();
            }}
          />
          <SaveStatus feedback={feedback} />
          <ErrorAlert message={error} />
          <TermsTable terms={terms} manages={manages} busy={busy} onApprove={approve} onDelete={setDeleting} />
          <CsvPanel from={from} to={to} manages={manages} onImported={() => void revalidator.revalidate()} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t("admin.glossary.delete_confirm", { term: deleting.term }) : ""}
        confirmLabel={deleting ? t("admin.glossary.delete_button", { term: deleting.term }) : ""}
        tone="danger"
        busy={busy}
        onConfirm={() => {
          const term = deleting;
          if (term)
            void change(() => api.delete(`${GLOSSARY_API}/${term.id}`, { ifMatch: term.etag })).then(() =>
              setDeleting(null),
            );
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
