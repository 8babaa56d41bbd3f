import { describe, expect, it } from 'vitest';
import type { LlmDelta } from '../ports.js';
import { createReasoningStream, splitReasoning } from './reasoning.js';

function streamAll(chunks: string[]): { text: string; reasoning: string } {
  const stream = createReasoningStream();
  const deltas: LlmDelta[] = [...chunks.map((c) => stream.push(c)), stream.flush()];
  return {
    text: deltas.map((d) => d.text ?? '').join(''),
    reasoning: deltas.map((d) => d.reasoning ?? '').join(''),
  };
}

describe('splitReasoning', () => {
  it('leaves a reply without reasoning untouched', () => {
    expect(splitReasoning('Hello **world**')).toEqual({ answer: 'Hello **world**', reasoning: '' });
  });
  it('does not leak the think section into the answer', () => {
    expect(splitReasoning('<think>plan it</think>\n\nThe answer')).toEqual({ answer: 'The answer', reasoning: 'plan it' });
  });
  it('treats an unclosed think section (cut off reply) as reasoning, not answer', () => {
    expect(splitReasoning('<think>still thinking about')).toEqual({ answer: '', reasoning: 'still thinking about' });
  });
  it('collects repeated think sections and keeps the answer parts between them', () => {
    const r = splitReasoning('<think>a</think>one <think>b</think>two');
    expect(r).toEqual({ answer: 'one two', reasoning: 'a\n\nb' });
  });
  it('handles a reply that starts inside reasoning opened by the template (only </think>)', () => {
    expect(splitReasoning('thinking here</think>final')).toEqual({ answer: 'final', reasoning: 'thinking here' });
  });
});

describe('createReasoningStream', () => {
  it('routes a think section to reasoning when the tags arrive whole', () => {
    expect(streamAll(['<think>why</think>', 'answer'])).toEqual({ text: 'answer', reasoning: 'why' });
  });
  it('never leaks a tag split across chunks into the answer', () => {
    const chunks = '<think>deep thought</think>The reply'.split('');
    expect(streamAll(chunks)).toEqual({ text: 'The reply', reasoning: 'deep thought' });
  });
  it('releases text that only looked like the start of a tag', () => {
    const r = streamAll(['a <', 'b> <th', 'is']);
    expect(r).toEqual({ text: 'a <b> <this', reasoning: '' });
  });
  it('holds nothing back at the end: an unfinished tag prefix is flushed', () => {
    expect(streamAll(['x <thi'])).toEqual({ text: 'x <thi', reasoning: '' });
  });
  it('handles repeated sections and an unclosed final one', () => {
    expect(streamAll(['<think>a</th', 'ink>b<think>c'])).toEqual({ text: 'b', reasoning: 'ac' });
  });
  it('drops an orphan closing tag instead of showing it', () => {
    expect(streamAll(['pre</think>post'])).toEqual({ text: 'prepost', reasoning: '' });
  });
  it('returns empty deltas (no empty fields) while a tag is pending', () => {
    const stream = createReasoningStream();
    expect(stream.push('<thi')).toEqual({});
  });
});
