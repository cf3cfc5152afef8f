import { z } from "zod";
import { newLanguageSchema } from "#core/admin/languages/schema.ts";
import { createArticleInput } from "#core/admin/articles/schema.ts";
import { newTranslationKeySchema } from "#core/admin/translations/schema.ts";
for (const s of [newLanguageSchema, createArticleInput, newTranslationKeySchema]) console.log(JSON.stringify(z.toJSONSchema(s, { io: "input", unrepresentable: "any" })));
