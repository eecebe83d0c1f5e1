import { NOTIFICATION_IMAGE_TYPES } from '@sitefleet/shared';

/** What the file chooser offers (SPEC §5: gif, jpeg, jpg, png, svg). */
export const IMAGE_ACCEPT = [
  ...NOTIFICATION_IMAGE_TYPES.map((ext) => `.${ext}`),
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
].join(',');

export const IMAGE_TYPE_REFUSED = `Only ${NOTIFICATION_IMAGE_TYPES.join(', ')} images can be uploaded`;

/** Checked by name before uploading; the server checks the bytes and has the last word. */
export function isAcceptedImage(name: string): boolean {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext !== undefined && (NOTIFICATION_IMAGE_TYPES as readonly string[]).includes(ext);
}
