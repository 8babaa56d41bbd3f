// What `agentic --help` prints: every command and its flags (the contract args.ts parses).
import { AGENT_CHOICES } from '../../common/agents.js';
import { PROVIDER_KINDS } from '../../common/providers.js';
import { SCHEDULE_USAGE } from './scheduleArgs.js';

export const USAGE = `Usage:
  agentic                                 an interactive chat (also: agentic chat [--agent NAME] …)
  agentic run "REQUEST" | - | --file PATH [--workspace DIR] [--agent ${AGENT_CHOICES.join('|')}]
          [--provider ${PROVIDER_KINDS.join('|')}] [--model ID_OR_PATH] [--base-url URL]
          [--replay FILE] [--yes] [--block-timeout SECONDS] [--max-attempts N] [--session ID] [--no-memory] [--json]
          (REQUEST "-" reads it from standard input; --file PATH reads it from a file)
  agentic route ["REQUEST" | --file PATH] [--json]     (no REQUEST: one request per stdin line)
  agentic models list|download ID|rm ID [--json]   (language, whisper-* speech-to-text and embedding models)
  agentic models test [ID] [--provider …] [--model …] [--base-url URL] [--replay FILE] [--json]
          (the self-test: a small task per agent in a scratch workspace, a score per agent)
  agentic listen FILE.wav [--stt-model ID_OR_PATH] [--language CODE] [--json]   (utterances and their transcripts)
  agentic say "TEXT" [--out FILE.wav] [--language CODE] [--voice ID]
  agentic sessions [--json]
  agentic search "QUERY" [--workspace DIR] [--json]   (the workspace's documents by words and meaning; indexes what is new first)
  agentic memory list [--json] | add "TEXT" | rm ID [--desktop]   (facts kept across sessions)
  agentic serve [--port N] [--host ADDR] [--new-token] [--allow-origin URL]… [provider flags as in run] [--yes]
          (the OpenAI-compatible local API and MCP over HTTP; prints its base URL and token)
  agentic mcp [--workspace DIR] [provider flags as in run] [--yes]   (an MCP server on stdin/stdout)
  agentic sandbox --explain [--workspace DIR] [--json]   (the sandbox policy blocks run under)
  agentic doctor [--json]   (what runs where on this computer, and what to do about each problem)
  agentic engines list [--json] | use auto|cuda|vulkan|metal|cpu | get cuda | rm cuda   (llama.cpp builds; use pins one, get downloads)
  agentic changes [--session ID] [--turn N] [--desktop] [--json]   (default: the latest session's last turn)
  agentic undo|redo [--session ID] [--turn N] [--cascade] [--desktop] [--json]
          (--cascade also undoes the later turns, or redoes the earlier ones;
           --desktop works on the desktop app's sessions instead of the CLI's and web host's)
${SCHEDULE_USAGE}`;
