/**
 * Where each part of the chart graph sits, in absolute diagram units (the SVG's user units).
 * Written by `layoutChart` (ELK) and kept in `chart/onboarding.layout.json`, so that the SVG file
 * and the web viewer draw the same picture without shipping the layout engine to the browser.
 */
export interface ChartLayout {
  width: number;
  height: number;
  /** A box per state id (the machine included). */
  states: Record<string, Box>;
  /** Per compound state id: the initial dot and the arrow to the child entered first. */
  initials: Record<string, InitialMarker>;
  /** Per edge id: the arrow's route and its label's box. */
  edges: Record<string, EdgeRoute>;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface InitialMarker {
  dot: Box;
  points: Point[];
}

export interface EdgeRoute {
  points: Point[];
  label: Box | null;
}

/** Font sizes and the advance of one character: text is drawn in a monospace face. */
export const CHART_TEXT = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  nameSize: 15,
  detailSize: 12,
  /** Width of one character as a share of the font size (monospace faces are close to 0.6). */
  advance: 0.62,
  lineGap: 4,
} as const;

/** Inner margin of a state box, and the room its header (name, route) takes above the children. */
export const CHART_BOX = { padding: 14, header: 40 } as const;

export function textWidth(text: string, size: number): number {
  return Math.ceil(text.length * size * CHART_TEXT.advance);
}
