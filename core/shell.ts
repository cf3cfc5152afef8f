/**
 * The page shell's data (language, picker, UI strings, user, sign-in methods):
 * what the server's root loader sends and every component reads through useShell().
 * A contract between both sides, so it lives here rather than being inferred from the loader.
 */
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

/** The signed-in user as the server's session knows it and the page shows it. */
export interface SignedInUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  isAdmin: boolean;
}

export interface ShellData {
  language: ShellLanguage;
  languages: ShellLanguage[];
  /** Each picker language's section names, by language id. */
  sectionNames: Record<number, SectionName[]>;
  /** UI strings, precompiled on the server (core/i18n/message.ts). */
  strings: Strings;
  publicUrl: string;
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  user: SignedInUser | null;
  signInMethods: SignInMethod[];
}
