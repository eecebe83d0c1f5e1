<?php
/**
 * Plugin Name: Sitefleet companion
 * Description: What Sitefleet needs beyond core REST: real versions, update transients, core and plugin updates,
 *              the public generator override, post statistics and the one-click admin login (Ed25519, one use).
 * Version:     1.0.0
 * Requires PHP: 7.4
 * License:     GPL-2.0-or-later
 *
 * A must-use plugin: copy (or link) this single file into wp-content/mu-plugins/. The contract with Sitefleet is
 * docs/wordpress.md in the Sitefleet repository. PHP 7.4 syntax, no extension beyond what WordPress itself needs
 * (php-mysql); Ed25519 comes from the sodium extension or WordPress's bundled sodium_compat.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion
{
    const VERSION = '1.0.0';
    const NS = 'sitefleet/v1';
    const OPT_GENERATOR = 'sitefleet_generator_override';
    const OPT_KEY = 'sitefleet_sso_key';
    const OPT_SITE_ID = 'sitefleet_site_id';
    const OPT_DB = 'sitefleet_companion_db';
    const DB_VERSION = '1';
    const TOKEN_MAX_BYTES = 4096;
    const CLOCK_SKEW = 5;
    const TOKEN_MAX_LIFE = 60;
    const GENERATOR_TYPES = array('html', 'xhtml', 'atom', 'rss2', 'rdf', 'comment', 'export');

    public static function boot()
    {
        add_action('rest_api_init', array(__CLASS__, 'register_routes'));
        add_action('login_form_sitefleet_sso', array(__CLASS__, 'sso_login'));
        foreach (self::GENERATOR_TYPES as $type) {
            add_filter('get_the_generator_' . $type, array(__CLASS__, 'filter_generator'), 20, 2);
        }
    }

    // ---- REST routes ---------------------------------------------------------------------------------------

    public static function register_routes()
    {
        $routes = array(
            array('/status', 'GET', 'route_status'),
            array('/generator', 'POST', 'route_generator'),
            array('/core/update', 'POST', 'route_core_update'),
            array('/plugins/update', 'POST', 'route_plugin_update'),
            array('/plugins/install', 'POST', 'route_plugin_install'),
            array('/post-stats', 'GET', 'route_post_stats'),
            array('/sso/key', 'POST', 'route_sso_key'),
            array('/sso/audit', 'GET', 'route_sso_audit'),
        );
        foreach ($routes as $route) {
            register_rest_route(self::NS, $route[0], array(
                'methods' => $route[1],
                'callback' => array(__CLASS__, $route[2]),
                'permission_callback' => array(__CLASS__, 'can_manage'),
            ));
        }
    }

    public static function can_manage()
    {
        return current_user_can('manage_options');
    }

    private static function invalid($field, $message)
    {
        return new WP_Error('sitefleet_invalid', $message, array('status' => 400, 'params' => array($field => $message)));
    }

    public static function route_status()
    {
        $core_version = self::core_version();
        $override = self::generator_override();
        $key = get_option(self::OPT_KEY);
        $site_id = get_option(self::OPT_SITE_ID);
        $theme = wp_get_theme();
        return rest_ensure_response(array(
            'companion' => self::VERSION,
            'site_id' => is_string($site_id) && $site_id !== '' ? $site_id : null,
            'home' => untrailingslashit(home_url()),
            'core' => array(
                'version' => $core_version,
                'update' => self::core_update_offered($core_version),
                'managed_by' => self::core_managed_by(),
            ),
            'php' => PHP_VERSION,
            'database' => self::database_info(),
            'theme' => array(
                'stylesheet' => $theme->get_stylesheet(),
                'name' => (string) $theme->get('Name'),
                'version' => (string) $theme->get('Version'),
            ),
            'generator' => array('public' => $override !== null ? $override : $core_version, 'override' => $override),
            'updates' => array('plugins' => self::plugin_updates(), 'themes' => self::theme_updates()),
            'sso' => array('key_id' => is_array($key) && isset($key['key_id']) ? (string) $key['key_id'] : null),
        ));
    }

    /** The version in wp-includes/version.php, read in a scope of its own so no plugin's change of the global counts. */
    private static function core_version()
    {
        $wp_version = null;
        include ABSPATH . WPINC . '/version.php';
        return is_string($wp_version) ? $wp_version : (string) get_bloginfo('version');
    }

    private static function core_update_offered($current)
    {
        $transient = get_site_transient('update_core');
        $best = null;
        if (is_object($transient) && isset($transient->updates) && is_array($transient->updates)) {
            foreach ($transient->updates as $offer) {
                if (!is_object($offer) || !isset($offer->response, $offer->current) || $offer->response !== 'upgrade') {
                    continue;
                }
                $version = (string) $offer->current;
                if (version_compare($version, $current, '>') && ($best === null || version_compare($version, $best, '>'))) {
                    $best = $version;
                }
            }
        }
        return $best;
    }

    /** "package-manager" when the core files belong to Debian's wordpress package (dpkg lists version.php), else null. */
    private static function core_managed_by()
    {
        $root = realpath(ABSPATH);
        $list = '/var/lib/dpkg/info/wordpress.list';
        if ($root === false || !@is_readable($list)) {
            return null;
        }
        $needle = rtrim($root, '/') . '/wp-includes/version.php';
        $lines = @file($list, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES);
        return is_array($lines) && in_array($needle, $lines, true) ? 'package-manager' : null;
    }

    private static function database_info()
    {
        global $wpdb;
        $raw = (string) $wpdb->get_var('SELECT VERSION()');
        $version = preg_match('/^(\d+\.\d+\.\d+)/', $raw, $m) ? $m[1] : $raw;
        return array('server' => stripos($raw, 'mariadb') !== false ? 'MariaDB' : 'MySQL', 'version' => $version);
    }

    private static function load_admin()
    {
        require_once ABSPATH . 'wp-admin/includes/admin.php';
        require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    }

    private static function plugin_updates()
    {
        self::load_admin();
        $transient = get_site_transient('update_plugins');
        $installed = get_plugins();
        $out = array();
        if (is_object($transient) && isset($transient->response) && is_array($transient->response)) {
            foreach ($transient->response as $file => $offer) {
                $offer = (object) $offer;
                $version = isset($installed[$file]) ? $installed[$file]['Version']
                    : (isset($transient->checked[$file]) ? $transient->checked[$file] : null);
                $out[] = array(
                    'plugin' => (string) $file,
                    'version' => $version === null ? null : (string) $version,
                    'new_version' => isset($offer->new_version) ? (string) $offer->new_version : null,
                );
            }
        }
        return $out;
    }

    private static function theme_updates()
    {
        $transient = get_site_transient('update_themes');
        $out = array();
        if (is_object($transient) && isset($transient->response) && is_array($transient->response)) {
            foreach ($transient->response as $stylesheet => $offer) {
                $offer = (array) $offer;
                $theme = wp_get_theme($stylesheet);
                $version = $theme->exists() ? $theme->get('Version')
                    : (isset($transient->checked[$stylesheet]) ? $transient->checked[$stylesheet] : null);
                $out[] = array(
                    'stylesheet' => (string) $stylesheet,
                    'version' => $version === null ? null : (string) $version,
                    'new_version' => isset($offer['new_version']) ? (string) $offer['new_version'] : null,
                );
            }
        }
        return $out;
    }

    // ---- generator -----------------------------------------------------------------------------------------

    private static function generator_override()
    {
        $value = get_option(self::OPT_GENERATOR, '');
        return is_string($value) && self::valid_version($value) ? $value : null;
    }

    private static function valid_version($value)
    {
        return is_string($value) && preg_match('/^\d{1,2}(?:\.\d{1,3}){1,2}\z/', $value) === 1;
    }

    public static function filter_generator($gen, $type)
    {
        $v = self::generator_override();
        if ($v === null || !is_string($gen) || $gen === '') {
            return $gen;
        }
        $feed_url = esc_url('https://wordpress.org/?v=' . $v);
        switch ($type) {
            case 'html':
                return '<meta name="generator" content="WordPress ' . esc_attr($v) . '">';
            case 'xhtml':
                return '<meta name="generator" content="WordPress ' . esc_attr($v) . '" />';
            case 'atom':
                return '<generator uri="https://wordpress.org/" version="' . esc_attr($v) . '">WordPress</generator>';
            case 'rss2':
                return '<generator>' . $feed_url . '</generator>';
            case 'rdf':
                return '<admin:generatorAgent rdf:resource="' . $feed_url . '" />';
            case 'comment':
                return '<!-- generator="WordPress/' . esc_attr($v) . '" -->';
            case 'export':
                return '<!-- generator="WordPress/' . esc_attr($v) . '" created="' . gmdate('Y-m-d H:i') . '" -->';
        }
        return $gen;
    }

    public static function route_generator(WP_REST_Request $request)
    {
        $version = $request->get_param('version');
        if (!is_string($version) || ($version !== '' && !self::valid_version($version))) {
            return self::invalid('version', 'version must be digits and dots like 6.4.2, or "" to remove the override');
        }
        if ($version === '') {
            delete_option(self::OPT_GENERATOR);
        } else {
            update_option(self::OPT_GENERATOR, $version, true);
        }
        $override = self::generator_override();
        return rest_ensure_response(array(
            'public' => $override !== null ? $override : self::core_version(),
            'override' => $override,
        ));
    }

    // ---- updates -------------------------------------------------------------------------------------------

    private static function prepare_upgrade()
    {
        self::load_admin();
        if (!defined('FS_METHOD')) {
            define('FS_METHOD', 'direct');
        }
        if (!WP_Filesystem()) {
            return new WP_Error('sitefleet_update_failed', 'the site cannot write its own files', array('status' => 502));
        }
        return true;
    }

    /** The first error an upgrader run left (its result, the skin's errors), or null when it succeeded. */
    private static function upgrade_error($result, WP_Ajax_Upgrader_Skin $skin, $what)
    {
        $message = null;
        if (is_wp_error($result)) {
            $message = $result->get_error_message();
        } elseif (is_wp_error($skin->result)) {
            $message = $skin->result->get_error_message();
        } elseif ($skin->get_errors()->has_errors()) {
            $message = $skin->get_error_messages();
        } elseif ($result === false || $result === null) {
            $message = $what . ' failed';
        }
        if ($message === null) {
            return null;
        }
        return new WP_Error('sitefleet_update_failed', wp_strip_all_tags((string) $message), array('status' => 502));
    }

    public static function route_core_update()
    {
        if (self::core_managed_by() !== null) {
            return new WP_Error(
                'sitefleet_core_managed',
                'WordPress core is managed by the package manager: update through the package manager',
                array('status' => 409)
            );
        }
        $from = self::core_version();
        $to = self::core_update_offered($from);
        if ($to === null) {
            return new WP_Error('sitefleet_not_found', 'no core update is offered', array('status' => 404));
        }
        $ready = self::prepare_upgrade();
        if (is_wp_error($ready)) {
            return $ready;
        }
        $offer = find_core_update($to, get_locale());
        if (!$offer) {
            $offer = find_core_update($to, 'en_US');
        }
        if (!$offer) {
            return new WP_Error('sitefleet_not_found', 'no core update is offered', array('status' => 404));
        }
        $skin = new WP_Ajax_Upgrader_Skin();
        $upgrader = new Core_Upgrader($skin);
        $result = $upgrader->upgrade($offer);
        $error = self::upgrade_error($result, $skin, 'core update');
        if ($error !== null) {
            return $error;
        }
        return rest_ensure_response(array('from' => $from, 'to' => is_string($result) ? $result : $to));
    }

    private static function plugin_version($file)
    {
        $path = WP_PLUGIN_DIR . '/' . $file;
        if (!is_file($path)) {
            return null;
        }
        $data = get_plugin_data($path, false, false);
        return (string) $data['Version'];
    }

    public static function route_plugin_update(WP_REST_Request $request)
    {
        $plugin = $request->get_param('plugin');
        if (!is_string($plugin) || !preg_match('#^[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)?\.php\z#', $plugin)
            || strpos($plugin, '..') !== false) {
            return self::invalid('plugin', 'plugin must be a plugin file like akismet/akismet.php');
        }
        $ready = self::prepare_upgrade();
        if (is_wp_error($ready)) {
            return $ready;
        }
        $from = self::plugin_version($plugin);
        if ($from === null) {
            return new WP_Error('sitefleet_not_found', 'the plugin is not installed', array('status' => 404));
        }
        $transient = get_site_transient('update_plugins');
        if (!is_object($transient) || !isset($transient->response[$plugin])) {
            return new WP_Error('sitefleet_not_found', 'no update is offered for this plugin', array('status' => 404));
        }
        // bulk_upgrade, as WordPress's own AJAX update does: upgrade() would deactivate the plugin for good.
        $skin = new WP_Ajax_Upgrader_Skin();
        $upgrader = new Plugin_Upgrader($skin);
        $results = $upgrader->bulk_upgrade(array($plugin));
        $result = is_array($results) && array_key_exists($plugin, $results) ? $results[$plugin] : false;
        $error = self::upgrade_error($result, $skin, 'plugin update');
        if ($error !== null) {
            return $error;
        }
        wp_clean_plugins_cache();
        $to = self::plugin_version($plugin);
        if ($to === null || $to === $from) {
            return new WP_Error('sitefleet_update_failed', 'the plugin is still at ' . $from . ' after the update', array('status' => 502));
        }
        return rest_ensure_response(array('plugin' => $plugin, 'from' => $from, 'to' => $to));
    }

    public static function route_plugin_install(WP_REST_Request $request)
    {
        $package = $request->get_param('package');
        $activate = $request->get_param('activate');
        if (!is_string($package) || !preg_match('#^https?://#i', $package) || esc_url_raw($package) !== $package) {
            return self::invalid('package', 'package must be the http(s) URL of a plugin zip');
        }
        if (is_string($activate) && in_array($activate, array('true', 'false', '1', '0'), true)) {
            $activate = in_array($activate, array('true', '1'), true);
        }
        if ($activate !== null && !is_bool($activate)) {
            return self::invalid('activate', 'activate must be true or false');
        }
        $ready = self::prepare_upgrade();
        if (is_wp_error($ready)) {
            return $ready;
        }
        $skin = new WP_Ajax_Upgrader_Skin();
        $upgrader = new Plugin_Upgrader($skin);
        $result = $upgrader->install($package);
        $error = self::upgrade_error($result, $skin, 'plugin install');
        if ($error !== null) {
            return $error;
        }
        $file = $upgrader->plugin_info();
        if (!is_string($file) || $file === '') {
            return new WP_Error('sitefleet_update_failed', 'the package holds no plugin', array('status' => 502));
        }
        wp_clean_plugins_cache();
        if ($activate === true) {
            $activated = activate_plugin($file);
            if (is_wp_error($activated)) {
                return new WP_Error('sitefleet_update_failed', wp_strip_all_tags($activated->get_error_message()), array('status' => 502));
            }
        }
        return rest_ensure_response(array('plugin' => $file, 'version' => self::plugin_version($file)));
    }

    // ---- post statistics -----------------------------------------------------------------------------------

    private static function int_param(WP_REST_Request $request, $name, $default, $min, $max)
    {
        $raw = $request->get_param($name);
        if ($raw === null || $raw === '') {
            return $default;
        }
        if (is_int($raw)) {
            $raw = (string) $raw;
        }
        if (!is_string($raw) || !preg_match('/^\d{1,9}\z/', $raw) || (int) $raw < $min || (int) $raw > $max) {
            return self::invalid($name, $name . ' must be a whole number from ' . $min . ' to ' . $max);
        }
        return (int) $raw;
    }

    public static function route_post_stats(WP_REST_Request $request)
    {
        global $wpdb;
        $page = self::int_param($request, 'page', 1, 1, 100000000);
        $per_page = self::int_param($request, 'per_page', 100, 1, 100);
        foreach (array($page, $per_page) as $value) {
            if (is_wp_error($value)) {
                return $value;
            }
        }
        $where = "post_type IN ('post', 'page') AND post_status NOT IN ('trash', 'auto-draft')";
        $total = (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->posts} WHERE $where");
        $rows = $wpdb->get_results($wpdb->prepare(
            "SELECT ID, post_content FROM {$wpdb->posts} WHERE $where ORDER BY ID ASC LIMIT %d OFFSET %d",
            $per_page,
            ($page - 1) * $per_page
        ));
        $own = self::own_hosts();
        $items = array();
        foreach ((array) $rows as $row) {
            $items[] = array(
                'id' => (int) $row->ID,
                'word_count' => self::word_count($row->post_content),
                'outbound_links' => self::outbound_links($row->post_content, $own),
            );
        }
        return rest_ensure_response(array('total' => $total, 'pages' => (int) ceil($total / $per_page), 'items' => $items));
    }

    /** Script, style, noscript and template elements and HTML comments: never words or links of the post. */
    private static function visible_html($content)
    {
        return (string) preg_replace('@<(script|style|noscript|template)\b[^>]*>.*?</\1\s*>|<!--.*?-->@si', ' ', (string) $content);
    }

    /** Words: runs between whitespace holding a letter or a digit, once tags and shortcode tags are gone. */
    private static function word_count($content)
    {
        $text = preg_replace('/<\/?[a-z][^>]*>/i', ' ', self::visible_html($content));
        $text = preg_replace('/\[\/?[a-z][\w-]*(?:\s[^\]]*)?\/?\]/i', ' ', (string) $text);
        $text = wp_check_invalid_utf8(self::decode_entities((string) $text), true);
        $count = 0;
        foreach (preg_split('/[\s\p{Zs}\x{2028}\x{2029}\x{FEFF}]+/u', $text, -1, PREG_SPLIT_NO_EMPTY) ?: array() as $token) {
            if (preg_match('/[\p{L}\p{N}]/u', $token)) {
                $count++;
            }
        }
        return $count;
    }

    /** Numeric entities and &amp; &lt; &gt; &quot; &apos; &nbsp;; any other named one is a symbol that joins its word. */
    private static function decode_entities($text)
    {
        return (string) preg_replace_callback('/&(#x[0-9a-f]+|#\d+|[a-z]+);/i', function ($m) {
            $ref = strtolower($m[1]);
            if ($ref[0] === '#') {
                $code = $ref[1] === 'x' ? hexdec(substr($ref, 2)) : (int) substr($ref, 1);
                if ($code <= 0 || $code > 0x10FFFF) {
                    return ' ';
                }
                $char = html_entity_decode('&#' . (int) $code . ';', ENT_QUOTES | ENT_HTML5, 'UTF-8');
                return strpos($char, '&') === 0 ? '' : $char; // a code point HTML does not allow joins its word
            }
            $named = array('amp' => '&', 'lt' => '<', 'gt' => '>', 'quot' => '"', 'apos' => "'", 'nbsp' => ' ');
            return isset($named[$ref]) ? $named[$ref] : '';
        }, $text);
    }

    private static function own_hosts()
    {
        $hosts = array();
        foreach (array(home_url(), site_url()) as $url) {
            $host = wp_parse_url($url, PHP_URL_HOST);
            if (is_string($host)) {
                $hosts[strtolower($host)] = true;
            }
        }
        return $hosts;
    }

    /** Links to another host: http(s) and protocol-relative hrefs whose host is not the site's (any port). */
    private static function outbound_links($content, array $own)
    {
        $count = 0;
        if (!preg_match_all('/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+))/i', self::visible_html($content), $matches, PREG_SET_ORDER)) {
            return 0;
        }
        foreach ($matches as $m) {
            $href = trim(self::decode_entities($m[1] . (isset($m[2]) ? $m[2] : '') . (isset($m[3]) ? $m[3] : '')));
            if (strpos($href, '//') === 0) {
                $href = 'http:' . $href;
            }
            if (!preg_match('#^https?://#i', $href)) {
                continue;
            }
            $host = wp_parse_url($href, PHP_URL_HOST);
            if (is_string($host) && $host !== '' && !isset($own[strtolower($host)])) {
                $count++;
            }
        }
        return $count;
    }

    // ---- SSO: key, audit -----------------------------------------------------------------------------------

    private static function b64url_decode($text)
    {
        if (!is_string($text) || $text === '' || !preg_match('/^[A-Za-z0-9_-]+\z/', $text)) {
            return false;
        }
        $b64 = strtr($text, '-_', '+/');
        $pad = strlen($b64) % 4;
        if ($pad === 1) {
            return false;
        }
        return base64_decode($pad ? $b64 . str_repeat('=', 4 - $pad) : $b64, true);
    }

    public static function route_sso_key(WP_REST_Request $request)
    {
        $key_id = $request->get_param('key_id');
        $public_key = $request->get_param('public_key');
        $site_id = $request->get_param('site_id');
        if (is_int($site_id)) {
            $site_id = (string) $site_id;
        }
        $raw = is_string($public_key) ? base64_decode($public_key, true) : false;
        if ($raw === false || strlen($raw) !== 32) {
            return self::invalid('public_key', 'public_key must be the base64 of the 32 raw bytes of an Ed25519 public key');
        }
        if (!is_string($key_id) || $key_id !== substr(hash('sha256', $raw), 0, 16)) {
            return self::invalid('key_id', 'key_id must be the first 16 hex characters of the SHA-256 of the public key');
        }
        if (!is_string($site_id) || !preg_match('/^[A-Za-z0-9_-]{1,64}\z/', $site_id)) {
            return self::invalid('site_id', 'site_id must be 1 to 64 letters, digits, "-" or "_"');
        }
        update_option(self::OPT_KEY, array('key_id' => $key_id, 'public_key' => base64_encode($raw)), false);
        update_option(self::OPT_SITE_ID, $site_id, false);
        return rest_ensure_response(array('key_id' => $key_id));
    }

    public static function route_sso_audit(WP_REST_Request $request)
    {
        global $wpdb;
        $after = self::int_param($request, 'after', 0, 0, PHP_INT_MAX);
        $limit = self::int_param($request, 'limit', 100, 1, 100);
        foreach (array($after, $limit) as $value) {
            if (is_wp_error($value)) {
                return $value;
            }
        }
        self::ensure_tables();
        $rows = $wpdb->get_results($wpdb->prepare(
            'SELECT id, at, jti, staff_id, user_login, result, reason, ip FROM ' . self::table('sso_audit')
                . ' WHERE id > %d ORDER BY id ASC LIMIT %d',
            $after,
            $limit
        ));
        $items = array();
        foreach ((array) $rows as $row) {
            $items[] = array(
                'id' => (int) $row->id,
                'at' => gmdate('Y-m-d\TH:i:s\Z', strtotime($row->at . ' UTC')),
                'jti' => $row->jti,
                'staff_id' => $row->staff_id === null ? null : (int) $row->staff_id,
                'user_login' => $row->user_login,
                'result' => $row->result,
                'reason' => $row->reason,
                'ip' => $row->ip,
            );
        }
        return rest_ensure_response(array('items' => $items));
    }

    private static function table($name)
    {
        global $wpdb;
        return $wpdb->prefix . 'sitefleet_' . $name;
    }

    /** Creates the token and audit tables once (CREATE TABLE IF NOT EXISTS is safe when two requests race). */
    private static function ensure_tables()
    {
        global $wpdb;
        if (get_option(self::OPT_DB) === self::DB_VERSION) {
            return;
        }
        $charset = $wpdb->get_charset_collate();
        $wpdb->query('CREATE TABLE IF NOT EXISTS ' . self::table('sso_tokens') . ' (
            jti VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
            exp BIGINT NOT NULL,
            used_at DATETIME NOT NULL,
            PRIMARY KEY (jti),
            KEY exp (exp)
        ) ' . $charset);
        $wpdb->query('CREATE TABLE IF NOT EXISTS ' . self::table('sso_audit') . ' (
            id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
            at DATETIME NOT NULL,
            jti VARCHAR(64) NULL,
            staff_id BIGINT NULL,
            user_login VARCHAR(60) NULL,
            result VARCHAR(8) NOT NULL,
            reason VARCHAR(32) NULL,
            ip VARCHAR(45) NULL,
            PRIMARY KEY (id)
        ) ' . $charset);
        update_option(self::OPT_DB, self::DB_VERSION, true);
    }

    // ---- SSO: the login (wp-login.php?action=sitefleet_sso, POST token) ----------------------------------------

    public static function sso_login()
    {
        self::ensure_tables();
        $claims = array();
        $outcome = self::sso_check($claims);
        $staff_id = isset($claims['staff']['id']) && is_int($claims['staff']['id']) ? $claims['staff']['id'] : null;
        $jti = isset($claims['jti']) && is_string($claims['jti']) ? substr($claims['jti'], 0, 64) : null;
        $login = isset($claims['sub']) && is_string($claims['sub']) ? substr($claims['sub'], 0, 60) : null;
        if (is_string($outcome)) {
            self::audit($jti, $staff_id, $login, 'refused', $outcome);
            self::refuse($outcome);
        }
        $user = $outcome;
        self::audit($jti, $staff_id, $user->user_login, 'ok', null);
        wp_set_current_user($user->ID);
        wp_set_auth_cookie($user->ID, false, is_ssl());
        do_action('wp_login', $user->user_login, $user);
        header('X-Sitefleet-SSO: ok');
        wp_safe_redirect(admin_url());
        exit;
    }

    /** Checks a token in the contract's order; answers the WP_User to log in or a refusal code. */
    private static function sso_check(array &$claims)
    {
        $method = isset($_SERVER['REQUEST_METHOD']) ? strtoupper((string) $_SERVER['REQUEST_METHOD']) : '';
        $token = isset($_POST['token']) ? wp_unslash($_POST['token']) : null;
        if ($method !== 'POST' || !is_string($token) || strlen($token) > self::TOKEN_MAX_BYTES) {
            return 'malformed';
        }
        $parts = explode('.', trim($token));
        if (count($parts) !== 2) {
            return 'malformed';
        }
        $json = self::b64url_decode($parts[0]);
        $signature = self::b64url_decode($parts[1]);
        if ($json === false || $signature === false) {
            return 'malformed';
        }
        $payload = json_decode($json, true, 8);
        if (!self::valid_claims($payload)) {
            if (is_array($payload)) {
                $claims = $payload;
            }
            return 'malformed';
        }
        $claims = $payload;
        $key = get_option(self::OPT_KEY);
        if (!is_array($key) || !isset($key['key_id'], $key['public_key']) || !hash_equals((string) $key['key_id'], $payload['kid'])) {
            return 'unknown_key';
        }
        $public_key = base64_decode((string) $key['public_key'], true);
        if (!self::verify($signature, $parts[0], $public_key)) {
            return 'bad_signature';
        }
        $site_id = get_option(self::OPT_SITE_ID);
        if (!is_string($site_id) || !hash_equals($site_id, $payload['site'])) {
            return 'wrong_site';
        }
        $now = time();
        if ($payload['exp'] < $now || $payload['iat'] > $now + self::CLOCK_SKEW || $payload['exp'] - $payload['iat'] > self::TOKEN_MAX_LIFE) {
            return 'expired';
        }
        $staff = $payload['staff'];
        $login = 'sitefleet-' . $staff['id'];
        if ($payload['sub'] !== $login) {
            return 'wrong_user';
        }
        $owner = self::locked($login, function () use ($login, $staff) {
            return self::owned_user($login, $staff);
        });
        if (is_string($owner)) {
            return $owner;
        }
        $used = self::use_jti($payload['jti'], $payload['exp']);
        if ($used !== true) {
            return $used;
        }
        return self::locked($login, function () use ($login, $staff) {
            $user = self::owned_user($login, $staff);
            if ($user === null) {
                $user = self::create_user($login, $staff);
            }
            if (!is_string($user) && (!in_array($staff['role'], (array) $user->roles, true) || count((array) $user->roles) !== 1)) {
                $user->set_role($staff['role']); // the role follows the token: Sitefleet's rule decides it
            }
            return $user;
        });
    }

    /**
     * Runs $work holding a database lock named after the login. wp_users has no unique key on user_login: the
     * lock keeps two first logins of one staff member at once from making two users, or one of them from seeing
     * the other's half-made user.
     */
    private static function locked($login, $work)
    {
        global $wpdb;
        $lock = 'sitefleet_sso_' . $login;
        if ((string) $wpdb->get_var($wpdb->prepare('SELECT GET_LOCK(%s, 10)', $lock)) !== '1') {
            return 'unavailable';
        }
        try {
            return $work();
        } finally {
            $wpdb->query($wpdb->prepare('SELECT RELEASE_LOCK(%s)', $lock));
        }
    }

    /** The staff member's WordPress user, null when there is none yet, 'wrong_user' when it is someone else's. */
    private static function owned_user($login, array $staff)
    {
        $user = get_user_by('login', $login);
        if (!$user) {
            return null;
        }
        return (string) get_user_meta($user->ID, 'sitefleet_staff_id', true) === (string) $staff['id'] ? $user : 'wrong_user';
    }

    private static function valid_claims($p)
    {
        if (!is_array($p) || !isset($p['v'], $p['kid'], $p['site'], $p['aud'], $p['sub'], $p['staff'], $p['iat'], $p['exp'], $p['jti'])) {
            return false;
        }
        $s = $p['staff'];
        return $p['v'] === 1 && is_string($p['kid']) && is_string($p['site']) && is_string($p['aud']) && is_string($p['sub'])
            && is_int($p['iat']) && is_int($p['exp']) && is_string($p['jti']) && preg_match('/^[A-Za-z0-9_-]{16,64}\z/', $p['jti'])
            && is_array($s) && isset($s['id'], $s['role']) && is_int($s['id']) && $s['id'] > 0
            && in_array($s['role'], array('administrator', 'editor'), true)
            && (!isset($s['email']) || is_string($s['email'])) && (!isset($s['name']) || is_string($s['name']));
    }

    private static function verify($signature, $signed, $public_key)
    {
        if (!is_string($public_key) || strlen($public_key) !== 32 || strlen($signature) !== 64) {
            return false;
        }
        if (!function_exists('sodium_crypto_sign_verify_detached')) {
            require_once ABSPATH . WPINC . '/sodium_compat/autoload.php';
        }
        try {
            return sodium_crypto_sign_verify_detached($signature, $signed, $public_key);
        } catch (Throwable $e) {
            return false;
        }
    }

    /** One use: only the INSERT that creates the row wins; a duplicate key is a replay, whatever the timing. */
    private static function use_jti($jti, $exp)
    {
        global $wpdb;
        $table = self::table('sso_tokens');
        $suppress = $wpdb->suppress_errors(true);
        $inserted = $wpdb->query($wpdb->prepare(
            "INSERT INTO $table (jti, exp, used_at) VALUES (%s, %d, %s)",
            $jti,
            $exp,
            gmdate('Y-m-d H:i:s')
        ));
        $error = (string) $wpdb->last_error;
        $wpdb->suppress_errors($suppress);
        if ($inserted === 1) {
            // Tokens past their expiry are refused before this point, so their rows can go.
            $wpdb->query($wpdb->prepare("DELETE FROM $table WHERE exp < %d", time() - 3600));
            return true;
        }
        return stripos($error, 'duplicate') !== false ? 'replayed' : 'unavailable';
    }

    /** A new WordPress user for the staff member, with the token's role and the sitefleet_staff_id meta. */
    private static function create_user($login, array $staff)
    {
        $fields = array(
            'user_login' => $login,
            'user_pass' => wp_generate_password(40, true, true),
            'user_email' => isset($staff['email']) && is_email($staff['email']) ? $staff['email'] : '',
            'display_name' => isset($staff['name']) ? sanitize_text_field($staff['name']) : $login,
            'role' => $staff['role'],
            'meta_input' => array('sitefleet_staff_id' => (string) $staff['id']),
        );
        $id = wp_insert_user($fields);
        if (is_wp_error($id) && $id->get_error_code() === 'existing_user_email') {
            $fields['user_email'] = ''; // the address belongs to another user of the site: it stays theirs
            $id = wp_insert_user($fields);
        }
        $user = is_wp_error($id) ? false : get_user_by('id', $id);
        return $user ? $user : 'unavailable';
    }

    private static function audit($jti, $staff_id, $login, $result, $reason)
    {
        global $wpdb;
        $ip = isset($_SERVER['REMOTE_ADDR']) ? filter_var(wp_unslash($_SERVER['REMOTE_ADDR']), FILTER_VALIDATE_IP) : false;
        $suppress = $wpdb->suppress_errors(true);
        $wpdb->insert(self::table('sso_audit'), array(
            'at' => gmdate('Y-m-d H:i:s'),
            'jti' => $jti !== null ? preg_replace('/[^A-Za-z0-9_-]/', '', $jti) : null,
            'staff_id' => $staff_id,
            'user_login' => $login !== null ? sanitize_user($login, true) : null,
            'result' => $result,
            'reason' => $reason,
            'ip' => $ip === false ? null : $ip,
        ), array('%s', '%s', '%d', '%s', '%s', '%s', '%s'));
        $wpdb->suppress_errors($suppress);
    }

    private static function refuse($reason)
    {
        $messages = array(
            'malformed' => 'The login link is not a valid Sitefleet token.',
            'unknown_key' => 'The login link was signed with a key this site does not know.',
            'bad_signature' => 'The login link does not carry a valid signature.',
            'wrong_site' => 'The login link is for another site.',
            'expired' => 'The login link has expired. Ask Sitefleet for a new one.',
            'wrong_user' => 'The login link names a user that belongs to someone else.',
            'replayed' => 'The login link has already been used. Ask Sitefleet for a new one.',
            'unavailable' => 'The site could not record the login. Try again.',
        );
        header('X-Sitefleet-SSO: refused; reason=' . preg_replace('/[^a-z_]/', '', $reason));
        nocache_headers();
        wp_die(
            '<h1>' . esc_html__('Sitefleet login refused') . '</h1><p>' . esc_html($messages[$reason]) . '</p>',
            esc_html__('Sitefleet login refused'),
            array('response' => 403)
        );
    }
}

Sitefleet_Companion::boot();
