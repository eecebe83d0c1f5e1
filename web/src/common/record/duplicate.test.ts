import { describe, expect, it } from 'vitest';
import { duplicateData } from './duplicate';

describe('duplicate (SPEC §7.1)', () => {
  it('drops id, created_by, created_at and suffixes the title with _2', () => {
    const record = {
      id: 1,
      created_by: 2,
      created_at: 3,
      updated_at: 4,
      version: 5,
      title: 'Post',
      body: 'b',
    };
    expect(duplicateData(record, 'title')).toEqual({ title: 'Post_2', body: 'b' });
  });

  it('uses the resource title field (roles: name)', () => {
    expect(duplicateData({ id: 1, name: 'IT', permissions: [1, 2] }, 'name')).toEqual({
      name: 'IT_2',
      permissions: [1, 2],
    });
  });

  it('leaves a missing title alone', () => {
    expect(duplicateData({ id: 1, body: 'x' }, 'title')).toEqual({ body: 'x' });
  });
});
