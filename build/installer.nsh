; Included by electron-builder's NSIS script (electron-builder.yml: nsis.include). The app installs
; per user, so its uninstaller runs as that user, who owns the scheduled tasks the app registered
; (src-main/node/schedule/os/taskScheduler.ts: tasks \agentic\schedule-ID, no administrator rights).
; They are removed here with PowerShell's ScheduledTasks module, not with the app's own CLI: the
; packaged app cannot start its CLI (ELECTRON_RUN_AS_NODE is fused off, see build/fuses.mjs), and
; this must work even when the app's files are already damaged. An update (the old version's
; uninstaller started by the new installer, ${isUpdated}) keeps them: the new version runs them.
; Checked by reading only (tests/integration/schedule/uninstall.test.ts): there is no NSIS or
; Windows here.
!macro customUnInstall
  ${ifNot} ${isUpdated}
    DetailPrint "Removing Agentic's scheduled tasks"
    nsExec::ExecToLog `powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "Get-ScheduledTask -TaskPath '\agentic\' -ErrorAction SilentlyContinue | Unregister-ScheduledTask -Confirm:$$false"`
    Pop $0
  ${endIf}
!macroend
