import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme';

describe('theme', () => {
  it('animates by default', () => {
    const t = createTheme(themeFor(false));
    expect(t.transitions.create('height')).toContain('height');
    expect(t.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(t.transitions.getAutoHeightDuration(300)).toBeGreaterThan(0);
    expect(t.components?.MuiButtonBase).toBeUndefined();
  });

  it('holds every transition still when reduced motion is asked for', () => {
    const t = createTheme(themeFor(true));
    expect(t.transitions.create(['height', 'opacity'], { duration: 300 })).toBe('none');
    expect(Object.values(t.transitions.duration).every((d) => d === 0)).toBe(true);
    expect(t.transitions.getAutoHeightDuration(300)).toBe(0);
    expect(t.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // The rest of the theme is the same.
    expect(t.palette.primary.main).toBe(createTheme(themeFor(false)).palette.primary.main);
  });
});
