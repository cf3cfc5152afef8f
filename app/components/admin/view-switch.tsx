/** Two or more views of one text, as a group of toggle buttons (`aria-pressed`): segments or whole text, plural forms or ICU text. */
interface ViewSwitchProps<View extends string> {
  label: string;
  views: readonly View[];
  current: View;
  labelOf: (view: View) => string;
  onChange: (view: View) => void;
  className: string;
}

export function ViewSwitch<View extends string>({
  label,
  views,
  current,
  labelOf,
  onChange,
  className,
}: ViewSwitchProps<View>) {
  return (
    <div className={className} role="group" aria-label={label}>
      {views.map((view) => (
        <button
          key={view}
          type="button"
          className="button button--small button--secondary"
          aria-pressed={view === current}
          onClick={() => onChange(view)}
        >
          {labelOf(view)}
        </button>
      ))}
    </div>
  );
}
