// Apart from events.ts so that the renderer can find placeholders without bundling zod's schemas.
export const blockPlaceholder = (blockId: string): string => `[[block:${blockId}]]`;
export const BLOCK_PLACEHOLDER_RE = /\[\[block:([\w-]+)\]\]/g;
