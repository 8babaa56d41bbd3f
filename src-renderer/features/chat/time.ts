/** "14:05" today, "Mon 3 Nov, 14:05" otherwise: what chat apps show beside a message. */
export function formatTime(at: number, now: number = Date.now()): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === d.toDateString()) return time;
  const sameYear = new Date(now).getFullYear() === d.getFullYear();
  const date = d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
  return `${date}, ${time}`;
}
