<?php
/**
 * GET sitefleet/v1/post-stats: the word count and outbound links of every post and page, paged.
 */

if (!defined('ABSPATH')) {
    exit;
}

final class Sitefleet_Companion_Post_Stats
{
    public static function route_post_stats(WP_REST_Request $request)
    {
        global $wpdb;
        $page = Sitefleet_Companion_Rest::int_param($request, 'page', 1, 1, 100000000);
        $per_page = Sitefleet_Companion_Rest::int_param($request, 'per_page', 100, 1, 100);
        foreach (array($page, $per_page) as $value) {
            if (is_wp_error($value)) {
                return $value;
            }
        }
        $where = "post_type IN ('post', 'page') AND post_status NOT IN ('trash', 'auto-draft')";
        $total = (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->posts} WHERE $where");
        $rows = $wpdb->get_results($wpdb->prepare(
            "SELECT ID, post_content FROM {$wpdb->posts} WHERE $where ORDER BY ID ASC LIMIT %d OFFSET %d",
            $per_page,
            ($page - 1) * $per_page
        ));
        $own = self::own_hosts();
        $items = array();
        foreach ((array) $rows as $row) {
            $items[] = array(
                'id' => (int) $row->ID,
                'word_count' => self::word_count($row->post_content),
                'outbound_links' => self::outbound_links($row->post_content, $own),
            );
        }
        return rest_ensure_response(array('total' => $total, 'pages' => (int) ceil($total / $per_page), 'items' => $items));
    }

    /** Script, style, noscript and template elements and HTML comments: never words or links of the post. */
    private static function visible_html($content)
    {
        return (string) preg_replace('@<(script|style|noscript|template)\b[^>]*>.*?</\1\s*>|<!--.*?-->@si', ' ', (string) $content);
    }

    /** Words: runs between whitespace holding a letter or a digit, once tags and shortcode tags are gone. */
    private static function word_count($content)
    {
        $text = preg_replace('/<\/?[a-z][^>]*>/i', ' ', self::visible_html($content));
        $text = preg_replace('/\[\/?[a-z][\w-]*(?:\s[^\]]*)?\/?\]/i', ' ', (string) $text);
        $text = wp_check_invalid_utf8(self::decode_entities((string) $text), true);
        $count = 0;
        foreach (preg_split('/[\s\p{Zs}\x{2028}\x{2029}\x{FEFF}]+/u', $text, -1, PREG_SPLIT_NO_EMPTY) ?: array() as $token) {
            if (preg_match('/[\p{L}\p{N}]/u', $token)) {
                $count++;
            }
        }
        return $count;
    }

    /** Numeric entities and &amp; &lt; &gt; &quot; &apos; &nbsp;; any other named one is a symbol that joins its word. */
    private static function decode_entities($text)
    {
        return (string) preg_replace_callback('/&(#x[0-9a-f]+|#\d+|[a-z]+);/i', function ($m) {
            $ref = strtolower($m[1]);
            if ($ref[0] === '#') {
                $code = $ref[1] === 'x' ? hexdec(substr($ref, 2)) : (int) substr($ref, 1);
                if ($code <= 0 || $code > 0x10FFFF) {
                    return ' ';
                }
                $char = html_entity_decode('&#' . (int) $code . ';', ENT_QUOTES | ENT_HTML5, 'UTF-8');
                return strpos($char, '&') === 0 ? '' : $char; // a code point HTML does not allow joins its word
            }
            $named = array('amp' => '&', 'lt' => '<', 'gt' => '>', 'quot' => '"', 'apos' => "'", 'nbsp' => ' ');
            return isset($named[$ref]) ? $named[$ref] : '';
        }, $text);
    }

    private static function own_hosts()
    {
        $hosts = array();
        foreach (array(home_url(), site_url()) as $url) {
            $host = wp_parse_url($url, PHP_URL_HOST);
            if (is_string($host)) {
                $hosts[strtolower($host)] = true;
            }
        }
        return $hosts;
    }

    /** Links to another host: http(s) and protocol-relative hrefs whose host is not the site's (any port). */
    private static function outbound_links($content, array $own)
    {
        $count = 0;
        if (!preg_match_all('/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+))/i', self::visible_html($content), $matches, PREG_SET_ORDER)) {
            return 0;
        }
        foreach ($matches as $m) {
            $href = trim(self::decode_entities($m[1] . (isset($m[2]) ? $m[2] : '') . (isset($m[3]) ? $m[3] : '')));
            if (strpos($href, '//') === 0) {
                $href = 'http:' . $href;
            }
            if (!preg_match('#^https?://#i', $href)) {
                continue;
            }
            $host = wp_parse_url($href, PHP_URL_HOST);
            if (is_string($host) && $host !== '' && !isset($own[strtolower($host)])) {
                $count++;
            }
        }
        return $count;
    }
}
