// The app's messages as node-llama-cpp's chat history, which both generation paths render.
import type { ChatHistoryItem } from 'node-llama-cpp';
import type { ChatMessage } from '../../core/ports.js';

export function toChatHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  return messages.map((m): ChatHistoryItem => {
    if (m.role === 'system') return { type: 'system', text: m.content };
    if (m.role === 'user') return { type: 'user', text: m.content };
    return { type: 'model', response: [m.content] };
  });
}
