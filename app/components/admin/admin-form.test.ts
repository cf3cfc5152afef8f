import { describe, expect, it } from "vitest";
import { languagePatchSchema, newLanguageSchema } from "#core/admin/languages/schema.ts";
import { setRoleInput } from "#core/admin/users/schema.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { messagesOf, schemaResolver } from "./admin-form.ts";
import { EMPTY_DRAFT, newPayloadOf, type LanguageDraft } from "./languages/language-draft.ts";
import { roleBody } from "./users/role-dialog.tsx";

/** The admin text's key and values, as the form would look them up in the catalog. */
const t: Translate = (key, values) =>
  values && Object.keys(values).length > 0 ? `${key} ${JSON.stringify(values)}` : key;
const resolverOptions = { fields: {}, shouldUseNativeValidation: false };

describe("schemaResolver", () => {
  const resolve = schemaResolver<LanguageDraft>({ schema: newLanguageSchema, toInput: newPayloadOf }, t);

  it("passes the form's own values on when the schema accepts the body they make", async () => {
    const draft: LanguageDraft = {
      ...EMPTY_DRAFT,
      code: "fr-FR",
      shortCode: "fr",
      label: "Français",
      welcome: "Bienvenue",
      population: "80",
    };
    expect(await resolve(draft, undefined, resolverOptions)).toEqual({ values: draft, errors: {} });
  });

  it("gives each field its first issue, in the admin's words and not the schema's English", async () => {
    const result = await resolve(
      { ...EMPTY_DRAFT, code: "fr-FR", shortCode: "api", welcome: "Bienvenue", population: "-1" },
      undefined,
      resolverOptions,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      shortCode: { type: "schema", message: "admin.check.reserved_short_code" },
      label: { type: "schema", message: "admin.check.required" },
      population: { type: "schema", message: "admin.check.negative" },
    });
  });

  it("names an issue the form's own way and takes the form's own text where it has one", async () => {
    const roles = schemaResolver(
      {
        schema: setRoleInput,
        toInput: roleBody,
        fieldOf: (field) => `role-${field}`,
        messageOf: (field) => (field === "role-languages" ? "Choose a language" : undefined),
      },
      t,
    );
    const result = await roles({ role: "translator", languages: [], canPublish: false }, undefined, resolverOptions);
    expect(result.errors).toEqual({ "role-languages": { type: "schema", message: "Choose a language" } });
  });

  it("checks what an edit sends: an edit that changes nothing is refused as such", async () => {
    const patch = schemaResolver<Record<string, unknown>>({ schema: languagePatchSchema, toInput: () => ({}) }, t);
    const result = await patch({}, undefined, resolverOptions);
    expect(Object.keys(result.errors)).toEqual(["body"]);
  });
});

describe("messagesOf", () => {
  it("lists field messages and leaves the request's general error to the summary's first line", () => {
    expect(
      messagesOf({
        title: { type: "schema", message: "is required" },
        slug: { type: "request", message: "is taken" },
        root: { request: { type: "request", message: "Could not save" } },
      }),
    ).toEqual({ title: "is required", slug: "is taken" });
  });
});
