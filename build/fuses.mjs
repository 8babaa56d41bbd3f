// electron-builder afterPack hook: flips Electron's fuses as Electron's security guide recommends,
// before electron-builder signs the app (a fuse flipped after signing would break the signature),
// through electron-builder's own addElectronFuses, which finds the binary on each platform and
// re-applies the ad-hoc signature on Apple Silicon when asked.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion } from '@electron/fuses';

/** The fuses every build ships with; the layout test reads them back from the packaged binary. */
export const FUSES = {
  [FuseV1Options.RunAsNode]: false, // ELECTRON_RUN_AS_NODE would make the signed app a plain Node
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true, // macOS and Windows check app.asar's header hash
  [FuseV1Options.OnlyLoadAppFromAsar]: true, // no loose app/ folder can stand in for the checked archive
};

const ARM64 = 3; // builder-util's Arch.arm64

/** @param {import('electron-builder').AfterPackContext} context */
export default async function afterPack(context) {
  const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // electron-builder leaves Electron's default app in place when electronDist is a local folder.
  const resources = darwin ? join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`, 'Contents', 'Resources') : join(context.appOutDir, 'resources');
  await rm(join(resources, 'default_app.asar'), { force: true });
  await context.packager.addElectronFuses(context, { version: FuseVersion.V1, resetAdHocDarwinSignature: darwin && context.arch === ARM64, ...FUSES });
}
