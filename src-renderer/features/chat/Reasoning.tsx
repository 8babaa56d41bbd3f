/** The model's reasoning, collapsed unless the user opens it. */
export function Reasoning({ text, streaming }: { text: string; streaming: boolean }) {
  if (!text.trim()) return null;
  return (
    <details className="reasoning" data-testid="reasoning">
      <summary>{streaming ? 'Thinking…' : 'Reasoning'}</summary>
      <div className="reasoning-text">{text}</div>
    </details>
  );
}
