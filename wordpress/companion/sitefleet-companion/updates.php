<?php
/**
 * Core and plugin updates and plugin installs through WordPress's own upgrader, with its errors as 502s.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Updates
{
    private static function prepare_upgrade()
    {
        Sitefleet_Companion_Status::load_admin();
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
        if (Sitefleet_Companion_Status::core_managed_by() !== null) {
            return new WP_Error(
                'sitefleet_core_managed',
                'WordPress core is managed by the package manager: update through the package manager',
                array('status' => 409)
            );
        }
        $from = Sitefleet_Companion_Status::core_version();
        $to = Sitefleet_Companion_Status::core_update_offered($from);
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
            return Sitefleet_Companion_Rest::invalid('plugin', 'plugin must be a plugin file like akismet/akismet.php');
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
            return Sitefleet_Companion_Rest::invalid('package', 'package must be the http(s) URL of a plugin zip');
        }
        if (is_string($activate) && in_array($activate, array('true', 'false', '1', '0'), true)) {
            $activate = in_array($activate, array('true', '1'), true);
        }
        if ($activate !== null && !is_bool($activate)) {
            return Sitefleet_Companion_Rest::invalid('activate', 'activate must be true or false');
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
}
