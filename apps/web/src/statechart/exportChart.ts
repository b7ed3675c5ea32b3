import { toMermaid, toSvg } from '@app/statechart-tools';
import type { AnyStateMachine } from 'xstate';
import type { ChartView } from './views.ts';

function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The view as the standalone SVG `pnpm statechart` writes (same writer, same picture). */
export function viewSvg(view: ChartView): string {
  return toSvg(view.graph, view.layout, { title: view.title, description: view.description });
}

export function downloadSvg(view: ChartView) {
  download(`${view.file}.svg`, new Blob([viewSvg(view)], { type: 'image/svg+xml' }));
}

/** The machine as the Mermaid file `pnpm statechart` writes (`onboarding.mmd`, `membership.mmd`). */
export function downloadMermaid(machine: AnyStateMachine) {
  download(`${machine.id}.mmd`, new Blob([toMermaid(machine)], { type: 'text/plain' }));
}

/** The SVG drawn onto a canvas at twice its size, as a PNG. */
export async function downloadPng(view: ChartView): Promise<void> {
  const url = URL.createObjectURL(new Blob([viewSvg(view)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = view.layout.width * scale;
    canvas.height = view.layout.height * scale;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2D canvas');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (png === null) throw new Error('the PNG could not be made');
    download(`${view.file}.png`, png);
  } finally {
    URL.revokeObjectURL(url);
  }
}
