// Streaming text that must not show a marker (a `<think>` tag, a stop string) before it is known
// whether the marker is complete: the end of what arrived so far may be the beginning of one.

/** Length of the longest end of `text` that is the beginning of one of `markers` (a whole marker excluded). */
export function heldPrefixLength(text: string, markers: readonly string[]): number {
  let best = 0;
  for (const marker of markers) {
    for (let n = Math.min(marker.length - 1, text.length); n > best; n--) {
      if (text.endsWith(marker.slice(0, n))) {
        best = n;
        break;
      }
    }
  }
  return best;
}
