// The web host's token and port (`<data>/web-host.json`, see tokenFile.ts), so a restarted host
// keeps open tabs and bookmarks working (the page reconnects by itself with the token in its URL).
import { randomBytes } from 'node:crypto';
import { tokenFile } from '../../node/settings/tokenFile.js';

const file = tokenFile('web-host.json', () => randomBytes(24).toString('base64url'));
export const writeWebHostState = file.write;
export const loadOrCreateToken = file.loadOrCreate;
