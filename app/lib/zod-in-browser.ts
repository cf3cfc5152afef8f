/**
 * Imported first by the admin layout (app/routes/admin/layout.tsx), the only part of
 * the browser app that parses with zod, so public pages do not load zod at all. Before
 * the first parse, zod must not try to compile schemas with `new Function` — its probe
 * for that is a CSP violation (script-src has no 'unsafe-eval'). Parsing without it is
 * as correct; the server keeps the faster compiled schemas.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
