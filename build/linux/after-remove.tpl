#!/bin/bash
# The deb package's removal script (electron-builder's `deb.afterRemove`; it replaces the default
# after-remove.tpl, whose two steps are kept first, unchanged). electron-builder fills in the two
# ${...} macros; every other shell variable here is written $name so it is left alone.

# Delete the link to the binary (as electron-builder's default script does).
if type update-alternatives >/dev/null 2>&1; then
    update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/${executable}'
else
    rm -f '/usr/bin/${executable}'
fi

# Remove and unload the AppArmor profile (as electron-builder's default script does).
APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'
if [ -f "$APPARMOR_PROFILE_DEST" ]; then
  if apparmor_status --enabled > /dev/null 2>&1; then
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --remove "$APPARMOR_PROFILE_DEST" || true
    fi
  fi
  rm -f "$APPARMOR_PROFILE_DEST"
fi

# Agentic's scheduled tasks: each user's OS jobs, which the app registered without root
# (src-main/node/schedule/os/): systemd user units named agentic-schedule-ID.timer/.service in
# ~/.config/systemd/user, and crontab lines ending in "# agentic-schedule ID". This runs as root, so
# it looks in every user's home; a user whose XDG_CONFIG_HOME is elsewhere keeps units there, which
# remove themselves the next time they fire (their ExecCondition= finds the app gone).
# dpkg passes "remove" or "purge" when the package goes, "upgrade" and others when it is replaced
# (an rpm, 0 when erased and 1 on upgrade): an upgrade keeps the jobs. AGENTIC_PASSWD (a passwd-format file) is for the test only.
agentic_remove_schedules() {
  local passwd name uid home units unit found current
  passwd=$(if [ -n "$AGENTIC_PASSWD" ]; then cat -- "$AGENTIC_PASSWD"; else getent passwd 2>/dev/null || cat /etc/passwd; fi)
  while IFS=: read -r name _ uid _ _ home _; do
    [ -n "$home" ] && [ "$home" != / ] && [ -d "$home" ] || continue
    units="$home/.config/systemd/user"
    found=
    for unit in "$units"/agentic-schedule-*.timer "$units"/agentic-schedule-*.service "$units"/timers.target.wants/agentic-schedule-*.timer; do
      if [ -e "$unit" ] || [ -L "$unit" ]; then rm -f -- "$unit" && found=1; fi
    done
    # A running user manager forgets the timers now (systemd 248+ reaches it as root with -M).
    if [ -n "$found" ] && [ -d "/run/user/$uid" ] && type systemctl >/dev/null 2>&1; then
      systemctl --user -M "$name@" stop 'agentic-schedule-*.timer' >/dev/null 2>&1 || true
      systemctl --user -M "$name@" daemon-reload >/dev/null 2>&1 || true
    fi
    # The crontab fallback's lines; the rest of the user's crontab is written back unchanged.
    if type crontab >/dev/null 2>&1 && current=$(crontab -u "$name" -l 2>/dev/null); then
      if printf '%s\n' "$current" | grep -q -- '# agentic-schedule [A-Za-z0-9_-]*$'; then
        printf '%s\n' "$current" | grep -v -- '# agentic-schedule [A-Za-z0-9_-]*$' | crontab -u "$name" - || true
      fi
    fi
  done <<< "$passwd"
}

case "$1" in
  remove | purge | 0) agentic_remove_schedules ;;
esac
exit 0
