import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cancelTurn, sendMessage } from '../../state/actions.js';
import { MicButton, useHoldToTalk } from '../voice/MicButton.js';
import { sendVoice } from '../voice/sendVoice.js';
import { onTranscript } from '../voice/voiceStore.js';
import { AgentPicker } from './AgentPicker.js';
import { DraftSelfTestWarning } from './DraftSelfTestWarning.js';
import { preloadMarkdown } from './LazyMarkdown.js';

/** The input box: Enter sends, Shift+Enter breaks the line; Stop while a turn runs. */
export function Composer({ runningTurnId, disabled }: { runningTurnId: string | null; disabled: boolean }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const canSend = !disabled && !sending && runningTurnId === null && text.trim() !== '';
  useSpokenDraft(text, setText, disabled);

  const submit = async (): Promise<void> => {
    if (!canSend) return;
    preloadMarkdown();
    setSending(true);
    const sent = await sendMessage(text);
    setSending(false);
    if (sent) setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <div className="composer">
      <textarea
        data-testid="chat-input"
        aria-label="Message"
        placeholder="Ask anything… (Enter to send, Shift+Enter for a new line)"
        value={text}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <DraftSelfTestWarning text={text} />
      <div className="composer-bar">
        <AgentPicker />
        <span className="spacer" />
        <MicButton disabled={disabled} />
        {runningTurnId !== null && (
          <button className="btn btn-danger" data-testid="stop" onClick={() => void cancelTurn(runningTurnId)}>
            ■ Stop
          </button>
        )}
        <button className="btn btn-primary" data-testid="send" disabled={!canSend} onClick={() => void submit()}>
          Send
        </button>
      </div>
    </div>
  );
}

/** Voice into the box: hold-to-talk only while the box is empty; a transcript joins what is typed, or goes at once with auto-send (with whisper's language). */
function useSpokenDraft(text: string, setText: (text: string) => void, disabled: boolean): void {
  const textRef = useRef(text);
  textRef.current = text;
  useHoldToTalk(useCallback(() => textRef.current.trim() === '', []));
  useEffect(
    () =>
      onTranscript((heard, language, autoSend) => {
        const joined = textRef.current.trim() ? `${textRef.current.trim()} ${heard}` : heard;
        setText(joined);
        if (autoSend && !disabled) {
          preloadMarkdown();
          void sendVoice(joined, language).then((sent) => sent && setText(''));
        }
      }),
    [disabled, setText],
  );
}
