/**
 * A confirmed change of someone's role (decision 0072): user, translator for chosen languages with or without
 * the publish right, editor, admin. The choice is a react-hook-form form checked with the API's schema
 * (decision 0185); the save names the role's ETag (decision 0151), and when someone else changed the role
 * meanwhile, the dialog stays open with their role beside this person's choice.
 */
import { useState } from "react";
import { useController, type Control } from "react-hook-form";
import { useRevalidator } from "react-router";
import { setRoleInput, type AdminUser, type SetRoleInput, type UserRole } from "#core/admin/users/schema.ts";
import { ROLES } from "#core/auth/roles.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { useAdminForm, type AdminForm } from "#app/components/admin/admin-form.ts";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ConflictNotice, conflictOf, type Conflict } from "#app/components/admin/conflict-notice.tsx";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export const nameOf = (user: AdminUser) => user.displayName || user.email || user.uid;

/** "Translator (fr-FR, ar; may publish)". */
export function roleText(user: Pick<AdminUser, "role" | "languages" | "canPublish">, t: Translate): string {
  if (user.role !== "translator") return t(`admin.role.${user.role}`);
  return t(user.canPublish ? "admin.users.role_translator_publishes" : "admin.users.role_translator_for", {
    languages: user.languages.join(", "),
  });
}

/** What the API takes: a translator's languages and publish right, or the role alone. */
export const roleBody = (change: SetRoleInput) => (change.role === "translator" ? change : { role: change.role });

const roleOf = ({
  role,
  languages,
  canPublish,
}: Pick<AdminUser, "role" | "languages" | "canPublish">): SetRoleInput => ({ role, languages, canPublish });

interface PendingChange {
  user: AdminUser;
  /** The ETag of the role the change is made from: the list's, or the other person's once theirs is taken (decision 0151). */
  from: string;
  /** Someone else changed the role meanwhile: their role, shown until this person chooses. */
  conflict: Conflict<UserRole> | null;
}

interface RoleChangeOptions {
  myUid: string;
  onChanged: (message: string) => void;
  onFailed: (message: string | null) => void;
}

/** The role change under way: `open` starts one for a person; the dialog's props follow. */
export function useRoleChange({ myUid, onChanged, onFailed }: RoleChangeOptions) {
  const { t } = useAdminText();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState(false);
  const roleForm = useAdminForm<SetRoleInput>(
    {
      schema: setRoleInput,
      toInput: roleBody,
      messageOf: (field) => (field === "languages" ? t("admin.users.choose_language") : undefined),
    },
    { defaultValues: { role: "user", languages: [], canPublish: false } },
  );

  /** Saves the change from the role with ETag `from` (the one read, or the other person's: "Save mine anyway"). */
  async function save(change: SetRoleInput, { user }: PendingChange, from: string | undefined) {
    setBusy(true);
    onFailed(null);
    try {
      const { user: after } = await api.put<{ user: AdminUser }>(
        `/api/admin/users/${encodeURIComponent(user.uid)}/role`,
        roleBody(change),
        { ifMatch: from },
      );
      setPending(null);
      if (after.role !== "admin" && user.uid === myUid) {
        // Without the admin role this page is closed to us now.
        window.location.assign(after.role === "user" ? "/" : "/admin");
        return;
      }
      onChanged(t("admin.users.role_changed", { name: nameOf(user), role: roleText(after, t) }));
      await revalidator.revalidate();
    } catch (failure) {
      const conflict = conflictOf<UserRole>(failure);
      // The dialog stays open with their role beside this person's choice.
      if (conflict?.current) return setPending((current) => current && { ...current, conflict });
      setPending(null);
      onFailed(failureMessage(failure, t("admin.users.role_failed"), t));
    } finally {
      setBusy(false);
    }
  }

  function takeTheirs({ current, etag }: Conflict<UserRole>) {
    if (!pending || current === null || etag === null) return;
    roleForm.form.reset(roleOf(current));
    setPending({ ...pending, from: etag, conflict: null });
    document.getElementById(`role-${current.role}`)?.focus();
  }

  return {
    open: (user: AdminUser) => {
      roleForm.form.reset(roleOf(user));
      setPending({ user, from: user.roleEtag, conflict: null });
    },
    dialog: {
      pending,
      busy,
      roleForm,
      myUid,
      onConfirm(from = pending?.from) {
        if (pending && !busy) void roleForm.submit((change) => save(change, pending, from))();
      },
      onCancel: () => setPending(null),
      onTakeTheirs: takeTheirs,
    },
  };
}

interface RoleDialogProps {
  pending: PendingChange | null;
  busy: boolean;
  roleForm: AdminForm<SetRoleInput>;
  myUid: string;
  /** Every language of the site, for a translator's. */
  languages: { code: string; label: string }[];
  onConfirm: (from?: string) => void;
  onCancel: () => void;
  onTakeTheirs: (conflict: Conflict<UserRole>) => void;
}

export function RoleDialog({
  pending,
  busy,
  roleForm: { form },
  myUid,
  languages,
  onConfirm,
  onCancel,
  onTakeTheirs,
}: RoleDialogProps) {
  const { t } = useAdminText();
  const { field: role } = useController({ control: form.control, name: "role" });
  const own = pending?.user.uid === myUid;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={
        pending === null
          ? ""
          : own
            ? t("admin.users.change_own_role")
            : t("admin.users.change_role_of", { name: nameOf(pending.user) })
      }
      confirmLabel={t("admin.users.save_role")}
      tone={pending !== null && pending.user.role === "admin" && role.value !== "admin" ? "danger" : "normal"}
      busy={busy}
      onConfirm={() => onConfirm()}
      onCancel={onCancel}
    >
      {pending && (
        <div className="role-form">
          <fieldset>
            <legend>{t("admin.users.role")}</legend>
            {ROLES.map((choice) => (
              <div className="role-form__choice" key={choice}>
                <input
                  type="radio"
                  id={`role-${choice}`}
                  name="role"
                  value={choice}
                  checked={role.value === choice}
                  onChange={() => role.onChange(choice)}
                  aria-describedby={`role-${choice}-help`}
                />
                <label htmlFor={`role-${choice}`}>{t(`admin.role.${choice}`)}</label>
                <p id={`role-${choice}-help`} className="role-form__help">
                  {t(`admin.users.help_${choice}`)}
                </p>
              </div>
            ))}
          </fieldset>
          {role.value === "translator" && <TranslatorLanguages control={form.control} languages={languages} />}
          {own && role.value !== "admin" && <p>{t("admin.users.lose_admin")}</p>}
          {pending.conflict?.current && (
            <ConflictNotice
              theirs={<p>{roleText(pending.conflict.current, t)}</p>}
              busy={busy}
              onSaveMine={() => onConfirm(pending.conflict?.etag ?? undefined)}
              onTakeTheirs={() => pending.conflict && onTakeTheirs(pending.conflict)}
            />
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}

/** A translator's languages and publish right; the error of a translator without a language is shown here. */
function TranslatorLanguages({
  control,
  languages,
}: {
  control: Control<SetRoleInput>;
  languages: { code: string; label: string }[];
}) {
  const { t } = useAdminText();
  const { field: chosen, fieldState } = useController({ control, name: "languages" });
  const { field: canPublish } = useController({ control, name: "canPublish" });
  const error = fieldState.error?.message;
  return (
    <fieldset aria-describedby={error ? "role-languages-error" : undefined}>
      <legend>{t("admin.users.their_languages")}</legend>
      {languages.map((language) => (
        <div className="role-form__choice" key={language.code}>
          <input
            type="checkbox"
            id={`role-language-${language.code}`}
            checked={chosen.value.includes(language.code)}
            onChange={(event) =>
              chosen.onChange(
                event.target.checked
                  ? [...chosen.value, language.code]
                  : chosen.value.filter((code) => code !== language.code),
              )
            }
          />
          <label htmlFor={`role-language-${language.code}`}>
            <span dir="auto">{language.label}</span> ({language.code})
          </label>
        </div>
      ))}
      {error && (
        <p id="role-languages-error" className="role-form__error">
          {error}
        </p>
      )}
      <div className="role-form__choice">
        <input
          type="checkbox"
          id="role-can-publish"
          checked={canPublish.value}
          onChange={(event) => canPublish.onChange(event.target.checked)}
        />
        <label htmlFor="role-can-publish">{t("admin.users.may_publish")}</label>
      </div>
    </fieldset>
  );
}
