import { useEffect, useState, type ReactNode } from 'react';

export function Field({ label, hint, children }: { label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      {children}
      {hint && <span className="field-hint">{hint}</span>}
    </label>
  );
}

/** A text input that saves on blur or Enter, not on every keystroke. */
export function TextInput(props: { value: string; onCommit: (value: string) => void; placeholder?: string; testId?: string; type?: string }) {
  const [draft, setDraft] = useState(props.value);
  useEffect(() => setDraft(props.value), [props.value]);
  const commit = () => {
    if (draft !== props.value) props.onCommit(draft);
  };
  return (
    <input
      type={props.type ?? 'text'}
      value={draft}
      placeholder={props.placeholder}
      data-testid={props.testId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function NumberInput(props: { value: number; min: number; max: number; onCommit: (value: number) => void; testId?: string }) {
  const [draft, setDraft] = useState(String(props.value));
  useEffect(() => setDraft(String(props.value)), [props.value]);
  const commit = () => {
    const n = Math.round(Number(draft));
    if (!Number.isFinite(n) || n < props.min || n > props.max) {
      setDraft(String(props.value));
      return;
    }
    if (n !== props.value) props.onCommit(n);
  };
  return (
    <input
      type="number"
      min={props.min}
      max={props.max}
      value={draft}
      data-testid={props.testId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function Toggle(props: { checked: boolean; onChange: (checked: boolean) => void; label: string; testId?: string }) {
  return (
    <label className="toggle">
      <input type="checkbox" checked={props.checked} data-testid={props.testId} onChange={(e) => props.onChange(e.target.checked)} />
      <span>{props.label}</span>
    </label>
  );
}

export function Select<T extends string>(props: { value: T; options: readonly (readonly [T, string])[]; onChange: (value: T) => void; testId?: string }) {
  return (
    <select value={props.value} data-testid={props.testId} onChange={(e) => props.onChange(e.target.value as T)}>
      {props.options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
