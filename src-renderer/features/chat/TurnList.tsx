import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import './turnList.css';
import { loadEarlierTurns } from '../../state/earlierTurns.js';
import { ScrollingContext } from '../../ui/scrolling.js';
import { useStore } from '../../state/store.js';
import { TurnItem } from './TurnItem.js';

/** Up to this many turns every one is in the page; above it only those near the view are (a long chat stays light). */
export const VIRTUAL_FROM = 40;
/** Loading the earlier page starts this close to the top. */
const TOP_PX = 300;
const PIN_PX = 80;
// `?virtual=0` renders every turn (the bench's comparison; nothing else sets it).
const virtualOff = typeof location !== 'undefined' && new URLSearchParams(location.search).get('virtual') === '0';

interface Props {
  sessionId: string | null;
  turnIds: string[];
  runningTurnId: string | null;
  empty: ReactNode;
}

/**
 * The chat's scroll area. Follows the stream while the user is at the bottom and leaves them alone
 * when they scroll up; near the top it loads the session's earlier turns and keeps the view where it was.
 */
export function TurnList({ sessionId, turnIds, runningTurnId, empty }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastTurn = useStore((s) => s.domain.turns[turnIds.at(-1) ?? '']);
  const earlier = useStore((s) => (sessionId ? (s.domain.earlierTurns[sessionId] ?? 0) : 0));
  const virtual = !virtualOff && turnIds.length > VIRTUAL_FROM;
  const anchor = useEarlierAnchor(scroller, turnIds[0]);
  const [loadingEarlier, setLoadingEarlier] = useState(false);

  const loadEarlier = (): void => {
    if (!sessionId || !scroller.current || loadingEarlier || earlier <= 0) return;
    setLoadingEarlier(true);
    // The virtual list keeps its own anchor (the virtualiser's `anchorTo`); the plain list needs this one.
    const noteAnchor = (): void => {
      if (scroller.current && !virtual) anchor.current = topTurn(scroller.current);
    };
    void loadEarlierTurns(sessionId, noteAnchor).finally(() => setLoadingEarlier(false));
  };

  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [lastTurn, turnIds.length]);

  // A new session starts at its bottom.
  useEffect(() => {
    pinned.current = true;
  }, [sessionId]);

  const onScroll = (): void => {
    const el = scroller.current;
    if (!el) return;
    pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PIN_PX;
    if (el.scrollTop < TOP_PX && earlier > 0) loadEarlier();
  };

  const busy = runningTurnId !== null;
  const last = turnIds.length - 1;
  return (
    <div className="chat-scroll" ref={scroller} onScroll={onScroll} data-testid="chat" tabIndex={-1} data-virtual={virtual || undefined}>
      {turnIds.length === 0 && empty}
      {earlier > 0 && (
        <button className="btn earlier-turns" data-testid="earlier-turns" disabled={loadingEarlier} onClick={loadEarlier}>
          {loadingEarlier ? 'Loading earlier turns…' : `Show earlier turns (${earlier})`}
        </button>
      )}
      {virtual ? (
        <VirtualTurns scroller={scroller} pinned={pinned} turnIds={turnIds} busy={busy} />
      ) : (
        turnIds.map((id, i) => <TurnItem key={id} turnId={id} busy={busy} last={i === last} />)
      )}
    </div>
  );
}

/** A turn and how far below the top of the view it starts. */
interface Anchor {
  id: string;
  offset: number;
}
/** The first turn in view: it stays where it is when earlier turns are put in front of it. */
function topTurn(el: HTMLElement): Anchor | null {
  const view = el.getBoundingClientRect();
  for (const node of el.querySelectorAll<HTMLElement>('article[data-turn-id]')) {
    const box = node.getBoundingClientRect();
    if (box.bottom > view.top && box.top < view.bottom && node.dataset.turnId) return { id: node.dataset.turnId, offset: box.top - view.top };
  }
  return null;
}

/**
 * After earlier turns are put in front, the turn that was at the top of the view is again at the
 * same place. It is found by its id, not by the distance from the bottom, which anything that
 * changed height while the page loaded would throw off.
 */
function useEarlierAnchor(scroller: RefObject<HTMLDivElement | null>, firstId: string | undefined) {
  const anchor = useRef<Anchor | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    anchor.current = null;
    if (!el || !a) return;
    const node = el.querySelector<HTMLElement>(`article[data-turn-id="${CSS.escape(a.id)}"]`);
    if (node) el.scrollTop += node.getBoundingClientRect().top - el.getBoundingClientRect().top - a.offset;
  }, [scroller, firstId]);
  return anchor;
}

interface VirtualProps {
  scroller: RefObject<HTMLDivElement | null>;
  pinned: RefObject<boolean>;
  turnIds: string[];
  busy: boolean;
}

function VirtualTurns({ scroller, pinned, turnIds, busy }: VirtualProps) {
  const virtualizer = useVirtualizer({
    count: turnIds.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 220,
    overscan: 4,
    // Rows render in React's own time, not synchronously inside each scroll event (fewer long frames).
    useFlushSync: false,
    getItemKey: (i) => turnIds[i] ?? i,
    // Turns put in front (the earlier page) leave the row at the top of the view where it was: the
    // virtualiser finds it by key in its own measurements, which the page's layout may not yet show.
    anchorTo: 'end',
  });
  // Rows measured above the view keep it still (the virtualiser's own rule); at the bottom, the view
  // follows the bottom whatever was measured: after every render, as rows are measured and grow.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => !pinned.current && item.start < (instance.scrollOffset ?? 0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  });
  const last = turnIds.length - 1;
  return (
    <ScrollingContext.Provider value={virtualizer.isScrolling}>
      <div className="turn-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const id = turnIds[row.index];
          if (id === undefined) return null;
          return (
            <div key={row.key} className="turn-row" data-index={row.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${row.start}px)` }}>
              <TurnItem turnId={id} busy={busy} last={row.index === last} />
            </div>
          );
        })}
      </div>
    </ScrollingContext.Provider>
  );
}
