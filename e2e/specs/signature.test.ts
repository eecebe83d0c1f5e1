import { describe, expect, it } from 'vitest';
import { Shell } from '../pages/Shell';
import { browserSuite } from '../support/fixture';

describe('signature generator', () => {
  const t = browserSuite({ signedIn: true });

  it('previews an escaped signature and copies it as HTML and plain text', async () => {
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await new Shell(t.page).openMenuEntry('Signature generator');
    expect(t.page.url()).toMatch(/#\/signature$/);
    await t.page.getByLabel('Name', { exact: true }).fill('Jane');
    await t.page.getByLabel('Surname').fill('<b>Doe</b>');
    await t.page.getByLabel('Role').fill('SEO Lead');
    await t.page.getByLabel('Mobile').fill('+31 6 1234 5678');
    await t.page.getByLabel('Skype').fill('jane.doe');
    const preview = t.page.getByTestId('signature-preview');
    expect(await preview.innerText()).toContain('Jane <b>Doe</b>');
    expect(await preview.locator('b').count()).toBe(0);

    await t.page.getByRole('button', { name: 'Copy signature' }).click();
    await t.page.getByText('Signature copied to clipboard').waitFor();
    const copied = await t.page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return {
        types: item ? [...item.types] : [],
        html: item ? await (await item.getType('text/html')).text() : '',
        text: item ? await (await item.getType('text/plain')).text() : '',
      };
    });
    expect(copied.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
    expect(copied.html).toContain('<table');
    expect(copied.html).toContain('&lt;b&gt;Doe&lt;/b&gt;');
    expect(copied.text.split('\n').slice(0, 2)).toEqual(['Jane <b>Doe</b>', 'SEO Lead']);
  });
});
