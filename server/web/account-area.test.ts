import { describe, expect, it } from "vitest";
import { divEnd, signedInArea, signedOutSlots, withAccount } from "./account-area.ts";

const signedOutArea =
  '<div class="header-menu sign-in-menu"><button>Sign in</button><div id="sign-in-menu" popover="auto"><div class="sign-in-buttons"><button>Google</button></div></div></div>';
const signedInMarkup =
  '<div class="header-menu account"><button>A &lt;div&gt; fan</button><div id="account-menu" popover="auto"><button>Sign out</button></div></div>';
const userBlock = (json: string) => `<script type="application/json" id="shell-user">${json}</script>`;
const page = (area: string, json = "null") =>
  `<html><body><header><div class="site-header__tools"><div class="header-menu language">x</div>${area}</div></header><main><div>body</div></main>${userBlock(json)}<script>go()</script></body></html>`;

describe("divEnd", () => {
  it("ends after the closing tag that matches the opening one, past nested divs", () => {
    const html = Buffer.from(`a${signedOutArea}<div>after</div>`);
    expect(html.toString("utf8", 1, divEnd(html, 1))).toBe(signedOutArea);
  });

  it("is -1 when the element never closes", () => {
    expect(divEnd(Buffer.from("<div><div></div>"), 0)).toBe(-1);
  });
});

describe("signedOutSlots", () => {
  it("finds the sign-in menu and the user block's text", () => {
    const html = Buffer.from(page(signedOutArea));
    const slots = signedOutSlots(html)!;
    expect(html.toString("utf8", ...slots.area)).toBe(signedOutArea);
    expect(html.toString("utf8", ...slots.user)).toBe("null");
  });

  it("counts bytes, not characters, in pages with non-ASCII text", () => {
    const html = Buffer.from(page(signedOutArea).replace("body", "مرحبا بالعالم"));
    const slots = signedOutSlots(html)!;
    expect(html.toString("utf8", ...slots.user)).toBe("null");
  });

  it.each([
    ["no sign-in menu", page("")],
    ["two sign-in menus", page(signedOutArea + signedOutArea)],
    ["a sign-in menu that never closes", `<body>${signedOutArea.slice(0, -12)}${userBlock("null")}</body>`],
    ["no user block", page(signedOutArea).replace(userBlock("null"), "")],
    ["a user in the block", page(signedOutArea, '{"uid":"u1"}')],
    ["two user blocks", page(signedOutArea).replace("<script>go()", `${userBlock("null")}<script>go()`)],
    ["the user block before the menu", `${userBlock("null")}${page(signedOutArea).replace(userBlock("null"), "")}`],
  ])("is null for a page with %s", (_case, html) => {
    expect(signedOutSlots(Buffer.from(html))).toBeNull();
  });
});

describe("signedInArea", () => {
  it("is the signed-in account menu, nested divs and escaped text included", () => {
    expect(signedInArea(Buffer.from(page(signedInMarkup, '{"uid":"u1"}')))?.toString()).toBe(signedInMarkup);
  });

  it("is null for a page without one", () => {
    expect(signedInArea(Buffer.from(page(signedOutArea)))).toBeNull();
  });
});

describe("withAccount", () => {
  it("gives the page a signed-in visitor's account area and user, everything else unchanged", () => {
    const anonymous = Buffer.from(page(signedOutArea));
    const user = '{"uid":"u1","displayName":"\\u003cb\\u003e"}';
    const personal = withAccount(anonymous, signedOutSlots(anonymous)!, Buffer.from(signedInMarkup), Buffer.from(user));
    expect(personal.toString()).toBe(page(signedInMarkup, user));
  });
});
