import type { Db } from '../../db/db.js';

/**
 * Uploaded notification images. Uploads are no declared resource (a 128-bit token is their only handle and
 * their bytes are never listed), so their SQL is direct. The bytes travel as base64 text on the embedded
 * database, whose own bytea conversion makes one JavaScript string per byte (hundreds of megabytes for a
 * 5 MB image); PostgreSQL's driver sends a Buffer as binary.
 */
export async function storeUpload(
  db: Db,
  upload: {
    token: string;
    contentType: string;
    bytes: Buffer;
    originalName: string;
    createdBy: number | null;
  },
): Promise<void> {
  const embedded = db.kind === 'pglite';
  await db.query(
    `INSERT INTO uploads (token, content_type, bytes, size, original_name, created_by)
     VALUES ($1, $2, ${embedded ? "decode($3, 'base64')" : '$3'}, $4, $5, $6)`,
    [
      upload.token,
      upload.contentType,
      embedded ? upload.bytes.toString('base64') : upload.bytes,
      upload.bytes.length,
      upload.originalName,
      upload.createdBy,
    ],
  );
}

export async function readUpload(
  db: Db,
  token: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const r = await db.query<{ content_type: string; data: string }>(
    `SELECT content_type, encode(bytes, 'base64') AS data FROM uploads WHERE token = $1`,
    [token],
  );
  const row = r.rows[0];
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') } : null;
}
