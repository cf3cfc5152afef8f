/** Migrations 0014, 0018 and 0025 (decisions 0102, 0120): an existing database gets the admin texts it lacks, and keeps the ones it has. */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminTextsMigration } from "#server/db/migrations/0014-admin-texts.ts";
import { adminCheckTextsMigration } from "#server/db/migrations/0018-admin-check-texts.ts";
import { mediaUsedInMoreTextMigration } from "#server/db/migrations/0025-media-used-in-more-text.ts";
import { adminTextsSince0025Migration } from "#server/db/migrations/0035-admin-texts-since-0025.ts";
import { adminTextsWebhooksMigration } from "#server/db/migrations/0038-admin-texts-webhooks.ts";
import { adminTextsApiKeysMigration } from "#server/db/migrations/0040-admin-texts-api-keys.ts";
import { adminTextsWorkbenchMigration } from "#server/db/migrations/0043-admin-texts-workbench.ts";
import { adminTextsGlossaryMigration } from "#server/db/migrations/0047-admin-texts-glossary.ts";
import { adminTextsMachineTranslationMigration } from "#server/db/migrations/0049-admin-texts-machine-translation.ts";
import { adminTextsPagesAndApiMigration } from "#server/db/migrations/0056-admin-texts-pages-and-api.ts";
import { adminSeedEntries } from "#server/admin/i18n/source.ts";
import { withNamesSince0036 } from "#server/db/names-before-0036.ts";
import { DATABASE_KINDS, startTestApp } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

describe.each(DATABASE_KINDS)("migration 0014-admin-texts on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;
  // Migrations take the database untyped, as the migrator hands it over.
  const migrate = () => adminTextsMigration.up(withNamesSince0036(db() as unknown as Kysely<unknown>));
  const adminCells = () =>
    db()
      .selectFrom("translations")
      .select(["code", "code_component", "label", "short_code"])
      .where("code_component", "like", "admin.%")
      .execute();

  it("adds the catalog's missing texts in the site's languages, leaves stored and edited texts as they are, and is idempotent", async () => {
    const seeded = await adminCells();
    // As a database seeded before these screens were translated: no French admin texts but one, edited since; no Japanese at all.
    await db()
      .deleteFrom("translations")
      .where("code_component", "like", "admin.%")
      .where("code", "in", ["fr-FR", "ja-JP"])
      .execute();
    await db()
      .insertInto("translations")
      .values({
        code: "fr-FR",
        code_component: "admin.nav.users",
        label: "Les gens",
        search: null,
        link: null,
        short_code: "fr",
      })
      .execute();

    await migrate();

    const after = await adminCells();
    expect(after).toHaveLength(seeded.length);
    const cell = (code: string, key: string) => after.find((row) => row.code === code && row.code_component === key);
    expect(cell("fr-FR", "admin.nav.users")).toMatchObject({ label: "Les gens" });
    const japanese = adminSeedEntries().find((entry) => entry.code === "ja-JP" && entry.key === "admin.romes.export")!;
    expect(cell("ja-JP", "admin.romes.export")).toEqual({
      code: "ja-JP",
      code_component: "admin.romes.export",
      label: japanese.label,
      short_code: "ja",
    });
    // zh-CN is a language of the site with no catalog column: nothing is invented for it.
    expect(after.filter((row) => row.code === "zh-CN")).toEqual([]);

    await migrate();
    expect(await adminCells()).toHaveLength(seeded.length);
  });
});

describe.each(DATABASE_KINDS)("migration 0018-admin-check-texts on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;
  const frenchCell = (key: string) =>
    db()
      .selectFrom("translations")
      .select("label")
      .where("code", "=", "fr-FR")
      .where("code_component", "=", key)
      .executeTakeFirst();

  it("adds the forms' check messages a database lacks, and only those: a text deleted since 0014 stays deleted", async () => {
    await db()
      .deleteFrom("translations")
      .where("code", "=", "fr-FR")
      .where("code_component", "in", ["admin.check.too_long", "admin.nav.users"])
      .execute();
    await db()
      .updateTable("translations")
      .set({ label: "est indispensable" })
      .where("code", "=", "fr-FR")
      .where("code_component", "=", "admin.check.required")
      .execute();

    await adminCheckTextsMigration.up(withNamesSince0036(db() as unknown as Kysely<unknown>));

    expect(await frenchCell("admin.check.too_long")).toEqual({
      label: "doit comporter au plus {max, number} caractères",
    });
    expect(await frenchCell("admin.check.required")).toEqual({ label: "est indispensable" });
    expect(await frenchCell("admin.nav.users")).toBeUndefined();
  });

  it('0025 adds the media library\'s "and N more articles" a database lacks, and nothing else', async () => {
    await db()
      .deleteFrom("translations")
      .where("code", "=", "fr-FR")
      .where("code_component", "in", ["admin.media.used_in_more", "admin.media.used_in"])
      .execute();

    await mediaUsedInMoreTextMigration.up(withNamesSince0036(db() as unknown as Kysely<unknown>));

    expect(await frenchCell("admin.media.used_in_more")).toEqual({
      label: "{count, plural, one {et # autre article} many {et # d’autres articles} other {et # autres articles}}",
    });
    expect(await frenchCell("admin.media.used_in")).toBeUndefined();
  });

  it("0035 adds the texts of the screens added since 0025 (drafts, conflicts, the audit log), leaves edited ones and older deletions", async () => {
    const added = ["admin.version_conflict.title", "admin.audit_action.mark_up_to_date"];
    await db()
      .deleteFrom("translations")
      .where("code", "in", ["fr-FR", "ar"])
      .where("code_component", "in", [...added, "admin.nav.users"])
      .execute();
    await db()
      .updateTable("translations")
      .set({ label: "Conflit !" })
      .where("code", "=", "ja-JP")
      .where("code_component", "=", "admin.version_conflict.title")
      .execute();

    await adminTextsSince0025Migration.up(withNamesSince0036(db() as unknown as Kysely<unknown>));

    expect(await frenchCell("admin.version_conflict.title")).toEqual({
      label: "Quelqu’un d’autre a enregistré la version {language} pendant que vous la modifiiez",
    });
    const arabic = await db()
      .selectFrom("translations")
      .select("code_component")
      .where("code", "=", "ar")
      .where("code_component", "in", added)
      .execute();
    expect(arabic.map((row) => row.code_component).sort()).toEqual([...added].sort());
    expect(
      await db()
        .selectFrom("translations")
        .select("label")
        .where("code", "=", "ja-JP")
        .where("code_component", "=", "admin.version_conflict.title")
        .executeTakeFirst(),
    ).toEqual({ label: "Conflit !" });
    expect(await frenchCell("admin.nav.users")).toBeUndefined();
  });

  it("0038 adds the webhooks screen's texts", async () => {
    await db().deleteFrom("translations").where("code_component", "like", "admin.webhooks.%").execute();
    await adminTextsWebhooksMigration.up(db() as unknown as Kysely<unknown>);
    expect(await frenchCell("admin.webhooks.redeliver_button")).toEqual({ label: "Renvoyer" });
  });

  it("0040 adds the API keys screen's texts", async () => {
    await db().deleteFrom("translations").where("code_component", "like", "admin.api_keys.%").execute();
    await adminTextsApiKeysMigration.up(db() as unknown as Kysely<unknown>);
    expect(await frenchCell("admin.api_keys.add_button")).toEqual({ label: "Créer la clé" });
  });

  it("0043 adds the translator's workbench texts", async () => {
    await db().deleteFrom("translations").where("code_component", "like", "admin.workbench.%").execute();
    await adminTextsWorkbenchMigration.up(db() as unknown as Kysely<unknown>);
    expect(await frenchCell("admin.workbench.next_change")).toEqual({ label: "Modification suivante" });
  });

  it("0047 adds the glossary screen's and the workbench panels' texts", async () => {
    await db().deleteFrom("translations").where("code_component", "like", "admin.glossary%").execute();
    await db().deleteFrom("translations").where("code_component", "like", "admin.memory.%").execute();
    await adminTextsGlossaryMigration.up(db() as unknown as Kysely<unknown>);
    expect(await frenchCell("admin.nav.glossary")).toEqual({ label: "Glossaire" });
    expect(await frenchCell("admin.glossary.propose_button")).toEqual({ label: "Proposer le terme" });
    expect(await frenchCell("admin.memory.accept_button")).toEqual({ label: "Utiliser cette traduction" });
  });

  it("0049 adds the machine suggestions' texts and their refusals", async () => {
    await db().deleteFrom("translations").where("code_component", "like", "admin.machine.%").execute();
    await db()
      .deleteFrom("translations")
      .where("code_component", "=", "admin.refusal.machine_translation_off")
      .execute();
    await adminTextsMachineTranslationMigration.up(db() as unknown as Kysely<unknown>);
    expect(await frenchCell("admin.machine.suggest_button")).toEqual({ label: "Suggestion automatique" });
    expect(await frenchCell("admin.refusal.machine_translation_off")).toEqual({
      label: "Aucun service de traduction automatique n’est configuré sur ce site.",
    });
  });

  it("0056 adds the translations grid's pager label and the API reference's disclosure", async () => {
    await db()
      .deleteFrom("translations")
      .where("code_component", "in", ["admin.translations.pages", "admin.api.details"])
      .execute();
    await adminTextsPagesAndApiMigration.up(db() as unknown as Kysely<unknown>);
    expect(await frenchCell("admin.translations.pages")).toEqual({ label: "Pages de clés" });
    expect(await frenchCell("admin.api.details")).toEqual({ label: "Paramètres, requête et réponses" });
  });
});
