// Saves a Blob made in the page as a file, the way a link with `download` would.

/** Offers `blob` to the visitor as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the next task; the URL would otherwise live on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Offers `text` as a UTF-8 CSV file named `fileName`. */
export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
