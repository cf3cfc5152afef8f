/**
 * Imported first by app/root.tsx, before any module builds a schema: in the
 * browser zod must not try to compile schemas with `new Function` — its probe
 * for that is a CSP violation (script-src has no 'unsafe-eval'). Parsing
 * without it is as correct; the server keeps the faster compiled schemas.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
