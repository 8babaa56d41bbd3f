// Which calls the embedded engine is told to allow, from tool_choice and parallel_tool_calls.
import { describe, expect, it } from 'vitest';
import { llamaToolsOf } from './llamaTools.js';

const tools = [
  { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'set_alarm', parameters: { type: 'object', properties: { time: { type: 'string' } }, required: ['time'] } },
];

describe('llamaToolsOf', () => {
  it('allows parallel calls unless a function is named or the client turned them off', () => {
    expect(llamaToolsOf(tools, 'required')).toMatchObject({ forced: true, single: false });
    expect(llamaToolsOf(tools, 'auto', true)).toMatchObject({ forced: false, single: false });
    expect(llamaToolsOf(tools, 'required', false)).toMatchObject({ forced: true, single: true });
    expect(llamaToolsOf(tools, 'auto', false)).toMatchObject({ forced: false, single: true });
    const named = llamaToolsOf(tools, { name: 'set_alarm' });
    expect(named).toMatchObject({ forced: true, single: true });
    expect(Object.keys(named!.functions)).toEqual(['set_alarm']);
  });

  it('offers nothing for "none" or no tools', () => {
    expect(llamaToolsOf(tools, 'none', false)).toBeNull();
    expect(llamaToolsOf([], 'required')).toBeNull();
  });
});
