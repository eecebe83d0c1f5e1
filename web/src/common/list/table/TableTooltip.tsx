import { Box, Popper } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';

/** MUI's Tooltip delays: shown 100 ms after the pointer arrives, hidden as soon as it leaves. */
const ENTER_DELAY = 100;

const tooltipSx = (theme: Theme): SystemStyleObject<Theme> => ({
  backgroundColor: alpha(theme.palette.grey[700], 0.92),
  borderRadius: '4px',
  color: theme.palette.common.white,
  fontFamily: theme.typography.fontFamily,
  padding: '4px 8px',
  fontSize: theme.typography.pxToRem(11),
  maxWidth: 300,
  margin: '14px 2px 2px',
  wordWrap: 'break-word',
  fontWeight: theme.typography.fontWeightMedium,
  whiteSpace: 'pre-line',
});

interface Tip {
  anchor: HTMLElement;
  title: string;
}

const tipOf = (target: EventTarget | null, root: Element): HTMLElement | null => {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-tip]') : null;
  return el && root.contains(el) ? el : null;
};

export interface TableTooltip {
  /** Listeners for the table element: they find the `[data-tip]` element under the pointer or focus. */
  handlers: {
    onMouseOver: (event: MouseEvent<HTMLElement>) => void;
    onMouseOut: (event: MouseEvent<HTMLElement>) => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
  /** The one tooltip of the table, drawn like MUI's Tooltip below the element it belongs to. */
  tooltip: ReactNode;
}

/**
 * One tooltip for the whole table: the cells mark what has one with `data-tip="text"` and this shows it
 * when the pointer rests on the element or the keyboard focuses it, so a list of 100 rows mounts no
 * Tooltip (and its Popper) per cell. `reset` (the rows' data) hides it when the rows change.
 */
export function useTableTooltip(reset: unknown): TableTooltip {
  const [tip, setTip] = useState<Tip | null>(null);
  const wanted = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const want = useCallback((el: HTMLElement | null) => {
    if (el === wanted.current) return;
    const showing = wanted.current !== null;
    wanted.current = el;
    window.clearTimeout(timer.current);
    if (!el) {
      setTip(null);
      return;
    }
    const show = () => setTip(el.isConnected ? { anchor: el, title: el.dataset.tip ?? '' } : null);
    // from one tooltip straight to the next, as MUI's do (enterNextDelay 0); else after the enter delay
    if (showing) show();
    else timer.current = window.setTimeout(show, ENTER_DELAY);
  }, []);

  useEffect(() => {
    want(null);
  }, [reset, want]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handlers = useMemo(
    () => ({
      onMouseOver: (event: MouseEvent<HTMLElement>) => want(tipOf(event.target, event.currentTarget)),
      onMouseOut: (event: MouseEvent<HTMLElement>) => want(tipOf(event.relatedTarget, event.currentTarget)),
      onFocus: (event: FocusEvent<HTMLElement>) => {
        const el = tipOf(event.target, event.currentTarget);
        if (el?.matches(':focus-visible')) want(el);
      },
      onBlur: () => want(null),
    }),
    [want],
  );

  const tooltip = tip?.title ? (
    <Popper open anchorEl={tip.anchor} placement="bottom" sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}>
      <Box className="MuiTooltip-tooltip" sx={tooltipSx}>
        {tip.title}
      </Box>
    </Popper>
  ) : null;
  return { handlers, tooltip };
}
