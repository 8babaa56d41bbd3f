; Included by electron-builder's NSIS script (electron-builder.yml: nsis.include). The app installs
; per user, so its uninstaller runs as that user, who owns the scheduled tasks the app registered
; (src-main/node/schedule/os/taskScheduler.ts: tasks \agentic\schedule-ID, no administrator rights).
; They are removed here with PowerShell's ScheduledTasks module rather than the app's own
; `agentic-desktop --agentic-cli schedule unregister-all`, which does the same: this must work even
; when the app's files are damaged or half removed. An update (the old version's
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
