import { useLayoutEffect, useState, type RefObject } from 'react';

/** Tile geometry of the lobby grid (games.module.css reads the same numbers through style). */
export const GRID = {
  /** Narrowest tile: two columns at 360 px, six on a desktop lobby. */
  minTile: 150,
  gap: 12,
  /** Thumbnails are served 240 x 160 (3:2). */
  thumbRatio: 160 / 240,
  /** The name and vendor lines under the thumbnail. */
  info: 64,
  /** The tile's border (each side): the thumbnail is this much narrower than the column. */
  border: 1,
  /** Rows kept above and below the screen (≥ the image preload area of spec §9). */
  overscanRows: 4,
  /** Tiles before the grid is measured: four desktop rows, more than a phone's screen. */
  firstTiles: 24,
} as const;

export interface GridWindow {
  /** 0 until the grid has been measured (no layout, e.g. jsdom): then every item is rendered. */
  columns: number;
  rowHeight: number;
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

const same = (a: GridWindow, b: GridWindow) =>
  a.columns === b.columns &&
  a.rowHeight === b.rowHeight &&
  a.start === b.start &&
  a.end === b.end &&
  a.padTop === b.padTop &&
  a.padBottom === b.padBottom;

/** Columns and row height for a grid `width` px wide. */
export function gridGeometry(width: number) {
  const columns = Math.max(2, Math.floor((width + GRID.gap) / (GRID.minTile + GRID.gap)));
  const tile = (width - GRID.gap * (columns - 1)) / columns;
  // The tile's natural height, so a measured row is exactly as tall as the skeleton's (no shift).
  const thumb = (tile - 2 * GRID.border) * GRID.thumbRatio;
  return { columns, rowHeight: Math.round(thumb + GRID.info + 2 * GRID.border) };
}

/**
 * A windowed grid: only the rows on screen (and a few around them) are in the DOM, so a lobby
 * scrolled through thousands of games never holds thousands of tiles (issue 5). The rows above
 * and below become padding of the same height, so the scrollbar and the page stay as they were.
 */
export function useGridWindow(ref: RefObject<HTMLElement | null>, count: number): GridWindow {
  const [win, setWin] = useState<GridWindow>({
    columns: 0,
    rowHeight: 0,
    start: 0,
    // Before the first measure (the server's render, the first paint): a screenful or two.
    end: Math.min(count, GRID.firstTiles),
    padTop: 0,
    padBottom: 0,
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const width = el.clientWidth;
      let next: GridWindow;
      if (!width) {
        next = { columns: 0, rowHeight: 0, start: 0, end: count, padTop: 0, padBottom: 0 };
      } else {
        const { columns, rowHeight } = gridGeometry(width);
        const stride = rowHeight + GRID.gap;
        const rows = Math.ceil(count / columns);
        const top = el.getBoundingClientRect().top;
        const first = Math.min(rows, Math.max(0, Math.floor(-top / stride) - GRID.overscanRows));
        const last = Math.min(
          rows,
          Math.max(first, Math.ceil((window.innerHeight - top) / stride) + GRID.overscanRows),
        );
        next = {
          columns,
          rowHeight,
          start: first * columns,
          end: Math.min(count, last * columns),
          padTop: first * stride,
          padBottom: Math.max(0, (rows - last) * stride),
        };
      }
      setWin((prev) => (same(prev, next) ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    // Capture: a scrolling popup body moves the grid too (scroll events do not bubble).
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    ro?.observe(el);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      ro?.disconnect();
    };
  }, [ref, count]);

  return win;
}
