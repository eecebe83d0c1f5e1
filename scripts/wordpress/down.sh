#!/usr/bin/env bash
# Stops the WordPress test sites that scripts/wordpress/up.sh started (each site's php -S process group).
#
#   scripts/wordpress/down.sh           stop the servers; databases and files stay, so up.sh restarts them quickly
#   scripts/wordpress/down.sh --purge   also drop the databases and users, the /etc/wordpress configs and WP_STATE
#
# WP_STATE as for up.sh (default /tmp/sitefleet-wp). MariaDB itself is left running.
set -euo pipefail

WP_STATE=${WP_STATE:-/tmp/sitefleet-wp}
PURGE=0
for arg in "$@"; do
  case $arg in
    --purge) PURGE=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "down.sh: unknown argument: $arg (see --help)" >&2; exit 1 ;;
  esac
done
[[ -d $WP_STATE ]] || { echo "nothing to stop: $WP_STATE does not exist"; exit 0; }

exec 9>"$WP_STATE/.lock"
flock 9

# Signal every server's process group first, then wait for them all.
stopped=0 groups=() own=$(ps -o pgid= -p $$ | tr -d ' ')
for pidfile in "$WP_STATE"/sites/*/php.pid; do
  [[ -f $pidfile ]] || continue
  pgid=$(cat "$pidfile")
  rm -f "$pidfile"
  if [[ $pgid =~ ^[0-9]+$ && $pgid != "$own" ]] && kill -- "-$pgid" 2>/dev/null; then groups+=("$pgid"); fi
done
# php -S takes 1.5 s to end on SIGTERM; after 0.5 s the rest are killed (test servers keep no state in memory).
for _ in $(seq 1 10); do
  alive=0
  for pgid in "${groups[@]}"; do kill -0 -- "-$pgid" 2>/dev/null && alive=1; done
  ((alive)) || break
  sleep 0.05
done
for pgid in "${groups[@]}"; do kill -KILL -- "-$pgid" 2>/dev/null || true; done
stopped=${#groups[@]}
if ((PURGE)); then
  for envfile in "$WP_STATE"/sites/*/site.env; do
    [[ -f $envfile ]] || continue
    # shellcheck disable=SC1090
    (
      source "$envfile"
      mysql -uroot -e "DROP DATABASE IF EXISTS \`$DB_NAME\`; DROP USER IF EXISTS '$DB_NAME'@'localhost';"
      if [[ -f $CONFIG_FILE ]] && grep -q 'Written by Sitefleet scripts/wordpress/up.sh' "$CONFIG_FILE"; then rm -f "$CONFIG_FILE"; fi
    )
  done
fi
echo "stopped $stopped site servers"
if ((PURGE)); then
  rm -rf "$WP_STATE"
  echo "removed the databases, configs and $WP_STATE"
fi
