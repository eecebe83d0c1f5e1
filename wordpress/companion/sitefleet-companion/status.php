<?php
/**
 * GET sitefleet/v1/status: real versions (core, PHP, database, theme), the update transients, and whether the
 * core files belong to the package manager. The version and core helpers are shared with the update routes.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Status
{
    public static function route_status()
    {
        $core_version = self::core_version();
        $override = Sitefleet_Companion_Generator::override();
        $key = get_option(Sitefleet_Companion_Sso::OPT_KEY);
        $site_id = get_option(Sitefleet_Companion_Sso::OPT_SITE_ID);
        $theme = wp_get_theme();
        return rest_ensure_response(array(
            'companion' => SITEFLEET_COMPANION_VERSION,
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
    public static function core_version()
    {
        $wp_version = null;
        include ABSPATH . WPINC . '/version.php';
        return is_string($wp_version) ? $wp_version : (string) get_bloginfo('version');
    }

    public static function core_update_offered($current)
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
    public static function core_managed_by()
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

    public static function load_admin()
    {
        require_once ABSPATH . 'wp-admin/includes/admin.php';
        require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    }

    private static function database_info()
    {
        global $wpdb;
        $raw = (string) $wpdb->get_var('SELECT VERSION()');
        $version = preg_match('/^(\d+\.\d+\.\d+)/', $raw, $m) ? $m[1] : $raw;
        return array('server' => stripos($raw, 'mariadb') !== false ? 'MariaDB' : 'MySQL', 'version' => $version);
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
}
