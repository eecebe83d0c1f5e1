<?php
/**
 * The companion's tables (one-time login tokens, the login audit) and GET sitefleet/v1/sso/audit.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Audit
{
    const OPT_DB = 'sitefleet_companion_db';
    const DB_VERSION = '1';

    public static function route_sso_audit(WP_REST_Request $request)
    {
        global $wpdb;
        $after = Sitefleet_Companion_Rest::int_param($request, 'after', 0, 0, PHP_INT_MAX);
        $limit = Sitefleet_Companion_Rest::int_param($request, 'limit', 100, 1, 100);
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

    /** A companion table: {prefix}sitefleet_{name}. */
    public static function table($name)
    {
        global $wpdb;
        return $wpdb->prefix . 'sitefleet_' . $name;
    }

    /** Creates the token and audit tables once (CREATE TABLE IF NOT EXISTS is safe when two requests race). */
    public static function ensure_tables()
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

    /** One row of the append-only login audit; a failure to write it never stops the answer. */
    public static function record($jti, $staff_id, $login, $result, $reason)
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
}
