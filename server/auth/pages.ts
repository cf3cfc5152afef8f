/**
 * The small HTML pages of the sign-in flow: the result page the popup ends on
 * (it hands the result to the page that opened it, then closes), and the
 * development identity provider's form. Served with the request's CSP nonce.
 */
import { createHash } from "node:crypto";
import { SIGN_IN_CHANNEL, SIGN_IN_MESSAGE_TYPE, type SignInResult } from "#core/sign-in-result.ts";
import { escapeHtml, scriptJson } from "#server/http/html.ts";

export const SIGN_IN_ACK_TYPE = `${SIGN_IN_MESSAGE_TYPE}-ack`;

export interface PageLanguage {
  code: string;
  dir: "ltr" | "rtl";
}

const STYLE = `
  body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; color: #1b1f24; background: #fbfaf7; }
  main { max-inline-size: 28rem; margin: 2rem auto; padding-inline: 1rem; }
  h1 { font-size: 1.3rem; color: #1f3a5f; }
  .note { padding: 0.75rem; border-inline-start: 4px solid #b4471f; background: #fff4e5; }
  .error { padding: 0.75rem; border-inline-start: 4px solid #a4161a; background: #fdecea; }
  label { display: block; margin-block: 1rem 0.25rem; font-weight: 600; }
  input { box-sizing: border-box; inline-size: 100%; padding: 0.6rem; font: inherit; border: 1px solid #8a8f98; border-radius: 6px; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  button { margin-block-start: 1.25rem; padding: 0.6rem 1.4rem; font: 600 1rem system-ui, sans-serif; color: #fff; background: #1f3a5f; border: 0; border-radius: 999px; cursor: pointer; }
  a { color: #1f3a5f; }
`;

/** The CSP source that allows the pages' one <style> element, and no other inline style. */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

function document(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(language.code)}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export interface ResultPageInput {
  language: PageLanguage;
  siteTitle: string;
  /** What the page says if it stays open: the welcome or the error, already translated. */
  text: string;
  link: { href: string; label: string };
  result: SignInResult;
  /** The site's origin (PUBLIC_URL): the only origin postMessage may deliver to. */
  origin: string;
  nonce: string;
}

/**
 * Hands the result to the opener with postMessage (to our origin only) and on
 * a BroadcastChannel, for when the opener reference was lost (a cross-origin
 * provider page in between can sever it). Closes once the opener has it — on
 * the channel that means after the opener's acknowledgement, so a page nobody
 * listens to stays open and shows its message.
 */
export function resultPage(input: ResultPageInput): string {
  const role = input.result.ok ? "status" : "alert";
  const script = `(function () {
  var result = ${scriptJson(input.result)};
  var closed = false;
  function finish() { if (!closed) { closed = true; window.close(); } }
  try {
    var channel = new BroadcastChannel(${scriptJson(SIGN_IN_CHANNEL)});
    channel.onmessage = function (event) {
      var data = event.data;
      if (data && data.type === ${scriptJson(SIGN_IN_ACK_TYPE)} && data.id === result.id) finish();
    };
    channel.postMessage(result);
  } catch (error) {}
  try {
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(result, ${scriptJson(input.origin)});
      setTimeout(finish, 100);
    }
  } catch (error) {}
})();`;
  return document(
    input.language,
    input.siteTitle,
    `<main><h1>${escapeHtml(input.siteTitle)}</h1><p class="${input.result.ok ? "" : "error"}" role="${role}">${escapeHtml(input.text)}</p><p><a href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a></p></main><script nonce="${escapeHtml(input.nonce)}">${script}</script>`,
  );
}

export interface DevLoginPageInput {
  providerLabel: string;
  action: string;
  xsrfToken: string;
  state: string;
  values: { email: string; name: string };
  /** Field errors from the last submission. */
  errors: { email?: string; name?: string };
}

/** The development identity provider's form: Email, Name, Continue. In English: it is a developer tool. */
export function devLoginPage(input: DevLoginPageInput): string {
  // The popup opens on this form: the email field (or the first one to correct) takes the focus.
  const focused = input.errors.email || !input.errors.name ? "email" : "name";
  const field = (id: "email" | "name", label: string, attributes: string) => {
    const error = input.errors[id];
    return `<label for="${id}">${label}</label><input id="${id}" name="${id}" ${attributes} required${id === focused ? " autofocus" : ""} value="${escapeHtml(input.values[id])}"${
      error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""
    }>${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}`;
  };
  const errorCount = Object.values(input.errors).filter(Boolean).length;
  const body = `<main>
<h1>Development sign-in for ${escapeHtml(input.providerLabel)}</h1>
<p class="note">${escapeHtml(input.providerLabel)} is not configured on this server, so this built-in development identity provider signs you in as whoever you type. For local development only.</p>
${errorCount > 0 ? `<p class="error" role="alert">Please correct the ${errorCount === 1 ? "field" : "fields"} below.</p>` : ""}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="_xsrf" value="${escapeHtml(input.xsrfToken)}">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
${field("email", "Email", 'type="email" autocomplete="email" maxlength="254"')}
${field("name", "Name", 'type="text" autocomplete="name" maxlength="100"')}
<button type="submit">Continue</button>
</form>
</main>`;
  return document({ code: "en", dir: "ltr" }, `Development sign-in · ${input.providerLabel}`, body);
}

/** A plain page for requests that never became a sign-in attempt (unknown provider, disabled development provider). */
export function messagePage(
  language: PageLanguage,
  title: string,
  text: string,
  link: { href: string; label: string },
): string {
  return document(
    language,
    title,
    `<main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p></main>`,
  );
}
