import { createContext } from 'react';

/**
 * True while a virtualised list is being scrolled: rows mounting then show light stand-ins for
 * costly views (a terminal), which take their place once the scrolling stops.
 */
export const ScrollingContext = createContext(false);
