/**
 * The admin API's `endpoint({...})` (server/http/endpoint.ts, decision 0175): every admin endpoint's handler
 * receives the services and the process's image queue (uploads share it with link-preview pictures).
 */
import type { AppServices } from "#server/content/context.ts";
import { declareEndpoints, type Endpoint } from "#server/http/endpoint.ts";
import type { UploadGate } from "#server/media/upload-gate.ts";

export interface AdminDeps {
  services: AppServices;
  imageGate: UploadGate;
}

export type AdminEndpoint = Endpoint<AdminDeps>;

export const endpoint = declareEndpoints<AdminDeps>();
