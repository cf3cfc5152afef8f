/**
 * A public page is the same for every visitor but two places (decision 0134): the header's
 * account area (the "Sign in" menu, or the signed-in visitor's name and menu) and the data
 * block holding the signed-in user (SHELL_USER_ELEMENT_ID). These pure functions find them in
 * a rendered page, so the page cache can give a signed-in visitor the anonymous render of a
 * page with their own account area, as React renders it for them, put in.
 */
import { SHELL_USER_ELEMENT_ID } from "#core/shell.ts";

/** How app/components/account-menu.tsx's root element starts, signed out and signed in. */
const SIGNED_OUT_AREA = '<div class="header-menu sign-in-menu">';
const SIGNED_IN_AREA = '<div class="header-menu account">';
const USER_BLOCK_START = `<script type="application/json" id="${SHELL_USER_ELEMENT_ID}">`;
const USER_BLOCK_END = "</script>";

/** Byte ranges [start, end) in a page. */
export interface AccountSlots {
  area: readonly [number, number];
  /** The user data block's text. */
  user: readonly [number, number];
}

/** The end (after its closing tag) of the <div> that starts at `start`, counting the <div>s inside it; -1 if it never closes. */
export function divEnd(page: Buffer, start: number): number {
  let depth = 0;
  let at = start;
  for (;;) {
    const open = page.indexOf("<div", at);
    const close = page.indexOf("</div>", at);
    if (close < 0) return -1;
    if (open >= 0 && open < close) {
      depth += 1;
      at = open + 4;
    } else {
      depth -= 1;
      at = close + 6;
      if (depth === 0) return at;
    }
  }
}

/** The range of the only element starting with `opening` in the page, or null when there is none or more than one. */
function onlyDiv(page: Buffer, opening: string): readonly [number, number] | null {
  const start = page.indexOf(opening);
  if (start < 0 || page.indexOf(opening, start + 1) >= 0) return null;
  const end = divEnd(page, start);
  return end < 0 ? null : [start, end];
}

/** Where a page rendered for a visitor (no one signed in) has its account area and user block; null when it lacks either. */
export function signedOutSlots(page: Buffer): AccountSlots | null {
  const area = onlyDiv(page, SIGNED_OUT_AREA);
  const blockStart = page.indexOf(USER_BLOCK_START);
  if (!area || blockStart < area[1] || page.lastIndexOf(USER_BLOCK_START) !== blockStart) return null;
  const userStart = blockStart + USER_BLOCK_START.length;
  const userEnd = page.indexOf(USER_BLOCK_END, userStart);
  if (userEnd < 0 || page.toString("utf8", userStart, userEnd) !== "null") return null;
  return { area, user: [userStart, userEnd] };
}

/** A page rendered for a signed-in visitor: their account area's markup, or null when the page has none. */
export function signedInArea(page: Buffer): Buffer | null {
  const area = onlyDiv(page, SIGNED_IN_AREA);
  return area && Buffer.from(page.subarray(area[0], area[1]));
}

/** A visitor's page with a signed-in visitor's account area and user JSON in its slots. */
export function withAccount(page: Buffer, slots: AccountSlots, area: Buffer, userJson: Buffer): Buffer {
  return Buffer.concat([
    page.subarray(0, slots.area[0]),
    area,
    page.subarray(slots.area[1], slots.user[0]),
    userJson,
    page.subarray(slots.user[1]),
  ]);
}
