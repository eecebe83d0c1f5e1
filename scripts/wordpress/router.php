<?php
// Router for `php -S` serving Debian's /usr/share/wordpress as one Sitefleet test site (scripts/wordpress/up.sh).
// What Apache does for Debian's package, done here per site:
//   /wp-content/...           static files from the site's own WP_CONTENT_DIR (PHP there is never run)
//   /sitefleet-fixtures/*.zip the plugin-update fixture packages built by up.sh
//   real files and folders    served by php -S itself (PHP scripts run, folders use their index.php)
//   everything else           WordPress's index.php (pretty permalinks, /wp-json/...)
// The site's folders come from the environment up.sh starts php -S with.

$path = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if (strpos($path, "\0") !== false || preg_match('#(^|/)\.\.(/|$)#', $path)) {
    http_response_code(400);
    return true;
}

$types = array(
    'css' => 'text/css', 'js' => 'text/javascript', 'json' => 'application/json', 'svg' => 'image/svg+xml',
    'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif', 'webp' => 'image/webp',
    'ico' => 'image/x-icon', 'woff' => 'font/woff', 'woff2' => 'font/woff2', 'ttf' => 'font/ttf', 'txt' => 'text/plain',
    'pdf' => 'application/pdf', 'zip' => 'application/zip', 'html' => 'text/html', 'xml' => 'application/xml',
);

function sitefleet_send_file($file, array $types)
{
    $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
    if (!is_file($file) || in_array($ext, array('php', 'phtml', 'phar'), true)) {
        http_response_code(404);
        echo 'Not Found';
        return;
    }
    header('Content-Type: ' . (isset($types[$ext]) ? $types[$ext] : 'application/octet-stream'));
    header('Content-Length: ' . filesize($file));
    header('X-Content-Type-Options: nosniff');
    readfile($file);
}

$content_dir = getenv('SITEFLEET_WP_CONTENT_DIR');
if (is_string($content_dir) && $content_dir !== '' && strpos($path, '/wp-content/') === 0) {
    sitefleet_send_file($content_dir . substr($path, strlen('/wp-content')), $types);
    return true;
}

$fixtures_dir = getenv('SITEFLEET_WP_FIXTURES_DIR');
if (is_string($fixtures_dir) && $fixtures_dir !== '' && preg_match('#^/sitefleet-fixtures/([A-Za-z0-9._-]+\.zip)$#', $path, $m)) {
    sitefleet_send_file($fixtures_dir . '/' . $m[1], $types);
    return true;
}

$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ($path !== '/' && (is_file($file) || (is_dir($file) && is_file(rtrim($file, '/') . '/index.php')))) {
    return false;
}

$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
chdir($_SERVER['DOCUMENT_ROOT']);
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
