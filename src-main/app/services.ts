// The services beside the engine: voice, checkpoints (what each turn changed), schedules, and the
// agent registry built from the agents' table over the adapters.
import { platform, release } from 'node:os';
import type { AgentName } from '../common/agents.js';
import type { Agent } from '../core/agent.js';
import { createCheckpointService } from '../node/checkpoints/wiring.js';
import type { CheckpointService } from '../node/checkpoints/service.js';
import { createSchedules, type ScheduleWiring } from '../node/schedule/wiring.js';
import { createVoice, type VoiceWiring } from '../node/voice/handlers.js';
import { join } from 'node:path';
import type { Adapters } from './adapters.js';
import { createAgentRegistry } from './agents.js';
import type { AppConfig } from './config.js';
import type { Foundations } from './foundations.js';

export interface Services {
  voice: VoiceWiring;
  checkpoints: CheckpointService;
  schedules: ScheduleWiring;
  agents: (name: AgentName) => Agent;
}

export async function createServices(config: AppConfig, base: Foundations, adapters: Adapters): Promise<Services> {
  const { paths, settings, logger, bus } = base;
  const { dataDir } = paths;
  const voice = createVoice({ modelsDir: join(paths.modelsDir, 'whisper'), settings, emit: bus.emit, logger, subscribe: (l) => bus.subscribe(l), tts: config.voiceTts });
  const checkpoints = await createCheckpointService({ dataDir, settings, logger, emit: bus.emit });
  const schedules = createSchedules({
    dataDir,
    appRoot: paths.appRoot,
    logger,
    emit: bus.emit,
    // Due schedules run while the desktop app or the web host is open, not from a CLI command.
    runDueJobs: config.runSchedules ?? config.host !== 'cli',
    notify: config.notify,
    replayFile: config.replayFile,
  });
  const agents = createAgentRegistry({ prompts: base.prompts, adapters, settings, os: `${platform()} ${release()}` });
  return { voice, checkpoints, schedules, agents };
}
