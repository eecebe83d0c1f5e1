#!/usr/bin/env bash
# Brings up real WordPress test sites on this machine from Debian's packages, for Sitefleet's integration and
# end-to-end tests (docs/wordpress.md).
#
#   scripts/wordpress/up.sh [--fresh]      stop with scripts/wordpress/down.sh [--purge]
#
# Site i (1..WP_SITES) is http://127.0.0.<i+1>:WP_PORT: its own loopback address, so Debian's wp-config.php picks
# /etc/wordpress/config-127.0.0.<i+1>.php by the Host header; its own `php -S` (router.php), MariaDB database and
# user (unix socket), WP_CONTENT_DIR under WP_STATE with Debian's plugins and themes copied in, the fixture plugin
# sitefleet-fixture 1.0.0 and the fixture mu-plugin that announces 1.1.0 (wordpress/fixtures/), an admin user with
# an Application Password and pretty permalinks. Every site has the companion (a symlink to
# wordpress/companion/sitefleet-companion.php) except the last one when WP_SITES >= 2 ("companion missing").
# Writes WP_STATE/sites.json: [{ name, url, user, app_password, companion, admin_password }].
#
# Reuse: when the sites are up and healthy with the same settings and the same scripts and fixtures, they are kept
# (their servers restarted if they stopped) and what tests change is put back: the fixture plugin 1.0.0, active,
# and no generator override. --fresh drops and re-creates everything.
#
# Settings (environment):
#   WP_SITES=3        number of sites (1..60)
#   WP_PORT=8089      port of every site
#   WP_STATE=/tmp/sitefleet-wp
#   WP_WORKERS=4      PHP_CLI_SERVER_WORKERS of each site's php -S (parallel requests; WordPress calling itself)
#   WP_BIG_POSTS=0    extra published posts for site 1, bulk-inserted in SQL (10000 for the paging test)
#   WP_DEBUG=0        1: WordPress's WP_DEBUG (notices and deprecations too) in each site's php-errors.log;
#                     warnings and errors are logged there either way
# Needs root (apt-get for what is missing, MariaDB, /etc/wordpress).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WP_STATE=${WP_STATE:-/tmp/sitefleet-wp}
WP_PORT=${WP_PORT:-8089}
WP_SITES=${WP_SITES:-3}
WP_WORKERS=${WP_WORKERS:-4}
WP_BIG_POSTS=${WP_BIG_POSTS:-0}
WP_DEBUG=${WP_DEBUG:-0}
WP_ROOT=/usr/share/wordpress
COMPANION=$ROOT/wordpress/companion/sitefleet-companion.php
FIXTURES=$ROOT/wordpress/fixtures
FIXTURE_NEW=1.1.0
MARKER='Written by Sitefleet scripts/wordpress/up.sh'

die() { echo "up.sh: $*" >&2; exit 1; }
FRESH=0
for arg in "$@"; do
  case $arg in
    --fresh) FRESH=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $arg (see --help)" ;;
  esac
done
if ! [[ $WP_SITES =~ ^[0-9]+$ ]] || ! ((WP_SITES >= 1 && WP_SITES <= 60)); then die "WP_SITES must be 1..60"; fi
if ! [[ $WP_PORT =~ ^[0-9]+$ ]] || ! ((WP_PORT >= 1 && WP_PORT <= 65535)); then die "WP_PORT must be a port number"; fi
if ! [[ $WP_WORKERS =~ ^[0-9]+$ ]] || ! ((WP_WORKERS >= 1 && WP_WORKERS <= 32)); then die "WP_WORKERS must be 1..32"; fi
if ! [[ $WP_BIG_POSTS =~ ^[0-9]+$ ]] || ! ((WP_BIG_POSTS <= 1000000)); then die "WP_BIG_POSTS must be 0..1000000"; fi
[[ $WP_DEBUG == 0 || $WP_DEBUG == 1 ]] || die "WP_DEBUG must be 0 or 1"
[[ $WP_STATE =~ ^/[A-Za-z0-9._/-]+$ ]] || die "WP_STATE must be an absolute path of letters, digits, . _ - and /"
((EUID == 0)) || die "needs root (packages, MariaDB, /etc/wordpress)"

T0=$EPOCHREALTIME TS=$EPOCHREALTIME
step() {
  local now=$EPOCHREALTIME
  printf '[%6.2fs | +%5.2fs] %s\n' "$(bc <<<"$now - $T0")" "$(bc <<<"$now - $TS")" "$*"
  TS=$now
}

mkdir -p "$WP_STATE"
exec 9>"$WP_STATE/.lock"
flock 9 # one up.sh or down.sh at a time per WP_STATE

# ---- packages -------------------------------------------------------------------------------------------------
export DEBIAN_FRONTEND=noninteractive
packages=(wordpress wordpress-theme-twentytwentythree wordpress-theme-twentytwentytwo php-cli php-mysql php-xml
  php-mbstring mariadb-server mariadb-client curl jq bc python3)
mapfile -t need < <(
  dpkg-query -W -f='${Package} ${Status}\n' "${packages[@]}" 2>/dev/null | awk '/install ok installed$/ {print $1}' |
    sort | comm -13 - <(printf '%s\n' "${packages[@]}" | sort)
)
if ((${#need[@]})); then
  echo "installing ${need[*]}"
  apt_install() { apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${need[@]}" >"$WP_STATE/apt.log" 2>&1; }
  apt_install || { apt-get -o DPkg::Lock::Timeout=600 update -qq && apt_install; } ||
    { tail -20 "$WP_STATE/apt.log"; die "apt-get install ${need[*]} failed"; }
fi
step "packages: wordpress $(dpkg-query -W -f='${Version}' wordpress), php $(php -r 'echo PHP_VERSION;')"

# ---- MariaDB --------------------------------------------------------------------------------------------------
if ! mysqladmin ping --silent >/dev/null 2>&1; then
  # No systemd here, and policy-rc.d keeps services from starting on install: start the init script directly.
  service mariadb start >"$WP_STATE/mariadb-start.log" 2>&1 || { cat "$WP_STATE/mariadb-start.log"; die "MariaDB did not start"; }
  for _ in $(seq 1 100); do mysqladmin ping --silent >/dev/null 2>&1 && break; sleep 0.1; done
fi
mysqladmin ping --silent >/dev/null 2>&1 || die "MariaDB is not answering"
step "MariaDB up"

# ---- per-site helpers -----------------------------------------------------------------------------------------
# Compiled WordPress kept on disk: the command-line installs and every server start skip recompiling it.
mkdir -p "$WP_STATE/opcache"
PHP_OPCACHE=(-d opcache.enable=1 -d opcache.enable_cli=1 -d "opcache.file_cache=$WP_STATE/opcache")
site_name() { echo "site-$1"; }
site_host() { echo "127.0.0.$(($1 + 1))"; }
site_url() { echo "http://$(site_host "$1"):$WP_PORT"; }
site_dir() { echo "$WP_STATE/sites/$(site_name "$1")"; }
has_companion() { ((WP_SITES == 1 || $1 < WP_SITES)); }
listening() { ss -Hltn "src $1:$WP_PORT" 2>/dev/null | grep -q .; }
random_secret() { head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24; }

stop_servers() { # site directories; signals every server's process group first, then waits for them all
  local dir pgid alive groups=() own
  own=$(ps -o pgid= -p $$ | tr -d ' ')
  for dir in "$@"; do
    [[ -f $dir/php.pid ]] || continue
    pgid=$(cat "$dir/php.pid")
    rm -f "$dir/php.pid"
    [[ $pgid =~ ^[0-9]+$ && $pgid != "$own" ]] && kill -- "-$pgid" 2>/dev/null && groups+=("$pgid")
  done
  # php -S takes 1.5 s to end on SIGTERM; after 0.5 s the rest are killed (test servers keep no state in memory).
  for _ in $(seq 1 10); do
    alive=0
    for pgid in "${groups[@]}"; do kill -0 -- "-$pgid" 2>/dev/null && alive=1; done
    ((alive)) || break
    sleep 0.05
  done
  for pgid in "${groups[@]}"; do kill -KILL -- "-$pgid" 2>/dev/null || true; done
}

start_server() { # $1: site index
  local i=$1 dir host
  dir=$(site_dir "$i") host=$(site_host "$i")
  listening "$host" && die "$host:$WP_PORT is taken by another process (see: ss -ltnp 'sport = :$WP_PORT')"
  # setsid: the server and its workers form one process group, stopped as a whole by down.sh. The group's
  # leader writes its own id (== the group id) before it becomes php, so the file never names another group.
  rm -f "$dir/php.pid"
  # shellcheck disable=SC2016 # $$ and $1 belong to the inner shell
  SITEFLEET_WP_CONTENT_DIR=$dir/wp-content SITEFLEET_WP_FIXTURES_DIR=$WP_STATE/fixtures PHP_CLI_SERVER_WORKERS=$WP_WORKERS \
    setsid bash -c 'echo $$ >"$1.tmp" && mv "$1.tmp" "$1" && shift && exec "$@"' _ "$dir/php.pid" \
    php "${PHP_OPCACHE[@]}" -S "$host:$WP_PORT" -t "$WP_ROOT" "$HERE/router.php" >"$dir/php-server.log" 2>&1 </dev/null 9>&- &
}

wait_server() { # $1: site index
  local url pidfile
  url=$(site_url "$1") pidfile=$(site_dir "$1")/php.pid
  for _ in $(seq 1 200); do
    if [[ -s $pidfile ]]; then
      curl -s -o /dev/null --max-time 2 "$url/wp-login.php" && return 0
      kill -0 -- "-$(cat "$pidfile")" 2>/dev/null || break
    fi
    sleep 0.05
  done
  tail -5 "$(site_dir "$1")/php-server.log" >&2
  die "$url does not answer"
}

api() { # $1: site index, then curl arguments; calls the site with its Application Password
  local i=$1
  shift
  curl -s --max-time 20 -u "$(jq -r ".[$((i - 1))] | \"\\(.user):\\(.app_password)\"" "$WP_STATE/sites.json")" "$@"
}

healthy() { # $1: site index; the Application Password works and the companion is there exactly when expected
  local i=$1 url want
  url=$(site_url "$i")
  [[ $(api "$i" -o /dev/null -w '%{http_code}' "$url/wp-json/wp/v2/users/me?context=edit") == 200 ]] || return 1
  if has_companion "$i"; then want=200; else want=404; fi
  [[ $(api "$i" -o /dev/null -w '%{http_code}' "$url/wp-json/sitefleet/v1") == "$want" ]]
}

reset_fixture_files() { # $1: site index
  local plugins
  plugins=$(site_dir "$1")/wp-content/plugins
  rm -rf "$plugins/sitefleet-fixture"
  cp -r "$FIXTURES/sitefleet-fixture/1.0.0/sitefleet-fixture" "$plugins/"
}

reuse_site() { # $1: site index; healthy, then what tests change put back: the fixture plugin 1.0.0 active, no override
  local i=$1 url tmp fixture companion
  url=$(site_url "$i") tmp=$(mktemp -d)
  # Two calls at once: the fixture plugin (needs the Application Password) and the companion's status or its absence.
  api "$i" -o "$tmp/fixture" -w '%{http_code}' "$url/wp-json/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture" >"$tmp/fixture.code" &
  api "$i" -o "$tmp/companion" -w '%{http_code}' "$url/wp-json/sitefleet/v1/status" >"$tmp/companion.code"
  wait $!
  fixture=$(cat "$tmp/fixture.code") companion=$(cat "$tmp/companion.code")
  if has_companion "$i"; then [[ $companion == 200 ]]; else [[ $companion == 404 ]]; fi ||
    { echo "$(site_name "$i"): the companion answers HTTP $companion"; rm -rf "$tmp"; return 1; }
  [[ $fixture == 200 || $fixture == 404 ]] || { echo "$(site_name "$i"): the plugins call answers HTTP $fixture"; rm -rf "$tmp"; return 1; }
  if [[ $fixture == 404 || $(jq -r '"\(.version) \(.status)"' "$tmp/fixture") != "1.0.0 active" ]]; then
    reset_fixture_files "$i"
    api "$i" -o /dev/null -f -X POST -H 'Content-Type: application/json' -d '{"status":"active"}' \
      "$url/wp-json/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture" || { rm -rf "$tmp"; return 1; }
  fi
  if has_companion "$i" && [[ $(jq -r .generator.override "$tmp/companion") != null ]]; then
    api "$i" -o /dev/null -f -X POST -H 'Content-Type: application/json' -d '{"version":""}' \
      "$url/wp-json/sitefleet/v1/generator" || { rm -rf "$tmp"; return 1; }
  fi
  rm -rf "$tmp"
}

provision() { # $1: site index, $2: command; runs provision.php for that site
  SITEFLEET_WP_HOST=$(site_host "$1") SITEFLEET_WP_TITLE="Sitefleet $(site_name "$1")" SITEFLEET_WP_ADMIN_USER=admin \
    SITEFLEET_WP_ADMIN_PASSWORD=${3:-} php "${PHP_OPCACHE[@]}" "$HERE/provision.php" "$2"
}

# Reuse needs the same settings and the same scripts and fixtures (the companion is a symlink: always current).
CONFIG_SHA=$(
  {
    echo "$WP_SITES $WP_PORT $WP_WORKERS $WP_BIG_POSTS $WP_DEBUG $WP_STATE $ROOT"
    cat "$HERE/up.sh" "$HERE/provision.php" "$HERE/router.php"
    find "$FIXTURES" -type f | sort | xargs cat
  } | sha256sum | cut -c1-64
)

# ---- reuse ----------------------------------------------------------------------------------------------------
if ((FRESH == 0)) && [[ -f $WP_STATE/sites.json && -f $WP_STATE/config.sha && $(cat "$WP_STATE/config.sha") == "$CONFIG_SHA" ]]; then
  reuse=1 started=()
  for ((i = 1; i <= WP_SITES; i++)); do
    [[ -f /etc/wordpress/config-$(site_host "$i").php && -d $(site_dir "$i")/wp-content ]] || { reuse=0; break; }
    if ! listening "$(site_host "$i")"; then
      stop_servers "$(site_dir "$i")"
      start_server "$i"
      started+=("$i")
    fi
  done
  if ((reuse)); then
    for i in "${started[@]}"; do wait_server "$i"; done
    ((${#started[@]})) && step "restarted the servers of sites ${started[*]}"
    pids=()
    for ((i = 1; i <= WP_SITES; i++)); do
      reuse_site "$i" 9>&- &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || reuse=0; done
  fi
  if ((reuse)); then
    step "$WP_SITES sites healthy, reused (fixture plugin 1.0.0 active, no generator override)"
    echo "sites: $WP_STATE/sites.json"
    exit 0
  fi
  echo "the sites are not all healthy: re-creating them"
fi

# ---- fresh ----------------------------------------------------------------------------------------------------
old_sites=()
for dir in "$WP_STATE"/sites/*/; do [[ -d $dir ]] && old_sites+=("${dir%/}"); done
stop_servers "${old_sites[@]}"
for dir in "${old_sites[@]}"; do
  if [[ -f $dir/site.env ]]; then
    # shellcheck disable=SC1091
    (source "$dir/site.env" && mysql -uroot -e "DROP DATABASE IF EXISTS \`$DB_NAME\`" && rm -f "$CONFIG_FILE") &
  fi
done
wait
rm -rf "$WP_STATE/sites" "$WP_STATE/sites.json" "$WP_STATE/config.sha" "$WP_STATE/fixtures"
mkdir -p "$WP_STATE/sites" "$WP_STATE/fixtures" /etc/wordpress
step "previous sites removed"

# The update package sitefleet-fixture-1.1.0.zip (top folder sitefleet-fixture/), served by every site's router.
python3 - "$FIXTURES/sitefleet-fixture/$FIXTURE_NEW" "$WP_STATE/fixtures/sitefleet-fixture-$FIXTURE_NEW.zip" <<'PY'
import os, sys, zipfile
src, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
    for folder, _, files in os.walk(src):
        for name in sorted(files):
            path = os.path.join(folder, name)
            z.write(path, os.path.relpath(path, src))
PY

for ((i = 1; i <= WP_SITES; i++)); do
  name=$(site_name "$i") host=$(site_host "$i") url=$(site_url "$i") dir=$(site_dir "$i")
  db=sitefleet_wp_$i db_pass=$(random_secret) admin_pass=$(random_secret)
  config=/etc/wordpress/config-$host.php
  if [[ -f $config ]] && ! grep -qF "$MARKER (state $WP_STATE)" "$config"; then
    die "$config exists and was not written by up.sh for WP_STATE=$WP_STATE (down.sh --purge with that state removes it)"
  fi
  mkdir -p "$dir/wp-content/"{plugins,themes,mu-plugins,uploads,upgrade}
  printf 'DB_NAME=%s\nCONFIG_FILE=%s\nADMIN_PASSWORD=%s\n' "$db" "$config" "$admin_pass" >"$dir/site.env"

  mysql -uroot <<SQL
DROP DATABASE IF EXISTS \`$db\`;
CREATE DATABASE \`$db\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$db'@'localhost' IDENTIFIED BY '$db_pass';
ALTER USER '$db'@'localhost' IDENTIFIED BY '$db_pass';
GRANT ALL PRIVILEGES ON \`$db\`.* TO '$db'@'localhost';
SQL

  # Real copies, not links: plugin updates, installs and deletes change these folders.
  cp -rL "$WP_ROOT/wp-content/plugins/." "$dir/wp-content/plugins/"
  cp -rL "$WP_ROOT/wp-content/themes/." "$dir/wp-content/themes/"
  cp -r "$FIXTURES/sitefleet-fixture/1.0.0/sitefleet-fixture" "$dir/wp-content/plugins/"
  ln -s "$FIXTURES/mu-plugins/sitefleet-fixture-updates.php" "$dir/wp-content/mu-plugins/"
  if has_companion "$i"; then ln -s "$COMPANION" "$dir/wp-content/mu-plugins/sitefleet-companion.php"; fi

  cat >"$config" <<PHP
<?php
// $MARKER (state $WP_STATE) for $name ($url); removed by down.sh --purge.
// Debian's /usr/share/wordpress/wp-config.php loads this file for the Host $host (any port).
define('DB_NAME', '$db');
define('DB_USER', '$db');
define('DB_PASSWORD', '$db_pass');
define('DB_HOST', 'localhost'); // unix socket
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', '$url');
define('WP_SITEURL', '$url');
define('WP_CONTENT_DIR', '$dir/wp-content');
define('WP_CONTENT_URL', '$url/wp-content');
define('WP_ENVIRONMENT_TYPE', 'local'); // Application Passwords over plain http
define('DISABLE_WP_CRON', true);        // no cron requests from every page load
define('WP_HTTP_BLOCK_EXTERNAL', true); // no internet here; the site may still call itself
define('AUTOMATIC_UPDATER_DISABLED', true);
define('FS_METHOD', 'direct');
define('WP_DEBUG', $([[ $WP_DEBUG == 1 ]] && echo true || echo false)); // WP_DEBUG=1 up.sh: notices and deprecations too
define('WP_DEBUG_DISPLAY', false);      // never into a page or a JSON answer
define('WP_DEBUG_LOG', '$dir/php-errors.log');
@ini_set('display_errors', '0');
@ini_set('log_errors', '1');
@ini_set('error_log', '$dir/php-errors.log');
\$table_prefix = 'wp_';
PHP
done
step "$WP_SITES databases, content folders and configs written"

pids=()
for ((i = 1; i <= WP_SITES; i++)); do
  provision "$i" install "$(sed -n 's/^ADMIN_PASSWORD=//p' "$(site_dir "$i")/site.env")" >"$(site_dir "$i")/provision.json" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || die "installing a site failed (see the message above)"; done
step "WordPress installed on $WP_SITES sites (admin, Application Password, permalinks, fixture plugin)"

if ((WP_BIG_POSTS > 0)); then
  mysql -uroot sitefleet_wp_1 <<SQL
INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
  comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt,
  post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count)
SELECT 1, NOW() - INTERVAL seq MINUTE, UTC_TIMESTAMP() - INTERVAL seq MINUTE,
  CONCAT('<!-- wp:paragraph --><p>Bulk post number ', seq, ' links <a href="https://example.org/', seq,
    '">elsewhere</a>.</p><!-- /wp:paragraph -->'),
  CONCAT('Bulk post ', seq), '', 'publish', 'closed', 'closed', '', CONCAT('bulk-post-', seq), '', '',
  NOW(), UTC_TIMESTAMP(), '', 0, CONCAT('$(site_url 1)/?p=bulk-', seq), 0, 'post', '', 0
FROM seq_1_to_$WP_BIG_POSTS;
INSERT INTO wp_term_relationships (object_id, term_taxonomy_id, term_order)
  SELECT ID, 1, 0 FROM wp_posts WHERE post_name LIKE 'bulk-post-%';
UPDATE wp_term_taxonomy SET count = (SELECT COUNT(*) FROM wp_term_relationships WHERE term_taxonomy_id = 1)
  WHERE term_taxonomy_id = 1;
SQL
  step "$WP_BIG_POSTS extra posts on $(site_name 1)"
fi

for ((i = 1; i <= WP_SITES; i++)); do start_server "$i"; done
for ((i = 1; i <= WP_SITES; i++)); do wait_server "$i"; done
step "$WP_SITES servers on port $WP_PORT"

for ((i = 1; i <= WP_SITES; i++)); do
  dir=$(site_dir "$i")
  jq -n --arg name "$(site_name "$i")" --arg url "$(site_url "$i")" --arg user admin \
    --arg app "$(jq -r .app_password "$dir/provision.json")" --argjson companion "$(has_companion "$i" && echo true || echo false)" \
    --arg admin_password "$(sed -n 's/^ADMIN_PASSWORD=//p' "$dir/site.env")" \
    '{name: $name, url: $url, user: $user, app_password: $app, companion: $companion, admin_password: $admin_password}'
done | jq -s . >"$WP_STATE/sites.json.tmp"
mv "$WP_STATE/sites.json.tmp" "$WP_STATE/sites.json"
chmod 600 "$WP_STATE/sites.json"

pids=()
for ((i = 1; i <= WP_SITES; i++)); do
  healthy "$i" 9>&- &
  pids+=($!)
done
for ((i = 1; i <= WP_SITES; i++)); do wait "${pids[$((i - 1))]}" || die "$(site_url "$i") is not healthy after install"; done
echo "$CONFIG_SHA" >"$WP_STATE/config.sha"
step "$WP_SITES sites healthy"
jq -r '.[] | "  \(.name)  \(.url)  companion=\(.companion)"' "$WP_STATE/sites.json"
echo "sites: $WP_STATE/sites.json"
