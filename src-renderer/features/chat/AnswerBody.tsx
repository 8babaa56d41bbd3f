import type { BlockView, CallView, TurnView } from '../../state/types.js';
import { BlockTerminal } from '../terminal/BlockTerminal.js';
import { Markdown } from './Markdown.js';
import { Reasoning } from './Reasoning.js';
import { answerAddsToReplies, splitAtPlaceholders, stripPlaceholders } from './segments.js';

/** One model call: reasoning, then its text with each block's terminal in place of its placeholder. */
function CallBody({ call, blocks, showAgent }: { call: CallView; blocks: BlockView[]; showAgent: boolean }) {
  const segments = splitAtPlaceholders(call.text);
  const placed = new Set(segments.flatMap((s) => (s.kind === 'block' ? [s.blockId] : [])));
  // Blocks whose placeholder has not arrived yet (or never will) still show, after the text.
  const unplaced = blocks.filter((b) => !placed.has(b.blockId));
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
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
  const showFinal = turn.status === 'done' && answerAddsToReplies(turn.answer, turn.calls.map((c) => c.text));
  return (
    <div className="answer-text" data-testid="answer-text">
      {turn.calls.map((c) => (
        <CallBody
          key={c.call}
          call={c}
          blocks={blocks.filter((b) => b.call === c.call)}
          showAgent={c.agent !== null && c.agent !== turn.agent}
        />
      ))}
      {orphanBlocks.map((b) => (
        <BlockTerminal key={b.blockId} block={b} />
      ))}
      {showFinal && (
        <div className="final-answer">
          <Markdown text={stripPlaceholders(turn.answer)} />
        </div>
      )}
    </div>
  );
}
