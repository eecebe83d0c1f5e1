<?php
/**
 * Plugin Name: Sitefleet companion
 * Description: What Sitefleet needs beyond core REST: real versions, update transients, core and plugin updates,
 *              the public generator override, post statistics, the one-click admin login (Ed25519, one use)
 *              and OpCache's figures.
 * Version:     1.0.0
 * Requires PHP: 7.4
 * License:     GPL-2.0-or-later
 *
 * A must-use plugin: copy this loader and its folder sitefleet-companion/ into wp-content/mu-plugins/ (WordPress
 * loads the files at the top of mu-plugins only, so the parts in the folder load through this one). The contract
 * with Sitefleet is docs/wordpress.md in the Sitefleet repository. PHP 7.4 syntax, no extension beyond what
 * WordPress itself needs (php-mysql); Ed25519 comes from the sodium extension or WordPress's bundled sodium_compat.
 */

if (!defined('ABSPATH')) {
    exit;
}

const SITEFLEET_COMPANION_VERSION = '1.0.0';

// __DIR__ is the real folder even when this file is a symlink, so a linked loader still finds its parts.
require_once __DIR__ . '/sitefleet-companion/rest.php';
require_once __DIR__ . '/sitefleet-companion/status.php';
require_once __DIR__ . '/sitefleet-companion/generator.php';
require_once __DIR__ . '/sitefleet-companion/updates.php';
require_once __DIR__ . '/sitefleet-companion/post-stats.php';
require_once __DIR__ . '/sitefleet-companion/audit.php';
require_once __DIR__ . '/sitefleet-companion/sso.php';
require_once __DIR__ . '/sitefleet-companion/static-urls.php';
require_once __DIR__ . '/sitefleet-companion/opcache.php';

Sitefleet_Companion_Rest::boot();
Sitefleet_Companion_Sso::boot();
Sitefleet_Companion_Generator::boot();
