<?php
/**
 * The sitefleet/v1 routes, the one permission every route shares, and the parameter checks the routes share.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Rest
{
    const NS = 'sitefleet/v1';

    public static function boot()
    {
        add_action('rest_api_init', array(__CLASS__, 'register_routes'));
    }

    public static function register_routes()
    {
        $routes = array(
            array('/status', 'GET', array('Sitefleet_Companion_Status', 'route_status')),
            array('/generator', 'POST', array('Sitefleet_Companion_Generator', 'route_generator')),
            array('/core/update', 'POST', array('Sitefleet_Companion_Updates', 'route_core_update')),
            array('/plugins/update', 'POST', array('Sitefleet_Companion_Updates', 'route_plugin_update')),
            array('/plugins/install', 'POST', array('Sitefleet_Companion_Updates', 'route_plugin_install')),
            array('/post-stats', 'GET', array('Sitefleet_Companion_Post_Stats', 'route_post_stats')),
            array('/sso/key', 'POST', array('Sitefleet_Companion_Sso', 'route_sso_key')),
            array('/sso/audit', 'GET', array('Sitefleet_Companion_Audit', 'route_sso_audit')),
            array('/static-urls', 'GET', array('Sitefleet_Companion_Static_Urls', 'route_static_urls')),
            array('/opcache', 'GET', array('Sitefleet_Companion_Opcache', 'route_opcache')),
        );
        foreach ($routes as $route) {
            register_rest_route(self::NS, $route[0], array(
                'methods' => $route[1],
                'callback' => $route[2],
                'permission_callback' => array(__CLASS__, 'can_manage'),
            ));
        }
    }

    public static function can_manage()
    {
        return current_user_can('manage_options');
    }

    public static function invalid($field, $message)
    {
        return new WP_Error('sitefleet_invalid', $message, array('status' => 400, 'params' => array($field => $message)));
    }

    /** A whole-number query parameter from $min to $max, $default when absent, or the 400 error naming it. */
    public static function int_param(WP_REST_Request $request, $name, $default, $min, $max)
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
}
