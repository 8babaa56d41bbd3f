import type { SettingsPatch } from '../../../src-main/common/settings.js';

/** What each settings section calls to change settings; the panel owns the save and the error. */
export type UpdateSettings = (patch: SettingsPatch) => Promise<void>;
