import { describe, expect, it } from 'vitest';
import { memoryBlock, proposedFacts, rememberedFact, type MemoryItem } from './memory.js';

describe('rememberedFact', () => {
  it.each([
    ['Remember that my project uses Python 3.12.', 'my project uses Python 3.12'],
    ['please remember: I prefer tabs', 'I prefer tabs'],
    ['Souviens-toi que je préfère les réponses courtes.', 'je préfère les réponses courtes'],
    ["Retiens qu'on déploie le vendredi", 'on déploie le vendredi'],
    ['Merk dir, dass ich Linux nutze', 'ich Linux nutze'],
    ['Recuerda que mi nombre es Lucía', 'mi nombre es Lucía'],
    ['Ricorda che uso VS Code', 'uso VS Code'],
    ['Lembre-se de que eu moro em Lisboa', 'eu moro em Lisboa'],
    ['Запомни, что я пишу на Go', 'я пишу на Go'],
    ['记住：我用的是 Python 3.12', '我用的是 Python 3.12'],
    ['私の名前は田中だと覚えておいてください', '私の名前は田中だ'],
  ])('%s', (request, fact) => {
    expect(rememberedFact(request)).toBe(fact);
  });

  it('is not a question about memory, a request that mentions remembering, or a long paste', () => {
    expect(rememberedFact('Do you remember what I said?')).toBeNull();
    expect(rememberedFact('How do I make Python remember a value between runs?')).toBeNull();
    expect(rememberedFact(`Remember that ${'x'.repeat(2000)}`)).toBeNull();
    expect(rememberedFact('Remember this:\n\nsome pasted page')).toBeNull();
  });
});

describe('proposedFacts', () => {
  it('reads at most three [remember: …] lines', () => {
    expect(proposedFacts('Sure.\n[remember: Uses metric units]\n[Remember: Lives in Oslo]')).toEqual(['Uses metric units', 'Lives in Oslo']);
    expect(proposedFacts('[remember: a] [remember: bb] [remember: cc] [remember: dd] [remember: ee]')).toEqual(['bb', 'cc', 'dd']);
  });
});

describe('memoryBlock', () => {
  const item = (id: number, text: string, patch: Partial<MemoryItem> = {}): MemoryItem => ({
    id,
    text,
    enabled: true,
    source: 'user',
    status: 'active',
    createdAt: id,
    updatedAt: id,
    ...patch,
  });
  const count = async (t: string) => Math.ceil(t.length / 4);

  it('holds active, enabled memories, newest first, within the token budget', async () => {
    const items = [item(1, 'old fact '.repeat(20)), item(2, 'Answer in French'), item(3, 'off', { enabled: false }), item(4, 'proposed', { status: 'proposed' })];
    expect(await memoryBlock(items, 'Facts:', 30, count)).toBe('Facts:\n- Answer in French');
    expect(await memoryBlock(items, 'Facts:', 400, count)).toBe(`Facts:\n- Answer in French\n- ${'old fact '.repeat(20)}`);
    expect(await memoryBlock([item(3, 'off', { enabled: false })], 'Facts:', 400, count)).toBe('');
  });
});
