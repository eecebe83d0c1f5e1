<?php
// Installs one Sitefleet test site from the command line (what wp-cli would do; it is not packaged in Debian).
// Called by scripts/wordpress/up.sh, never served: it refuses to run under a web server.
//   php provision.php install   -> installs WordPress, makes the Application Password, pretty permalinks,
//                                  activates the fixture plugin, adds a post with known statistics; prints JSON
// The site is picked by SITEFLEET_WP_HOST (Debian's wp-config.php reads /etc/wordpress/config-<host>.php);
// it also reads SITEFLEET_WP_TITLE, SITEFLEET_WP_ADMIN_USER, SITEFLEET_WP_ADMIN_PASSWORD.

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

function sitefleet_env($name)
{
    $value = getenv($name);
    if (!is_string($value) || $value === '') {
        fwrite(STDERR, "provision.php: $name is not set\n");
        exit(2);
    }
    return $value;
}

$command = isset($argv[1]) ? $argv[1] : '';
if ($command !== 'install') {
    fwrite(STDERR, "usage: php provision.php install\n");
    exit(2);
}

$_SERVER['HTTP_HOST'] = sitefleet_env('SITEFLEET_WP_HOST');
$_SERVER['SERVER_NAME'] = $_SERVER['HTTP_HOST'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
add_filter('pre_wp_mail', '__return_false'); // no mail server here: skip the "new site" mail
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

const SITEFLEET_FIXTURE = 'sitefleet-fixture/sitefleet-fixture.php';

function sitefleet_fail($what, $error)
{
    fwrite(STDERR, 'provision.php: ' . $what . ': ' . (is_wp_error($error) ? $error->get_error_message() : (string) $error) . "\n");
    exit(1);
}

if (is_blog_installed()) {
    sitefleet_fail('install', 'the site is installed already (up.sh --fresh drops it)');
}
$user = sitefleet_env('SITEFLEET_WP_ADMIN_USER');
$installed = wp_install(
    sitefleet_env('SITEFLEET_WP_TITLE'),
    $user,
    $user . '@example.com',
    true, // public: WordPress serves its sitemaps (wp-sitemap.xml) only on a site open to search engines
    '',
    wp_slash(sitefleet_env('SITEFLEET_WP_ADMIN_PASSWORD'))
);
$user_id = (int) $installed['user_id'];
if ($user_id < 1) {
    sitefleet_fail('install', 'no admin user');
}

update_option('permalink_structure', '/%postname%/');
update_option('blogdescription', 'A Sitefleet test site');
delete_option('rewrite_rules'); // rebuilt on the next request with the structure above

// Application Passwords need a user; they work over plain http because WP_ENVIRONMENT_TYPE is local.
$created = WP_Application_Passwords::create_new_application_password($user_id, array('name' => 'sitefleet'));
if (is_wp_error($created)) {
    sitefleet_fail('create the Application Password', $created);
}

$active = activate_plugin(SITEFLEET_FIXTURE);
if (is_wp_error($active)) {
    sitefleet_fail('activate the fixture plugin', $active);
}

// A post with known statistics: 8 words once tags and the shortcode go; 1 link to another host, 2 to this one.
$post = wp_insert_post(array(
    'post_title' => 'Fixture statistics',
    'post_name' => 'fixture-statistics',
    'post_status' => 'publish',
    'post_author' => $user_id,
    'post_content' => '<!-- wp:paragraph --><p>Nine words: one <a href="https://example.com/out">outside</a> link,'
        . ' <a href="' . esc_url(home_url('/in/')) . '">inside</a> and <a href="/relative">relative</a>.[gallery ids="1"]</p><!-- /wp:paragraph -->',
), true);
if (is_wp_error($post)) {
    sitefleet_fail('add the fixture post', $post);
}

echo json_encode(array('user_id' => $user_id, 'app_password' => $created[0], 'fixture_post' => $post)), "\n";
