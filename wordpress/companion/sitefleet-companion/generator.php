<?php
/**
 * The public generator override: the version WordPress announces in pages and feeds, and the route that sets it.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Generator
{
    const OPT_GENERATOR = 'sitefleet_generator_override';
    const GENERATOR_TYPES = array('html', 'xhtml', 'atom', 'rss2', 'rdf', 'comment', 'export');

    public static function boot()
    {
        foreach (self::GENERATOR_TYPES as $type) {
            add_filter('get_the_generator_' . $type, array(__CLASS__, 'filter_generator'), 20, 2);
        }
    }

    /** The override in force, or null when there is none (or the stored value is not a version). */
    public static function override()
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
        $v = self::override();
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
            return Sitefleet_Companion_Rest::invalid('version', 'version must be digits and dots like 6.4.2, or "" to remove the override');
        }
        if ($version === '') {
            delete_option(self::OPT_GENERATOR);
        } else {
            update_option(self::OPT_GENERATOR, $version, true);
        }
        $override = self::override();
        return rest_ensure_response(array(
            'public' => $override !== null ? $override : Sitefleet_Companion_Status::core_version(),
            'override' => $override,
        ));
    }
}
