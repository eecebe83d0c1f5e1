/** Saves a Blob through a temporary object URL and link click. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** CSV with a byte-order mark, so spreadsheet programs read UTF-8 correctly. */
export function csvBlob(csv: string): Blob {
  return new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
}
