/**
 * The few icons list cells draw as plain SVG, on a 24-unit grid, filled with the even-odd rule (a shape
 * inside another is cut out of it): a checkbox, yes and no marks, "opens in a new tab", an error mark and
 * the admin-login shield. Drawn for this project, so that a 100-row list mounts no icon component per cell.
 */
const RING = 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm0 2a8 8 0 1 1 0 16a8 8 0 1 1 0-16z';
const BOX = 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z';

export const ICONS = {
  /** A filled box with the tick cut out. */
  checkBox: [`${BOX}m4.6 14.2 9.9-9.9-1.4-1.4-8.5 8.5-3.2-3.2-1.4 1.4z`],
  /** An empty box: its frame. */
  checkBoxBlank: [`${BOX}m.2 2v13.6h13.6V5.2z`],
  /** A ring with a tick inside. */
  checkCircleOutline: [`${RING}m-1.3 13.3 6.4-6.4-1.4-1.4-5 5-2.3-2.3-1.4 1.4z`],
  /** A ring with a bar inside. */
  removeCircleOutline: [`${RING}M7 11h10v2H7z`],
  /** A page with its top-right corner open and an arrow leaving through it. */
  openInNew: [
    'M5 3h7v2H5v14h14v-7h2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
    'M14 3h7v7h-2V6.4l-8.3 8.3-1.4-1.4L17.6 5H14z',
  ],
  /** A disc with an exclamation mark cut out. */
  error: ['M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm-1 4.5h2v7h-2zm0 9h2v2h-2z'],
  /** A shield outline with a person inside (the admin-login button). */
  admin: [
    'M12 2 4 5v6c0 5 3.4 9.4 8 11c4.6-1.6 8-6 8-11V5zm0 2.1 6 2.3V11c0 3.9-2.5 7.4-6 8.9c-3.5-1.5-6-5-6-8.9V6.4z',
    'M12 7.5a2.2 2.2 0 1 0 0 4.4a2.2 2.2 0 1 0 0-4.4z',
    'M8 16.5c.7-1.8 2.2-2.8 4-2.8s3.3 1 4 2.8z',
  ],
} as const;

export type IconPaths = readonly string[];
