<?php
/**
 * GET sitefleet/v1/static-urls: every public URL a static copy of the site must hold, paged. Page 1 starts with
 * the site-wide ones (the home page, the feeds, every public term archive and its feed, every post type archive,
 * every author with published posts); every page lists published, not password-protected posts of the public
 * post types (attachments apart), each with its shortlink, and its comment feed when it takes or has comments.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Static_Urls
{
    public static function route_static_urls(WP_REST_Request $request)
    {
        $page = Sitefleet_Companion_Rest::int_param($request, 'page', 1, 1, 100000000);
        $per_page = Sitefleet_Companion_Rest::int_param($request, 'per_page', 500, 1, 1000);
        foreach (array($page, $per_page) as $value) {
            if (is_wp_error($value)) {
                return $value;
            }
        }
        $types = array_values(array_diff(get_post_types(array('public' => true)), array('attachment')));
        $query = new WP_Query(array(
            'post_type' => $types,
            'post_status' => 'publish',
            'has_password' => false,
            'posts_per_page' => $per_page,
            'paged' => $page,
            'orderby' => 'ID',
            'order' => 'ASC',
            'fields' => 'ids',
            'ignore_sticky_posts' => true,
            'suppress_filters' => true,
        ));
        $items = $page === 1 ? self::site_urls($types) : array();
        foreach ($query->posts as $id) {
            $id = (int) $id;
            $items[] = array(
                'url' => get_permalink($id),
                'kind' => get_post_type($id),
                'id' => $id,
                'shortlink' => wp_get_shortlink($id),
            );
            if (comments_open($id) || (int) get_comments_number($id) > 0) {
                $items[] = array('url' => get_post_comments_feed_link($id), 'kind' => 'feed');
            }
        }
        return rest_ensure_response(array(
            'total' => (int) $query->found_posts,
            'pages' => max(1, (int) $query->max_num_pages),
            'items' => $items,
        ));
    }

    private static function site_urls(array $types)
    {
        $items = array(
            array('url' => home_url('/'), 'kind' => 'home'),
            array('url' => get_feed_link(), 'kind' => 'feed'),
            array('url' => get_feed_link('comments_rss2'), 'kind' => 'feed'),
        );
        foreach ($types as $type) {
            $archive = get_post_type_archive_link($type);
            if (is_string($archive) && $archive !== '' && $type !== 'post') {
                $items[] = array('url' => $archive, 'kind' => 'archive');
            }
        }
        $taxonomies = array_values(get_taxonomies(array('public' => true)));
        $terms = get_terms(array('taxonomy' => $taxonomies, 'hide_empty' => true));
        if (!is_wp_error($terms)) {
            foreach ($terms as $term) {
                $link = get_term_link($term);
                if (!is_wp_error($link)) {
                    $items[] = array('url' => $link, 'kind' => 'term');
                    $items[] = array('url' => get_term_feed_link($term->term_id, $term->taxonomy), 'kind' => 'feed');
                }
            }
        }
        foreach (get_users(array('has_published_posts' => $types, 'fields' => 'ID')) as $author) {
            $items[] = array('url' => get_author_posts_url((int) $author), 'kind' => 'author');
        }
        return $items;
    }
}
