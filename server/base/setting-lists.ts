/** Settings that are comma-separated lists (config.ts): email addresses, host names. */
import { z } from "zod";
import { hostName } from "./host-names.ts";

/** A comma-separated setting's entries, trimmed, empty ones left out. */
export const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

export const emailList = commaList
  .transform((emails) => emails.map((email) => email.toLowerCase()))
  .refine(
    (emails) => emails.every((email) => z.email().safeParse(email).success),
    "must be a comma-separated list of email addresses",
  );

/** Host names, comma-separated: each as a Host header names it, without scheme, port or wildcard. */
export const hostNameList = commaList
  .superRefine((entries, context) => {
    for (const entry of entries) {
      if (hostName(entry) === null) {
        context.addIssue({
          code: "custom",
          message: `"${entry.slice(0, 100)}" is not a host name (e.g. www.press.example, without scheme, path or wildcard)`,
        });
      } else if (/:\d+$/.test(entry)) {
        // The port of a Host is never compared (server/http/site-hosts.ts): one here would promise what is not checked.
        context.addIssue({
          code: "custom",
          message: `"${entry}": give the name without a port (ports are not compared)`,
        });
      }
    }
  })
  .transform((entries) => [...new Set(entries.map((entry) => hostName(entry)!))]);
