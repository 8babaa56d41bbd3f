import type { BlockView, CallView, TurnView } from '../../state/types.js';
import { BlockTerminal } from '../terminal/BlockTerminal.js';
import { LazyMarkdown as Markdown } from './LazyMarkdown.js';
import { Reasoning } from './Reasoning.js';
import { answerAddsToReplies, splitAtPlaceholders, stripPlaceholders } from './segments.js';
import { WebActivity, webCallText } from './WebActivity.js';

/** One model call: reasoning, then its text with each block's terminal in place of its placeholder. */
function CallBody({ call, text, blocks, showAgent }: { call: CallView; text: string; blocks: BlockView[]; showAgent: boolean }) {
  const segments = splitAtPlaceholders(text);
  const placed = new Set(segments.flatMap((s) => (s.kind === 'block' ? [s.blockId] : [])));
  // Blocks whose placeholder has not arrived yet (or never will) still show, after the text.
  const unplaced = blocks.filter((b) => !placed.has(b.blockId));
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  if (segments.length === 0 && unplaced.length === 0 && !call.reasoning.trim()) return null;
  return (
    <div className="call" data-call={call.call}>
      {showAgent && call.agent && <div className="call-agent">{call.agent}</div>}
      <Reasoning text={call.reasoning} streaming={!call.completed && call.text === ''} />
      {segments.map((s, i) => {
        if (s.kind === 'text') return <Markdown key={i} text={s.text} />;
        const block = byId.get(s.blockId);
        return block ? <BlockTerminal key={s.blockId} block={block} /> : null;
      })}
      {unplaced.map((b) => (
        <BlockTerminal key={b.blockId} block={b} />
      ))}
    </div>
  );
}

export function AnswerBody({ turn }: { turn: TurnView }) {
  const blocks = Object.values(turn.blocks);
  const callNumbers = new Set(turn.calls.map((c) => c.call));
  const orphanBlocks = blocks.filter((b) => !callNumbers.has(b.call));
  const webCalls = turn.calls.filter((c) => c.agent === 'web');
  const done = turn.status === 'done' && turn.answer.trim() !== '';
  // The web agent's own turn ends with its answer; inside a plan its summary is a step's output and stays.
  const ownWeb = turn.agent === 'web';
  const textOf = (c: CallView): string => (c.agent === 'web' ? webCallText(c, done && ownWeb) : c.text);
  const texts = turn.calls.map(textOf);
  const showFinal = turn.status === 'done' && answerAddsToReplies(turn.answer, texts);
  return (
    <div className="answer-text" data-testid="answer-text">
      {webCalls.length > 0 && <WebActivity turn={turn} calls={webCalls} />}
      {turn.calls.map((c, i) => (
        <CallBody key={c.call} call={c} text={texts[i] ?? ''} blocks={blocks.filter((b) => b.call === c.call)} showAgent={c.agent !== null && c.agent !== turn.agent} />
      ))}
      {orphanBlocks.map((b) => (
        <BlockTerminal key={b.blockId} block={b} />
      ))}
      {showFinal && (
        <div className={texts.some((t) => t.trim()) ? 'final-answer' : 'final-answer alone'} data-testid="final-answer">
          <Markdown text={stripPlaceholders(turn.answer)} />
        </div>
      )}
    </div>
  );
}
