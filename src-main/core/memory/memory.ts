// Facts the user wants kept across sessions ("remember that I use Python 3.12"): the port to their
// table, how a request says "remember", and the block every agent's system prompt gets.
import type { Emit } from '../ports.js';

export interface MemoryItem {
  id: number;
  text: string;
  enabled: boolean;
  /** 'user': said or typed by the user; 'agent': proposed by an agent (kept only once the user confirms). */
  source: 'user' | 'agent';
  /** 'proposed' memories wait for the user's click and are never shown to a model. */
  status: 'active' | 'proposed';
  createdAt: number;
  updatedAt: number;
}

export interface MemoryStore {
  listMemories(): MemoryItem[];
  addMemory(text: string, opts: { source: MemoryItem['source']; status: MemoryItem['status'] }): MemoryItem;
  /** Null when there is no such memory. */
  updateMemory(id: number, patch: Partial<Pick<MemoryItem, 'text' | 'enabled' | 'status'>>): MemoryItem | null;
  removeMemory(id: number): boolean;
  /** Sessions started without memory get none injected and add none. */
  sessionMemoryOff(sessionId: string): boolean;
  setSessionMemoryOff(sessionId: string, off: boolean): void;
}

export const MAX_MEMORY_CHARS = 1000;

/** The fact in a request that asks to remember something, in the languages the router knows; null otherwise. */
export function rememberedFact(request: string): string | null {
  const text = request.trim();
  if (text.length > MAX_MEMORY_CHARS + 40 || text.includes('\n\n')) return null;
  const patterns = [
    /^(?:please\s+)?remember(?:\s+that)?[\s:,]+(.+)$/is,
    /^(?:souviens[- ]toi|rappelle[- ]toi|retiens|m[ée]morise)(?:\s+(?:que|qu'|de))?[\s:,]+(.+)$/is,
    /^(?:bitte\s+)?merke?\s+dir(?:\s*,?\s*dass)?[\s:,]+(.+)$/is,
    /^(?:recuerda|acu[ée]rdate)(?:\s+(?:que|de))?[\s:,]+(.+)$/is,
    /^ricorda(?:ti)?(?:\s+che)?[\s:,]+(.+)$/is,
    /^(?:lembre-se|lembra-te|lembre)(?:\s+(?:de\s+que|que|de))?[\s:,]+(.+)$/is,
    /^запомни(?:те)?(?:\s*,?\s*что)?[\s:,]+(.+)$/is,
    /^(?:请)?记住[:：,，\s]*(.+)$/s,
    /^覚えて(?:おいて|ください)?[:：、\s]*(.+)$/s,
    /^(.+?)(?:を|と)?覚えて(?:おいて)?(?:ください)?[。.]?$/s,
    /^기억해\s*(?:줘|주세요)?[:,\s]*(.+)$/s,
  ];
  for (const re of patterns) {
    const fact = re
      .exec(text)?.[1]
      ?.trim()
      .replace(/[.。]$/, '');
    if (fact && fact.length >= 2) return fact.slice(0, MAX_MEMORY_CHARS);
  }
  return null;
}

/** `[remember: …]` lines an agent wrote to propose a memory (taught by the memory prompt). */
export function proposedFacts(answer: string): string[] {
  return [...answer.matchAll(/\[remember:\s*([^\]\n]{2,500})\]/gi)].map((m) => m[1]!.trim()).slice(0, 3);
}

export interface MemorySettings {
  enabled: boolean;
  /** Send memories to providers that are not local (the user allowed it). */
  allowCloud: boolean;
  /** Tokens the memory block may take in a system prompt. */
  maxTokens: number;
}

/** The active memories that fit the budget, newest first, as the system prompt's block; '' for none. */
export async function memoryBlock(items: readonly MemoryItem[], header: string, maxTokens: number, count: (text: string) => Promise<number>): Promise<string> {
  const active = items.filter((m) => m.enabled && m.status === 'active').sort((a, b) => b.updatedAt - a.updatedAt);
  if (active.length === 0) return '';
  let used = await count(header);
  const lines: string[] = [];
  for (const m of active) {
    const line = `- ${m.text}`;
    const cost = (await count(line)) + 1;
    if (used + cost > maxTokens) break;
    lines.push(line);
    used += cost;
  }
  return lines.length ? `${header.trim()}\n${lines.join('\n')}` : '';
}

/** Stores what the user asked to remember; a tainted turn may still do so (the text is the user's own request, not a page's). */
export function rememberFromRequest(store: MemoryStore, request: string, emit: Emit, ids: { sessionId: string; turnId: string }): MemoryItem | null {
  const fact = rememberedFact(request);
  if (!fact) return null;
  const item = store.addMemory(fact, { source: 'user', status: 'active' });
  emit({ type: 'memory.changed', ...ids, id: item.id, status: item.status, text: item.text });
  return item;
}
