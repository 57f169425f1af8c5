/** Saves text the API sent as a file, the way a download link would. */
export function downloadText(filename: string, contentType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has the file.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
