import type { Locator } from 'playwright-core';

/** The rich-text editor (tiptap) inside `scope`, once it has loaded. */
export function richTextEditor(scope: Locator): Locator {
  return scope.locator('.ProseMirror[contenteditable="true"]').first();
}

/** Types into the editor; `replace` selects everything first. */
export async function typeRichText(editor: Locator, text: string, replace = false) {
  await editor.waitFor();
  await editor.click();
  if (replace) await editor.press('ControlOrMeta+a');
  await editor.pressSequentially(text);
}
