import { describe, expect, it } from 'vitest';
import {
  gifDeclaring,
  jpegDeclaring,
  pngDeclaring,
  polyglotGif,
  polyglotJpeg,
  polyglotPng,
} from '../../../test/fixtures/images.js';
import { declaredSize } from './image-header.js';

describe('declaredSize', () => {
  it('reads the canvas of real PNG, JPEG and GIF files', async () => {
    expect(declaredSize(await polyglotPng(30, 20), 'png')).toEqual({ width: 30, height: 20, frames: 1 });
    // Stored 30 x 20; the orientation tag turns it only once decoded.
    expect(declaredSize(await polyglotJpeg(), 'jpg')).toEqual({ width: 30, height: 20, frames: 1 });
    expect(declaredSize(await polyglotGif(), 'gif')).toEqual({ width: 30, height: 20, frames: 3 });
  });

  it('reads what a bomb declares without decoding it', () => {
    expect(declaredSize(pngDeclaring(50_000, 50_000), 'png')).toEqual({
      width: 50_000,
      height: 50_000,
      frames: 1,
    });
    expect(declaredSize(jpegDeclaring(65_000, 60_000), 'jpg')).toEqual({
      width: 65_000,
      height: 60_000,
      frames: 1,
    });
    expect(declaredSize(gifDeclaring(65_535, 65_535, 1, 1), 'gif')).toMatchObject({
      width: 65_535,
      height: 65_535,
    });
  });

  it('grows a GIF canvas to a frame that reaches past the logical screen', () => {
    expect(declaredSize(gifDeclaring(1, 1, 65_535, 40_000), 'gif')).toEqual({
      width: 65_535,
      height: 40_000,
      frames: 1,
    });
  });

  it('answers null for a missing or malformed header', () => {
    expect(declaredSize(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), 'png')).toBeNull();
    expect(declaredSize(pngDeclaring(0, 10), 'png')).toBeNull();
    expect(declaredSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpg')).toBeNull();
    expect(declaredSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00]), 'jpg')).toBeNull();
    expect(declaredSize(Buffer.from('GIF89a', 'latin1'), 'gif')).toBeNull();
  });
});
