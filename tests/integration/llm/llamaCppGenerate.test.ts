// The provider's fast plain-chat loop (llamaGenerate.ts) and its text helpers (llamaStream.ts), on the
// tiny random-weight model's real tokenizer and engine. Greedy sampling makes its gibberish repeatable,
// which lets a test pick a stop string from a first run and watch a second run stop before it.
import { getLlama, HarmonyChatWrapper, Llama2ChatWrapper, QwenChatWrapper, type LlamaContext, type LlamaModel, type Token } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src-main/common/errors.js';
import { generatePlain, plainStops, type PlainGenerateOptions } from '../../../src-main/node/llm/llamaGenerate.js';
import { createIncrementalDetokenizer, createStopMatcher } from '../../../src-main/node/llm/llamaStream.js';
import { tinyModelPath } from '../../helpers/tinyGguf.js';

/** A stand-in detokenizer: each token is some bytes, invalid or cut UTF-8 renders as U+FFFD like llama.cpp's. */
function byteTable(pieces: Record<number, number[]>): (tokens: readonly number[]) => string {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  return (tokens) => decoder.decode(Uint8Array.from(tokens.flatMap((t) => pieces[t] ?? [])));
}

describe('incremental detokenizer', () => {
  const euro = [...new TextEncoder().encode('€')]; // 3 bytes
  const detokenize = byteTable({ 1: [...new TextEncoder().encode('price ')], 2: [euro[0]!], 3: [euro[1]!], 4: [euro[2]!], 5: [0x35], 6: [0xff] });

  it('never streams half a character when its bytes come in separate tokens', () => {
    const detokenizer = createIncrementalDetokenizer(detokenize);
    const deltas = [1, 2, 3, 4, 5].map((t) => detokenizer.push([t]));
    expect(deltas).toEqual(['price ', '', '', '€', '5']);
    expect(deltas.join('') + detokenizer.flush()).toBe('price €5');
  });

  it('emits the whole characters of a batch and keeps only the cut one back', () => {
    const detokenizer = createIncrementalDetokenizer(detokenize);
    expect(detokenizer.push([1, 2, 3])).toBe('price ');
    expect(detokenizer.push([4, 5])).toBe('€5');
  });

  it('lets a truly invalid byte through instead of waiting forever', () => {
    const detokenizer = createIncrementalDetokenizer(detokenize);
    const out = [6, 6, 6, 6, 5].map((t) => detokenizer.push([t])).join('') + detokenizer.flush();
    expect(out).toBe('\uFFFD'.repeat(4) + '5');
  });

  it('renders each token after its predecessor so SentencePiece spaces survive (real tokenizer)', async () => {
    const model = await loadModel();
    const text = 'héllo wörld 日本語 😀 and more words';
    const tokens = model.tokenize(text);
    const detokenizer = createIncrementalDetokenizer<Token>((t) => model.detokenize(t, false));
    const deltas = tokens.map((t) => detokenizer.push([t]));
    expect(deltas.join('') + detokenizer.flush()).toBe(model.detokenize(tokens, false));
    // The emoji is four byte-fallback tokens in this vocabulary: no delta may carry a broken piece of it.
    expect(deltas.some((d) => d.includes('\uFFFD'))).toBe(false);
    expect(deltas).toContain('😀');
  });
});

describe('stop-string matcher', () => {
  it('holds back text that may be the start of a stop string and never emits the stop string', () => {
    const matcher = createStopMatcher(['</s>']);
    expect(matcher.push('Hello <')).toEqual({ text: 'Hello ', stopped: false });
    expect(matcher.push('/')).toEqual({ text: '', stopped: false });
    expect(matcher.push('s> and more')).toEqual({ text: '', stopped: true });
  });

  it('releases held text once it turns out not to be a stop string, and at the end', () => {
    const matcher = createStopMatcher(['</s>']);
    expect(matcher.push('a </')).toEqual({ text: 'a ', stopped: false });
    expect(matcher.push('b>')).toEqual({ text: '</b>', stopped: false });
    expect(matcher.push('x <')).toEqual({ text: 'x ', stopped: false });
    expect(matcher.flush()).toBe('<');
  });
});

let context: LlamaContext;
let modelPromise: Promise<LlamaModel> | null = null;
function loadModel(): Promise<LlamaModel> {
  modelPromise ??= getLlama({ gpu: false, build: 'never' }).then((llama) => llama.loadModel({ modelPath: tinyModelPath() }));
  return modelPromise;
}

beforeAll(async () => {
  const model = await loadModel();
  context = await model.createContext({ contextSize: 512, threads: 1 });
});
afterAll(async () => {
  await context.dispose();
  await (await loadModel()).dispose();
});

async function run(options: Partial<PlainGenerateOptions> & { prompt: string }): Promise<{ text: string; tokens: number; stopReason: string; deltas: string[] }> {
  const model = await loadModel();
  const sequence = context.getSequence();
  const deltas: string[] = [];
  try {
    const result = await generatePlain({
      sequence,
      model,
      promptTokens: model.tokenize(options.prompt, false),
      stops: { tokens: new Set(), texts: [] },
      maxTokens: 60,
      signal: new AbortController().signal,
      onText: (text) => deltas.push(text),
      temperature: 0,
      repeatPenalty: false,
      contextSize: context.contextSize,
      ...options,
    });
    return { ...result, deltas };
  } finally {
    await sequence.dispose();
  }
}

describe('generatePlain', () => {
  it('stops before a stop string and never streams any of it', async () => {
    const free = await run({ prompt: 'Tell me a story about a cat' });
    const stop = free.text.slice(30, 36); // a piece of what greedy sampling is sure to produce again
    expect(stop.trim()).not.toBe('');
    const stopped = await run({ prompt: 'Tell me a story about a cat', stops: { tokens: new Set(), texts: [stop] } });
    expect(stopped.stopReason).toBe('stop');
    expect(stopped.text).toBe(free.text.slice(0, free.text.indexOf(stop)));
    expect(stopped.deltas.join('')).toBe(stopped.text);
    expect(stopped.deltas.join('')).not.toContain(stop);
  });

  it('stops on a stop token without showing it', async () => {
    const free = await run({ prompt: 'Once upon a time', maxTokens: 12 });
    const model = await loadModel();
    const fifth = model.tokenize(free.text, false)[4]!; // greedy output tokenizes back to the same tokens here
    const stopped = await run({ prompt: 'Once upon a time', maxTokens: 12, stops: { tokens: new Set([fifth]), texts: [] } });
    expect(stopped.stopReason).toBe('stop');
    expect(stopped.tokens).toBeLessThan(12);
    expect(free.text.startsWith(stopped.text)).toBe(true);
  });

  it('reports truncation at maxTokens with exactly that many tokens', async () => {
    const result = await run({ prompt: 'Write a long essay', maxTokens: 7 });
    expect(result).toMatchObject({ tokens: 7, stopReason: 'maxTokens' });
    expect(result.deltas.join('')).toBe(result.text);
  });

  it('stops at once when the listener aborts: no further token is evaluated', async () => {
    const model = await loadModel();
    const sequence = context.getSequence();
    const controller = new AbortController();
    let evaluatedAtAbort = -1;
    try {
      const error = (await generatePlain({
        sequence,
        model,
        promptTokens: model.tokenize('Write a long essay', false),
        stops: { tokens: new Set(), texts: [] },
        maxTokens: 400,
        signal: controller.signal,
        onText: () => {
          evaluatedAtAbort = sequence.nextTokenIndex;
          controller.abort();
        },
        repeatPenalty: false,
        contextSize: context.contextSize,
      }).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe('CANCELLED');
      expect(sequence.nextTokenIndex).toBe(evaluatedAtAbort);
    } finally {
      await sequence.dispose();
    }
  });

  it('refuses to shift the context when a reply outgrows it, instead of dropping history', async () => {
    const prompt = 'word '.repeat(200);
    const error = (await run({ prompt, maxTokens: 2000 }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('CONTEXT_OVERFLOW');
  });
});

describe('plainStops', () => {
  const history = [
    { type: 'user' as const, text: 'hi' },
    { type: 'model' as const, response: [] },
  ];

  it('turns the template stop triggers into stop tokens and stop strings', async () => {
    const model = await loadModel();
    const wrapper = new Llama2ChatWrapper();
    const stops = plainStops(wrapper, wrapper.generateContextState({ chatHistory: history }), model);
    expect(stops?.texts).toContain('</s>');
    expect(stops?.tokens.has(model.tokens.eos!)).toBe(true);
  });

  it('takes templates with <think> sections (our reasoning splitter handles them)', async () => {
    const model = await loadModel();
    const wrapper = new QwenChatWrapper();
    expect(plainStops(wrapper, wrapper.generateContextState({ chatHistory: history }), model)).not.toBeNull();
  });

  it('leaves templates with other segment kinds to LlamaChat', async () => {
    const model = await loadModel();
    const wrapper = new HarmonyChatWrapper();
    expect(plainStops(wrapper, wrapper.generateContextState({ chatHistory: history }), model)).toBeNull();
  });
});
