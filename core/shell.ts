/**
 * The page shell's data (language, picker, UI strings, user, sign-in methods):
 * what the server's root loader sends and every component reads through useShell().
 * A contract between both sides, so it lives here rather than being inferred from the loader.
 */
import type { Grant } from "./auth/roles.ts";
import type { AdminErrorPageText } from "./i18n/admin-error-page.ts";
import type { Strings } from "./i18n/translate.ts";
import type { SignInMethod } from "./sign-in-result.ts";
import type { SectionName } from "./types.ts";

export interface ShellLanguage {
  id: number;
  code: string;
  shortCode: string;
  label: string;
  welcome: string;
  dir: "ltr" | "rtl";
}

/** The signed-in user as the server's session knows it and the page shows it, with their role (core/auth/roles.ts). */
export interface SignedInUser extends Grant {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
}

/**
 * The part of the shell fixed by the published content and the language, the same for
 * every visitor of that language: the server sends it as one JSON text (ShellPayload).
 */
export interface ShellView {
  language: ShellLanguage;
  languages: ShellLanguage[];
  /** Each picker language's section names, by language id. */
  sectionNames: Record<number, SectionName[]>;
  /** UI strings, precompiled on the server (core/i18n/message.ts). */
  strings: Strings;
  /** Keys of `strings` borrowed from a fallback language, with that language's code (decision 0085). */
  stringLanguages: Readonly<Record<string, string>>;
}

/** The parts of the shell that belong to one request. */
export interface ShellRequestData {
  publicUrl: string;
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  user: SignedInUser | null;
  signInMethods: SignInMethod[];
  /** Under /admin, for a signed-in person: the admin error page's texts in their language, for when the admin layout's own loader fails (decision 0120). */
  adminErrorPage?: AdminErrorPageText;
}

export type ShellData = ShellView & ShellRequestData;

/**
 * The shell as the root loader sends it: the view serialized once per language and
 * content version, so each page encodes one string instead of hundreds of values
 * (docs/decisions/0125-shell-view-as-one-json-text.md).
 */
export interface ShellPayload extends Omit<ShellRequestData, "user"> {
  /** JSON of a ShellView; null in a document's loader data, whose markup carries it in a data block (SHELL_VIEW_ELEMENT_ID, decision 0132). */
  view: string | null;
  /**
   * JSON of the SignedInUser or of null; null in a document's loader data, whose markup carries it
   * (SHELL_USER_ELEMENT_ID), so that data is the same for every visitor of a public page (decision 0134).
   */
  userJson: string | null;
}

/** The id of the document's `<script type="application/json">` holding the shell view's JSON. */
export const SHELL_VIEW_ELEMENT_ID = "shell-view";

/** The id of the document's `<script type="application/json">` holding the signed-in user's JSON (`null` for a visitor). */
export const SHELL_USER_ELEMENT_ID = "shell-user";
