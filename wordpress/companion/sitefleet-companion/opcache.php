<?php
/**
 * GET sitefleet/v1/opcache: OpCache's figures for the PHP pool that serves this site, from opcache_get_status(false)
 * and opcache_get_configuration() (RunCloud's API has no OpCache endpoint). Read only; no script list is sent.
 * Memory figures are bytes, times epoch seconds; "available" false means the extension is missing, its functions
 * are disabled or opcache.restrict_api keeps this site out; "enabled" false means it does not cache for this SAPI.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Opcache
{
    public static function route_opcache()
    {
        $base = array(
            'available' => false,
            'enabled' => false,
            'reason' => null,
            'php' => PHP_VERSION,
            'sapi' => PHP_SAPI,
            'memory' => null,
            'statistics' => null,
            'configuration' => null,
        );
        if (!extension_loaded('Zend OPcache')) {
            $base['reason'] = 'The Zend OPcache extension is not loaded';
            return rest_ensure_response($base);
        }
        // PHP 8 removes a disabled function altogether; PHP 7.4 keeps it but it only warns.
        $disabled = array_map('trim', explode(',', (string) ini_get('disable_functions')));
        if (!function_exists('opcache_get_status') || in_array('opcache_get_status', $disabled, true)) {
            $base['reason'] = 'opcache_get_status is disabled (disable_functions)';
            return rest_ensure_response($base);
        }
        $base['configuration'] = self::configuration();
        // opcache_get_status answers false when caching is off for this SAPI or restrict_api excludes the script.
        $status = @opcache_get_status(false);
        if (!is_array($status)) {
            $restrict = (string) ini_get('opcache.restrict_api');
            $base['available'] = $restrict === '';
            $base['reason'] = $restrict !== ''
                ? 'opcache.restrict_api does not include this site'
                : 'OpCache is not enabled for ' . PHP_SAPI;
            return rest_ensure_response($base);
        }
        $memory = isset($status['memory_usage']) && is_array($status['memory_usage']) ? $status['memory_usage'] : array();
        $stats = isset($status['opcache_statistics']) && is_array($status['opcache_statistics'])
            ? $status['opcache_statistics'] : array();
        $base['available'] = true;
        $base['enabled'] = !empty($status['opcache_enabled']);
        if (!$base['enabled']) {
            $base['reason'] = 'OpCache is not enabled for ' . PHP_SAPI;
        }
        $base['memory'] = array(
            'used' => self::whole($memory, 'used_memory'),
            'free' => self::whole($memory, 'free_memory'),
            'wasted' => self::whole($memory, 'wasted_memory'),
            'wasted_percentage' => isset($memory['current_wasted_percentage'])
                ? round((float) $memory['current_wasted_percentage'], 4) : null,
        );
        $base['statistics'] = array(
            'hits' => self::whole($stats, 'hits'),
            'misses' => self::whole($stats, 'misses'),
            'hit_rate' => isset($stats['opcache_hit_rate']) ? round((float) $stats['opcache_hit_rate'], 4) : null,
            'cached_scripts' => self::whole($stats, 'num_cached_scripts'),
            'cached_keys' => self::whole($stats, 'num_cached_keys'),
            'max_cached_keys' => self::whole($stats, 'max_cached_keys'),
            'oom_restarts' => self::whole($stats, 'oom_restarts'),
            'hash_restarts' => self::whole($stats, 'hash_restarts'),
            'manual_restarts' => self::whole($stats, 'manual_restarts'),
            'start_time' => self::whole($stats, 'start_time'),
            'last_restart_time' => self::whole($stats, 'last_restart_time'),
        );
        return rest_ensure_response($base);
    }

    /** The directives that explain the figures; null when the configuration cannot be read. */
    private static function configuration()
    {
        $config = function_exists('opcache_get_configuration') ? @opcache_get_configuration() : false;
        if (!is_array($config) || !isset($config['directives']) || !is_array($config['directives'])) {
            return null;
        }
        $d = $config['directives'];
        return array(
            'memory_consumption' => self::whole($d, 'opcache.memory_consumption'),
            'max_accelerated_files' => self::whole($d, 'opcache.max_accelerated_files'),
            'validate_timestamps' => isset($d['opcache.validate_timestamps']) ? (bool) $d['opcache.validate_timestamps'] : null,
            'revalidate_freq' => self::whole($d, 'opcache.revalidate_freq'),
        );
    }

    private static function whole($array, $key)
    {
        return isset($array[$key]) && is_numeric($array[$key]) ? max(0, (int) $array[$key]) : null;
    }
}
