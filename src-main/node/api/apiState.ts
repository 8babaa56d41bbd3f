// The local API's token and last port (`<data>/local-api.json`, see tokenFile.ts), so that tools
// pointed at the API (an editor plugin, a chat UI) keep working across restarts until the user
// rotates the token.
import { randomBytes } from 'node:crypto';
import { tokenFile } from '../settings/tokenFile.js';

export const newApiToken = (): string => `agentic-${randomBytes(24).toString('base64url')}`;

const file = tokenFile('local-api.json', newApiToken);
export const writeLocalApiState = file.write;
export const loadOrCreateApiToken = file.loadOrCreate;
