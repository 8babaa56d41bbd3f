// The 16 kHz capture worklet's name and URL (bundled as an asset of the renderer, same origin).
export const WORKLET_NAME = 'agentic-pcm16k';
export const workletUrl = (): string => new URL('./pcm16k.worklet.js?no-inline', import.meta.url).href;
