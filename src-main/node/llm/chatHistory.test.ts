import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../core/ports.js';
import { toChatHistory } from './chatHistory.js';

const call = (id: string, name: string, args: string) => ({ id, name, arguments: args });

describe('toChatHistory', () => {
  it('folds an assistant tool call, its results and the text after them into one model response', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Weather in Lyon and Turin?' },
      { role: 'assistant', content: 'Checking both.', toolCalls: [call('a', 'get_weather', '{"city":"Lyon"}'), call('b', 'get_weather', '{"city": "Turin"')] },
      { role: 'user', content: '{"temp": 9}', toolCallId: 'a' },
      { role: 'user', content: 'timeout after 10 s', toolCallId: 'b' },
      { role: 'assistant', content: 'Lyon: 9 °C; Turin did not answer.' },
      { role: 'user', content: 'Thanks' },
    ];
    expect(toChatHistory(messages)).toEqual([
      { type: 'system', text: 'You are terse.' },
      { type: 'user', text: 'Weather in Lyon and Turin?' },
      {
        type: 'model',
        response: [
          'Checking both.',
          { type: 'functionCall', name: 'get_weather', params: { city: 'Lyon' }, result: { temp: 9 } },
          // Arguments a model left unfinished and a result that is not JSON stay text.
          { type: 'functionCall', name: 'get_weather', params: '{"city": "Turin"', result: 'timeout after 10 s' },
          'Lyon: 9 °C; Turin did not answer.',
        ],
      },
      { type: 'user', text: 'Thanks' },
    ]);
  });

  it('keeps plain conversations as they were, and refuses a result without its call or a call without its result', () => {
    expect(
      toChatHistory([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '' },
      ]),
    ).toEqual([
      { type: 'user', text: 'hi' },
      { type: 'model', response: [''] },
    ]);
    expect(() => toChatHistory([{ role: 'user', content: '{}', toolCallId: 'x' }])).toThrow('"x", which no assistant message before it made');
    expect(() =>
      toChatHistory([
        { role: 'assistant', content: '', toolCalls: [call('c1', 'f', '{}')] },
        { role: 'user', content: 'and?' },
      ]),
    ).toThrow('c1 have no tool message');
    expect(() => toChatHistory([{ role: 'assistant', content: '', toolCalls: [call('c1', 'f', '{}')] }])).toThrow('c1 have no tool message');
  });
});
