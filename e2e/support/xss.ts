import type { Locator, Page } from 'playwright-core';

/**
 * Classic cross-site scripting payloads, each setting window.__xss if it ever runs: script tags, event
 * handlers, javascript: and data: URLs, frames, SVG and MathML, mutation-XSS and broken-markup tricks.
 */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<SCRIPT>window.__xss=1</SCRIPT>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<img src=x onerror="window.__xss=1">',
  '<IMG SRC=x oNeRrOr=window.__xss=1>',
  '"><img src=x onerror=window.__xss=1>',
  '<img src="data:image/svg+xml,<svg onload=window.__xss=1>">',
  '<svg onload="window.__xss=1"></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<a href="javascript:window.__xss=1">js link</a>',
  '<a href="JaVaScRiPt:window.__xss=1">mixed case link</a>',
  '<a href="&#106;avascript:window.__xss=1">entity link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">data link</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<body onload="window.__xss=1">body</body>',
  '<details open ontoggle="window.__xss=1">details</details>',
  '<video><source onerror="window.__xss=1"></video>',
  '<audio src=x onerror="window.__xss=1"></audio>',
  '<input autofocus onfocus="window.__xss=1">',
  '<select autofocus onfocus="window.__xss=1"></select>',
  '<p onmouseover="window.__xss=1">hover me</p>',
  '<div style="background:url(javascript:window.__xss=1)">styled</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//"><a href="relative">base</a>',
  '<table background="javascript:window.__xss=1"><tr><td>cell</td></tr></table>',
] as const;

/** Elements that run or embed code anywhere in the page (the console's own icons are SVG, so not here). */
export const ACTIVE_TAGS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'style',
  'link',
];
/** What rendered rich text must never hold on top of that. */
export const RICH_TEXT_FORBIDDEN = [
  ...ACTIVE_TAGS,
  'svg',
  'math',
  'input',
  'select',
  'textarea',
  'video',
  'audio',
];

/** Whatever in `scope` could run code: such tags, on* attributes, script or data URLs. */
export async function executableIn(scope: Locator, tags: readonly string[] = ACTIVE_TAGS): Promise<string[]> {
  return scope.evaluateAll(
    (roots, forbidden) => {
      const found: string[] = [];
      for (const root of roots) {
        for (const el of [root, ...root.querySelectorAll('*')]) {
          const tag = el.tagName.toLowerCase();
          if (forbidden.includes(tag)) found.push(`<${tag}>`);
          for (const attr of el.attributes) {
            const value = attr.value.trim().toLowerCase();
            if (attr.name.toLowerCase().startsWith('on')) found.push(`${tag}[${attr.name}]`);
            if (/^(javascript|data|vbscript):/.test(value))
              found.push(`${tag}[${attr.name}=${value.slice(0, 20)}]`);
          }
        }
      }
      return found;
    },
    [...tags],
  );
}

/**
 * Waits until every image in the page has loaded or failed (an onerror payload would have run by then) and
 * two frames have been painted, so handlers triggered by hover or focus have had their turn.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Whether any payload ran in the page. */
export async function xssRan(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss !== undefined);
}
