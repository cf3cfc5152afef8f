/**
 * Who may call an endpoint, as its declaration says it (decisions 0072 and 0175): the permission and, for a
 * per-language permission, where the request names the language. The admin API's gate (server/auth/access.ts)
 * checks it before any handler runs.
 */
import type { Permission } from "./roles.ts";

/** Where a request names the language a per-language permission is checked for. */
export type LanguageSource =
  | { param: string }
  | { query: string }
  /** The language is inside the body (an uploaded file): the handler calls authorize() once it has read it. */
  | "in handler";

export interface Access {
  permission: Permission;
  language?: LanguageSource;
}

/** `need("translate", { param: "code" })`: the translate permission in the language of the path's `:code`. */
export const need = (permission: Permission, language?: LanguageSource): Access =>
  language === undefined ? { permission } : { permission, language };
