#!/usr/bin/env bash
# Brings the WordPress test sites up (scripts/wordpress/up.sh, reusing them when it can) and checks the companion
# against the contract of docs/wordpress.md with curl: status, generator, post statistics, core and plugin
# updates, plugin install, and the one-click login with every refusal and parallel uses of one token.
# Prints one line per check and exits non-zero when any fails.
#
#   scripts/wordpress/check.sh                  SSO_PARALLEL=8 SSO_ROUNDS=20 by default; WP_* as for up.sh
# Ends with up.sh again, which puts back what the checks changed (the fixture plugin at 1.0.0).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WP_STATE=${WP_STATE:-/tmp/sitefleet-wp}
SSO_PARALLEL=${SSO_PARALLEL:-8}
SSO_ROUNDS=${SSO_ROUNDS:-20}
export WP_STATE

"$HERE/up.sh"
SITES=$WP_STATE/sites.json
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "  ok    $*"; }
ko() { failed=$((failed + 1)); echo "  FAIL  $*"; }
check() { # $1: description, then a command that must succeed
  local what=$1
  shift
  if "$@"; then ok "$what"; else ko "$what"; fi
}
eq() { [[ $1 == "$2" ]] || { echo "        expected '$2', got '$1'" >&2; return 1; }; }

site() { jq -r ".[] | select(.companion == $1) | .$2" "$SITES" | sed -n "${3:-1}p"; }
URL=$(site true url) AUTH="$(site true user):$(site true app_password)"
BARE_URL=$(site false url) BARE_AUTH="$(site false user):$(site false app_password)"
[[ -n $URL && -n $BARE_URL ]] || { echo "check.sh needs a site with the companion and one without (WP_SITES >= 2)"; exit 1; }
API=$URL/wp-json

# call METHOD PATH [JSON]: the body to $WORK/body, answers the HTTP status
call() {
  local args=(-s -o "$WORK/body" -w '%{http_code}' -u "$AUTH" -X "$1")
  [[ -n ${3:-} ]] && args+=(-H 'Content-Type: application/json' -d "$3")
  curl "${args[@]}" "$API/$2"
}
body() { jq -r "$1" "$WORK/body"; }

echo "== discovery and status ($URL, bare: $BARE_URL)"
check "the companion's namespace is listed" eq "$(curl -s -u "$AUTH" "$API/" | jq -r '.namespaces | index("sitefleet/v1") != null')" true
check "the bare site lists no companion" eq "$(curl -s -u "$BARE_AUTH" "$BARE_URL/wp-json/" | jq -r '.namespaces | index("sitefleet/v1") != null')" false
check "the bare site answers rest_no_route for the companion" eq "$(curl -s -u "$BARE_AUTH" "$BARE_URL/wp-json/sitefleet/v1/status" | jq -r .code)" rest_no_route
check "a wrong Application Password is refused (401)" eq "$(curl -s -o /dev/null -w '%{http_code}' -u "admin:wrong wrong wrong" "$API/sitefleet/v1/status")" 401
check "no credentials: refused (401)" eq "$(curl -s -o /dev/null -w '%{http_code}' "$API/sitefleet/v1/status")" 401
# shellcheck disable=SC2016 # PHP code
real_version=$(php -r 'include "/usr/share/wordpress/wp-includes/version.php"; echo $wp_version;')
check "GET status answers 200" eq "$(call GET sitefleet/v1/status)" 200
check "core.version is version.php's ($real_version)" eq "$(body .core.version)" "$real_version"
check "core is managed by the package manager" eq "$(body .core.managed_by)" package-manager
check "core.update is the offered release" eq "$(body .core.update)" 6.4.2
check "php is the running PHP" eq "$(body .php)" "$(php -r 'echo PHP_VERSION;')"
check "database is MariaDB $(mysql -uroot -Nse 'SELECT VERSION()' | cut -d- -f1)" \
  eq "$(body '"\(.database.server) \(.database.version)"')" "MariaDB $(mysql -uroot -Nse 'SELECT VERSION()' | cut -d- -f1)"
check "theme is twentytwentythree" eq "$(body .theme.stylesheet)" twentytwentythree
check "the fixture's update is listed" eq "$(body '.updates.plugins[] | select(.plugin == "sitefleet-fixture/sitefleet-fixture.php") | "\(.version)>\(.new_version)"')" "1.0.0>1.1.0"
check "the theme update is listed" eq "$(body '.updates.themes[] | select(.stylesheet == "twentytwentytwo") | .new_version')" 1.6

echo "== generator"
check "set 5.9.3" eq "$(call POST sitefleet/v1/generator '{"version":"5.9.3"}') $(body '"\(.public) \(.override)"')" "200 5.9.3 5.9.3"
check "the home page's meta generator shows 5.9.3" eq "$(curl -s "$URL/" | grep -o '<meta name="generator" content="WordPress [^"]*"')" '<meta name="generator" content="WordPress 5.9.3"'
check "the feed shows 5.9.3" eq "$(curl -s "$URL/feed/" | grep -o '<generator>[^<]*</generator>')" '<generator>https://wordpress.org/?v=5.9.3</generator>'
check "status keeps the real version" eq "$(call GET sitefleet/v1/status) $(body '"\(.core.version) \(.generator.public)"')" "200 $real_version 5.9.3"
check "6.4<script> is refused" eq "$(call POST sitefleet/v1/generator '{"version":"6.4<script>"}') $(body '"\(.code) \(.data.params | keys[0])"')" "400 sitefleet_invalid version"
check "a trailing newline is refused" eq "$(call POST sitefleet/v1/generator '{"version":"6.4.1\n"}')" 400
check "the refused value changed nothing" eq "$(curl -s "$URL/" | grep -c 'WordPress 5.9.3')" 1
check "clear" eq "$(call POST sitefleet/v1/generator '{"version":""}') $(body '"\(.public) \(.override)"')" "200 $real_version null"
check "the home page shows the real version again" eq "$(curl -s "$URL/" | grep -o 'content="WordPress [^"]*"')" "content=\"WordPress $real_version\""

echo "== post statistics"
fixture_post=$(curl -s -u "$AUTH" "$API/wp/v2/posts?slug=fixture-statistics&_fields=id" | jq -r '.[0].id')
total_posts=$(curl -s -o /dev/null -D - -u "$AUTH" "$API/wp/v2/posts?status=any&context=edit&per_page=1" | tr -d '\r' | sed -n 's/^X-WP-Total: //ip')
total_pages=$(curl -s -o /dev/null -D - -u "$AUTH" "$API/wp/v2/pages?status=any&context=edit&per_page=1" | tr -d '\r' | sed -n 's/^X-WP-Total: //ip')
check "total is posts + pages ($total_posts + $total_pages)" eq "$(call GET 'sitefleet/v1/post-stats?per_page=2') $(body .total)" "200 $((total_posts + total_pages))"
check "pages is ceil(total / per_page)" eq "$(body .pages)" "$(((total_posts + total_pages + 1) / 2))"
check "per_page bounds the items" eq "$(body '.items | length')" 2
found=0
for ((p = 1; p <= 100; p++)); do
  call GET "sitefleet/v1/post-stats?per_page=100&page=$p" >/dev/null
  stats=$(body ".items[] | select(.id == $fixture_post) | \"\(.word_count) \(.outbound_links)\"")
  [[ -n $stats ]] && { found=1; break; }
  [[ $(body '.items | length') == 0 ]] && break
done
check "the fixture post counts 8 words and 1 outbound link" eq "$found ${stats:-}" "1 8 1"
check "per_page=101 is refused" eq "$(call GET 'sitefleet/v1/post-stats?per_page=101') $(body .code)" "400 sitefleet_invalid"
check "page=0 is refused" eq "$(call GET 'sitefleet/v1/post-stats?page=0') $(body '.data.params.page != null')" "400 true"

echo "== updates"
check "core update refused: package-managed (409)" eq "$(call POST sitefleet/v1/core/update) $(body .code)" "409 sitefleet_core_managed"
check "plugin update 1.0.0 -> 1.1.0" eq "$(call POST sitefleet/v1/plugins/update '{"plugin":"sitefleet-fixture/sitefleet-fixture.php"}') $(body '"\(.from) \(.to)"')" "200 1.0.0 1.1.0"
check "the updated plugin stays active" eq "$(curl -s -u "$AUTH" "$API/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture" | jq -r '"\(.version) \(.status)"')" "1.1.0 active"
check "the home page runs 1.1.0" eq "$(curl -s "$URL/" | grep -o '<!-- sitefleet-fixture [0-9.]* -->')" "<!-- sitefleet-fixture 1.1.0 -->"
check "no update left: sitefleet_not_found" eq "$(call POST sitefleet/v1/plugins/update '{"plugin":"sitefleet-fixture/sitefleet-fixture.php"}') $(body .code)" "404 sitefleet_not_found"
check "a bad plugin name is refused" eq "$(call POST sitefleet/v1/plugins/update '{"plugin":"../../wp-config.php"}') $(body .code)" "400 sitefleet_invalid"
curl -s -o /dev/null -u "$AUTH" -X POST -H 'Content-Type: application/json' -d '{"status":"inactive"}' "$API/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture"
check "delete the fixture (core REST, method override)" eq "$(curl -s -o /dev/null -w '%{http_code}' -u "$AUTH" -X POST -H 'X-HTTP-Method-Override: DELETE' "$API/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture")" 200
package="$URL/sitefleet-fixtures/sitefleet-fixture-1.1.0.zip"
check "install it from its zip, activated" eq "$(call POST sitefleet/v1/plugins/install "{\"package\":\"$package\",\"activate\":true}") $(body '"\(.plugin) \(.version)"')" "200 sitefleet-fixture/sitefleet-fixture.php 1.1.0"
check "the installed plugin is active" eq "$(curl -s -u "$AUTH" "$API/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture" | jq -r .status)" active
check "installing over it fails as sitefleet_update_failed" eq "$(call POST sitefleet/v1/plugins/install "{\"package\":\"$package\"}") $(body .code)" "502 sitefleet_update_failed"
check "a package that is not a URL is refused" eq "$(call POST sitefleet/v1/plugins/install '{"package":"file:///etc/passwd"}') $(body .code)" "400 sitefleet_invalid"

echo "== one-click login"
TOKEN="node $HERE/sso-token.mjs"
KEY=$WORK/key.pem
site_id="check-$$"
key_json=$($TOKEN keygen "$KEY" | jq -c --arg s "$site_id" '. + {site_id: $s}')
check "install the key" eq "$(call POST sitefleet/v1/sso/key "$key_json") $(body .key_id)" "200 $(jq -r .key_id <<<"$key_json")"
check "status names the key and the site" eq "$(call GET sitefleet/v1/status) $(body '"\(.sso.key_id) \(.site_id)"')" "200 $(jq -r .key_id <<<"$key_json") $site_id"
check "a key id that is not the key's hash is refused" eq "$(call POST sitefleet/v1/sso/key "$(jq -c '.key_id = "0000000000000000"' <<<"$key_json")")" 400
audit_after=0
while :; do # the newest audit id so far, page by page
  call GET "sitefleet/v1/sso/audit?after=$audit_after&limit=100" >/dev/null
  audit_after=$(body "[.items[].id] | max // $audit_after")
  [[ $(body '.items | length') == 100 ]] || break
done
staff=$((100000 + RANDOM * 3 + $$ % 3))
mint() { $TOKEN mint "$KEY" --site "$site_id" --aud "$URL" --staff "$staff" "$@"; }
LOGIN="$URL/wp-login.php?action=sitefleet_sso"
sso() { # $1: token, [$2: cookie jar] -> "<status> <X-Sitefleet-SSO>" and the Location in $WORK/location
  curl -s -o /dev/null -D "$WORK/headers" -c "${2:-/dev/null}" -X POST --data-urlencode "token=$1" "$LOGIN" |
    true
  tr -d '\r' <"$WORK/headers" | sed -n 's/^Location: //ip' >"$WORK/location"
  echo "$(tr -d '\r' <"$WORK/headers" | sed -n '1s/^HTTP[^ ]* \([0-9]*\).*/\1/p') $(tr -d '\r' <"$WORK/headers" | sed -n 's/^X-Sitefleet-SSO: //ip')"
}
token=$(mint --email "staff$staff@example.com" --name "Check Staff $staff")
check "a valid token logs in (302, ok)" eq "$(sso "$token" "$WORK/jar")" "302 ok"
check "and redirects to wp-admin/" eq "$(cat "$WORK/location")" "$URL/wp-admin/"
check "wp-admin/ opens as sitefleet-$staff" eq "$(curl -s -b "$WORK/jar" "$URL/wp-admin/profile.php" | grep -o "id=\"user_login\" value=\"[^\"]*\"")" "id=\"user_login\" value=\"sitefleet-$staff\""
check "the user was created as administrator with its staff meta" eq "$(curl -s -u "$AUTH" "$API/wp/v2/users?context=edit&slug=sitefleet-$staff" | jq -r '.[0] | "\(.username) \(.roles[0]) \(.email)"')" "sitefleet-$staff administrator staff$staff@example.com"
check "replay: refused, replayed" eq "$(sso "$token")" "403 refused; reason=replayed"
check "tampered: bad_signature" eq "$(sso "$(mint --tamper)")" "403 refused; reason=bad_signature"
check "wrong kid: unknown_key" eq "$(sso "$(mint --kid ffffffffffffffff)")" "403 refused; reason=unknown_key"
check "another site's token: wrong_site" eq "$(sso "$(mint --site other-site)")" "403 refused; reason=wrong_site"
check "expired: expired" eq "$(sso "$(mint --iat $(($(date +%s) - 61)))")" "403 refused; reason=expired"
check "iat 10 s ahead: expired" eq "$(sso "$(mint --iat $(($(date +%s) + 10)))")" "403 refused; reason=expired"
check "valid for 61 s: expired" eq "$(sso "$(mint --ttl 61)")" "403 refused; reason=expired"
check "another staff member's user: wrong_user" eq "$(sso "$($TOKEN mint "$KEY" --site "$site_id" --aud "$URL" --staff $((staff + 1)) --sub "sitefleet-$staff")")" "403 refused; reason=wrong_user"
check "the site's admin user: wrong_user" eq "$(sso "$(mint --sub admin)")" "403 refused; reason=wrong_user"
check "role subscriber: malformed" eq "$(sso "$(mint --role subscriber)")" "403 refused; reason=malformed"
check "not a token: malformed" eq "$(sso 'not-a-token')" "403 refused; reason=malformed"
check "a GET is refused: malformed" eq "$(curl -s -o /dev/null -D - "$LOGIN&token=$token" | tr -d '\r' | sed -n 's/^X-Sitefleet-SSO: //ip')" "refused; reason=malformed"
check "an editor staff member gets an editor user" eq "$(sso "$($TOKEN mint "$KEY" --site "$site_id" --aud "$URL" --staff $((staff + 2)) --role editor)") $(curl -s -u "$AUTH" "$API/wp/v2/users?context=edit&slug=sitefleet-$((staff + 2))" | jq -r '.[0].roles[0]')" "302 ok editor"
check "the audit lists every attempt" eq "$(call GET "sitefleet/v1/sso/audit?after=$audit_after&limit=100" >/dev/null; body '[.items[] | .reason // .result] | join(",")')" \
  "ok,replayed,bad_signature,unknown_key,wrong_site,expired,expired,expired,wrong_user,wrong_user,malformed,malformed,malformed,ok"

wins_all=()
for ((r = 1; r <= SSO_ROUNDS; r++)); do
  t=$(mint)
  wins=$(seq "$SSO_PARALLEL" | xargs -P "$SSO_PARALLEL" -I{} curl -s -o /dev/null -D - -X POST --data-urlencode "token=$t" "$LOGIN" |
    tr -d '\r' | grep -c '^X-Sitefleet-SSO: ok$' || true)
  wins_all+=("$wins")
done
check "$SSO_PARALLEL parallel uses of one token, $SSO_ROUNDS rounds: exactly one ok each" eq "$(printf '%s\n' "${wins_all[@]}" | sort -u | tr '\n' ' ')" "1 "

"$HERE/up.sh" >/dev/null # back to the state up.sh leaves: the fixture plugin at 1.0.0
newcomer=$((staff + 3))
for ((k = 0; k < SSO_PARALLEL; k++)); do $TOKEN mint "$KEY" --site "$site_id" --aud "$URL" --staff "$newcomer"; done >"$WORK/tokens"
wins=$(xargs -P "$SSO_PARALLEL" -I{} curl -s -o /dev/null -D - -X POST --data-urlencode "token={}" "$LOGIN" <"$WORK/tokens" |
  tr -d '\r' | grep -c '^X-Sitefleet-SSO: ok$' || true)
check "$SSO_PARALLEL first logins at once of one new staff member: all ok, one user" \
  eq "$wins $(curl -s -u "$AUTH" "$API/wp/v2/users?context=edit&search=sitefleet-$newcomer" | jq length)" "$SSO_PARALLEL 1"

echo "$passed passed, $failed failed"
((failed == 0))
