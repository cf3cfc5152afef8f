/**
 * ISO timestamps shown the same on the server and in every browser, whatever its time zone; isolated left to
 * right, so date, time and "UTC" keep their order in a right-to-left admin.
 */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} dir="ltr">
      {`${at.slice(0, 10)} ${at.slice(11, 19)} UTC`}
    </time>
  );
}
