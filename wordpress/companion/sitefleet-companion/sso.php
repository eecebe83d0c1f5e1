<?php
/**
 * One-click admin login: the Sitefleet public key (POST sitefleet/v1/sso/key) and
 * wp-login.php?action=sitefleet_sso (POST token): Ed25519 verification, the one-time jti and the user mapping.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Sso
{
    const OPT_KEY = 'sitefleet_sso_key';
    const OPT_SITE_ID = 'sitefleet_site_id';
    const TOKEN_MAX_BYTES = 4096;
    const CLOCK_SKEW = 5;
    const TOKEN_MAX_LIFE = 60;

    public static function boot()
    {
        add_action('login_form_sitefleet_sso', array(__CLASS__, 'sso_login'));
    }

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
            return Sitefleet_Companion_Rest::invalid('public_key', 'public_key must be the base64 of the 32 raw bytes of an Ed25519 public key');
        }
        if (!is_string($key_id) || $key_id !== substr(hash('sha256', $raw), 0, 16)) {
            return Sitefleet_Companion_Rest::invalid('key_id', 'key_id must be the first 16 hex characters of the SHA-256 of the public key');
        }
        if (!is_string($site_id) || !preg_match('/^[A-Za-z0-9_-]{1,64}\z/', $site_id)) {
            return Sitefleet_Companion_Rest::invalid('site_id', 'site_id must be 1 to 64 letters, digits, "-" or "_"');
        }
        update_option(self::OPT_KEY, array('key_id' => $key_id, 'public_key' => base64_encode($raw)), false);
        update_option(self::OPT_SITE_ID, $site_id, false);
        return rest_ensure_response(array('key_id' => $key_id));
    }

    public static function sso_login()
    {
        Sitefleet_Companion_Audit::ensure_tables();
        $claims = array();
        $outcome = self::sso_check($claims);
        $staff_id = isset($claims['staff']['id']) && is_int($claims['staff']['id']) ? $claims['staff']['id'] : null;
        $jti = isset($claims['jti']) && is_string($claims['jti']) ? substr($claims['jti'], 0, 64) : null;
        $login = isset($claims['sub']) && is_string($claims['sub']) ? substr($claims['sub'], 0, 60) : null;
        if (is_string($outcome)) {
            Sitefleet_Companion_Audit::record($jti, $staff_id, $login, 'refused', $outcome);
            self::refuse($outcome);
        }
        $user = $outcome;
        Sitefleet_Companion_Audit::record($jti, $staff_id, $user->user_login, 'ok', null);
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
        $table = Sitefleet_Companion_Audit::table('sso_tokens');
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
