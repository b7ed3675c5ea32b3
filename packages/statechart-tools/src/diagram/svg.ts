import { CHART_TEXT, type ChartLayout } from './geometry.ts';
import type { ChartGraph, EdgeStyle } from './graph.ts';
import { type SceneState, type SceneText, toChartScene } from './scene.ts';

/** Colours of the standalone SVG file (the web viewer takes its colours from the site theme). */
const INK = {
  text: '#1f2937',
  detail: '#4b5563',
  border: '#374151',
  region: '#6b7280',
  fill: '#ffffff',
  compoundFill: '#f3f4f6',
  edge: '#4b5563',
  label: '#1f2937',
  labelFill: '#ffffff',
} as const;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function text(part: SceneText, size: number, fill: string, weight?: number): string {
  const bold = weight === undefined ? '' : ` font-weight="${weight}"`;
  return `<text x="${part.at.x}" y="${part.at.y}" text-anchor="${part.anchor}" font-size="${size}" fill="${fill}"${bold}>${escapeXml(part.text)}</text>`;
}

function stateShape(state: SceneState): string[] {
  const { x, y, width, height } = state.box;
  const common = `x="${x}" y="${y}" width="${width}" height="${height}"`;
  const lines: string[] = [];
  switch (state.kind) {
    case 'machine':
      lines.push(`<rect ${common} rx="12" fill="none" stroke="${INK.border}" stroke-width="1.5"/>`);
      break;
    case 'region':
      lines.push(
        `<rect ${common} rx="8" fill="none" stroke="${INK.region}" stroke-dasharray="6 4"/>`,
      );
      break;
    case 'compound':
    case 'parallel':
      lines.push(`<rect ${common} rx="10" fill="${INK.compoundFill}" stroke="${INK.border}"/>`);
      break;
    case 'final':
      lines.push(`<rect ${common} rx="8" fill="${INK.fill}" stroke="${INK.border}"/>`);
      lines.push(
        `<rect x="${x + 3}" y="${y + 3}" width="${width - 6}" height="${height - 6}" rx="6" fill="none" stroke="${INK.border}"/>`,
      );
      break;
    case 'atomic':
      lines.push(`<rect ${common} rx="8" fill="${INK.fill}" stroke="${INK.border}"/>`);
      break;
  }
  lines.push(text(state.name, CHART_TEXT.nameSize, INK.text, 700));
  if (state.detail !== null) lines.push(text(state.detail, CHART_TEXT.detailSize, INK.detail));
  return lines;
}

/** Go back arrows are dashed, the hold running out dotted (the legend says so). */
const EDGE_DASH: Record<EdgeStyle | 'plain', string> = {
  plain: '',
  back: ' stroke-dasharray="6 4" stroke-opacity="0.6"',
  expiry: ' stroke-dasharray="2 3" stroke-opacity="0.6"',
};

export interface SvgOptions {
  title: string;
  description: string;
}

/** The chart as a standalone SVG document; the same graph and layout always give the same text. */
export function toSvg(graph: ChartGraph, layout: ChartLayout, options: SvgOptions): string {
  const scene = toChartScene(graph, layout);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${scene.width} ${scene.height}" width="${scene.width}" height="${scene.height}" role="img" aria-labelledby="chart-title chart-desc" font-family="${escapeXml(CHART_TEXT.fontFamily)}">`,
    `<title id="chart-title">${escapeXml(options.title)}</title>`,
    `<desc id="chart-desc">${escapeXml(options.description)}</desc>`,
    '<defs>',
    `<marker id="chart-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${INK.edge}"/></marker>`,
    '</defs>',
    `<rect width="${scene.width}" height="${scene.height}" fill="${INK.fill}"/>`,
  ];
  for (const state of scene.states) {
    out.push(`<g data-state="${escapeXml(state.id)}">`, ...stateShape(state), '</g>');
  }
  for (const initial of scene.initials) {
    out.push(
      `<g data-initial="${escapeXml(initial.id)}">`,
      `<circle cx="${initial.center.x}" cy="${initial.center.y}" r="${initial.radius}" fill="${INK.border}"/>`,
      `<path d="${initial.path}" fill="none" stroke="${INK.edge}" marker-end="url(#chart-arrow)"/>`,
      '</g>',
    );
  }
  for (const edge of scene.edges) {
    out.push(
      `<g data-edge="${escapeXml(edge.id)}">`,
      `<path d="${edge.path}" fill="none" stroke="${INK.edge}"${EDGE_DASH[edge.style ?? 'plain']} marker-end="url(#chart-arrow)"/>`,
    );
    if (edge.label !== null) {
      const { box } = edge.label;
      out.push(
        `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="3" fill="${INK.labelFill}" fill-opacity="0.85"/>`,
        text(
          { text: edge.label.text, at: edge.label.at, anchor: 'middle' },
          CHART_TEXT.detailSize,
          INK.label,
        ),
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
