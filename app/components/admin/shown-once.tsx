/** A secret the server answers once (a webhook's signing secret, an API key's token): on the screen until it is left, never again. */
export function ShownOnce({ id, title, note, value }: { id: string; title: string; note: string; value: string }) {
  return (
    <section className="shown-once" role="status" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{note}</p>
      <code dir="ltr" className="shown-once__value">
        {value}
      </code>
    </section>
  );
}
