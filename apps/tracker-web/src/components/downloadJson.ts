/**
 * Hands `data` to the browser as a JSON file to save. The answer was read through the API client
 * (so it is checked against its schema and a refusal shows as one), then given back as a file.
 */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
